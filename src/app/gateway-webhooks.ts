import { DomainError } from '../domain/errors.ts';
import { runWrite } from '../db/write.ts';
import { sha256Hex } from '../platform/crypto.ts';
import type { AppContext } from './context.ts';
import { revokeByAuthorization } from './payment-methods.ts';

export interface WebhookReceipt {
  status: 'processed' | 'duplicate' | 'ignored';
  event: string;
}

/**
 * Payment-method revocations from the gateway (spec §6.2). The signature is checked over the exact
 * raw bytes before anything is parsed; a forged body changes nothing (401). The same delivery
 * twice is recognised by the digest of its bytes and applied once. Events we do not handle are
 * acknowledged (200) and change nothing, so the gateway stops retrying them.
 */
export async function receiveRevocationWebhook(
  ctx: AppContext,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookReceipt> {
  if (!rawBody || !ctx.gateway.verifyWebhookSignature(rawBody, signature)) {
    throw new DomainError('unauthenticated', 'Invalid or missing x-paystack-signature.');
  }
  const event = ctx.gateway.parseWebhook(rawBody);
  if (event.kind !== 'authorization.revoked')
    return { status: 'ignored', event: event.kind === 'unknown' ? event.name : event.kind };
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const recorded = await tx
      .insertInto('gateway_events')
      .values({
        digest: sha256Hex(rawBody),
        endpoint: 'payment-gateway',
        event: event.cause,
        received_at: now,
      })
      .onConflict((oc) => oc.column('digest').doNothing())
      .returning('digest')
      .executeTakeFirst();
    if (!recorded) return { status: 'duplicate', event: event.cause };
    let code = event.authorizationCode;
    if (!code && event.transactionReference) {
      // A dispute may name only the charge: find the method that charge was made with.
      const setup = await tx
        .selectFrom('payment_method_setups')
        .innerJoin(
          'payment_methods',
          'payment_methods.id',
          'payment_method_setups.payment_method_id',
        )
        .select('payment_methods.authorization_sealed')
        .where('payment_method_setups.reference', '=', event.transactionReference)
        .executeTakeFirst();
      code = setup ? ctx.secretBox.open(setup.authorization_sealed) : null;
    }
    if (code) await revokeByAuthorization(tx, code, event.cause, now);
    return { status: 'processed', event: event.cause };
  });
}
