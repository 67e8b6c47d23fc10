import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import type { GatewayEvent } from '../../gateway/port.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { settleCharge } from '../collections/index.ts';
import { disputeEventReceived } from '../disputes/index.ts';
import { applyTransferOutcome } from '../money/index.ts';
import { handleDirectDebitEvent, revokeByAuthorization } from '../payment-methods/index.ts';
import { refundEventReceived } from '../refunds/index.ts';
import { receiveTransfer } from '../transfers/index.ts';

/** Checks the signature over the exact raw bytes before anything is parsed (401 when forged). */
function verifiedEvent(
  ctx: AppContext,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): { body: Buffer; event: GatewayEvent } {
  if (!rawBody || !ctx.gateway.verifyWebhookSignature(rawBody, signature)) {
    throw new DomainError('unauthenticated', 'Invalid or missing x-paystack-signature.');
  }
  return { body: rawBody, event: ctx.gateway.parseWebhook(rawBody) };
}

type DisputeEvent = Extract<GatewayEvent, { dispute: unknown }>;

function isDisputeEvent(event: GatewayEvent): event is DisputeEvent {
  return 'dispute' in event;
}

export interface WebhookReceipt {
  status: 'processed' | 'duplicate' | 'ignored';
  event: string;
}

/** Which of the two addresses a delivery came in on (kept with its digest, for the operator). */
export type GatewayWebhookEndpoint = 'gateway' | 'payment-gateway';

/**
 * Every event the gateway sends, on either address (decision 0041). Paystack has one webhook URL
 * per mode and sends every event there, so both of the spec's addresses (§6.2:
 * `/api/v1/webhooks/gateway` for charges and transfers, `/api/v1/webhooks/payment-gateway` for
 * revocations) take every kind: configure either with Paystack and nothing is dropped. The
 * signature is checked over the exact raw bytes before anything is parsed (401 when forged). A
 * delivery is recognised by the digest of its bytes, whichever address it came in on. Events we
 * do not handle are acknowledged (200) and change nothing, so the gateway stops retrying them.
 */
export async function receiveGatewayEvent(
  ctx: AppContext,
  endpoint: GatewayWebhookEndpoint,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookReceipt> {
  const { body, event } = verifiedEvent(ctx, rawBody, signature);
  if (event.kind === 'authorization.revoked') return revoke(ctx, endpoint, body, event);
  // Disputes (decision 0069): confirmed with the gateway's Disputes API, then booked.
  if (isDisputeEvent(event)) return disputeEventReceived(ctx, endpoint, body, event);
  return lookNow(ctx, endpoint, body, event);
}

/**
 * A revocation is applied in the transaction that records its digest: the same delivery twice
 * (or once on each address) revokes once.
 */
async function revoke(
  ctx: AppContext,
  endpoint: GatewayWebhookEndpoint,
  body: Buffer,
  event: Extract<GatewayEvent, { kind: 'authorization.revoked' }>,
): Promise<WebhookReceipt> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const recorded = await tx
      .insertInto('gateway_events')
      .values({ digest: sha256Hex(body), endpoint, event: event.cause, received_at: now })
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

/**
 * Charges, transfers and refunds: the webhook only says "look now", and the gateway's verify
 * endpoint says what happened before any value is given. Settling is idempotent (only a pending
 * charge moves), so a duplicated or late event changes nothing twice; the body's digest is
 * recorded afterwards to tell the sender it was a duplicate.
 */
async function lookNow(
  ctx: AppContext,
  endpoint: GatewayWebhookEndpoint,
  body: Buffer,
  event: Exclude<GatewayEvent, { kind: 'authorization.revoked' } | DisputeEvent>,
): Promise<WebhookReceipt> {
  const name = event.kind === 'unknown' ? event.name : event.kind;
  if (
    event.kind === 'transfer.success' ||
    event.kind === 'transfer.failed' ||
    event.kind === 'transfer.reversed'
  ) {
    const payout = await ctx.db
      .selectFrom('payouts')
      .select('reference')
      .where('reference', '=', event.transfer.reference)
      .executeTakeFirst();
    if (payout) {
      const verified = await ctx.gateway.verifyTransfer(payout.reference).catch(() => null);
      if (verified) {
        await applyTransferOutcome(ctx, payout.reference, {
          status: verified.status,
          reason: verified.status === 'success' ? null : `transfer ${verified.status}`,
          transferCode: verified.transferCode,
        });
      }
    }
  }
  if (event.kind === 'charge.success') {
    const charge = await ctx.db
      .selectFrom('charges')
      .select(['reference', 'status'])
      .where('reference', '=', event.transaction.reference)
      .executeTakeFirst();
    if (charge?.status === 'pending') {
      const verified = await ctx.gateway.verifyTransaction(charge.reference).catch(() => null);
      // Unverifiable now: the collection job's own re-check settles it later.
      if (verified) await settleCharge(ctx, charge.reference, verified);
    } else if (!charge && event.transaction.channel === 'dedicated_nuban') {
      // A bank transfer into a customer's dedicated account (decision 0071): the reference is
      // the gateway's, never one of our charges. Value only on what verify says (amount,
      // account, success), never on the body; applied once per reference. Nothing re-checks
      // transfers later, so an unanswered verify is a 503 and the gateway sends the event again.
      const verified = await ctx.gateway
        .verifyTransaction(event.transaction.reference)
        .catch((error: unknown) => {
          throw new DomainError(
            'gateway_unavailable',
            `Transfer not verifiable yet: ${String(error)}`,
            {
              retryable: true,
            },
          );
        });
      if (verified) await receiveTransfer(ctx, verified);
    }
  }
  // Refunds: each part is fetched from the gateway by its id.
  if (event.kind === 'refund') await refundEventReceived(ctx, event.refund);
  // A Direct Debit mandate approved or now chargeable: also a cue, checked with the gateway.
  await handleDirectDebitEvent(ctx, event);
  const recorded = await ctx.db
    .insertInto('gateway_events')
    .values({ digest: sha256Hex(body), endpoint, event: name, received_at: ctx.clock.now() })
    .onConflict((oc) => oc.column('digest').doNothing())
    .returning('digest')
    .executeTakeFirst();
  if (!recorded) return { status: 'duplicate', event: name };
  const handled = event.kind !== 'unknown';
  return { status: handled ? 'processed' : 'ignored', event: name };
}
