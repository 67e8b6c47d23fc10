import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { PaymentMethodSetupRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, type ErrorCode, type VerificationChargeRefund } from '../../domain/errors.ts';
import { formatNaira } from '../../domain/naira.ts';
import { GatewayError } from '../../gateway/port.ts';
import { enqueue } from '../../jobs/enqueue.ts';

/*
 * The verification charge goes back on every path where the gateway took it (decision 0042): when
 * the method is saved, when Tranche refuses it after the gateway took the money (authorization not
 * reusable, another amount or currency, another customer's e-mail, no authorization, the setup's
 * hour over), and when the customer paid but never came back to verify (the sweep). One job does
 * all of it, `refund_verification_charge`, one per setup (job key `refund-verification:<ref>`).
 */

/** After the setup's hour (SETUP_LIFETIME_MS), how long before the sweep looks at it. */
export const SWEEP_GRACE_MS = 15 * 60_000;

const jobKey = (reference: string) => `refund-verification:${reference}`;

/**
 * The setups whose verification charge is a transaction of ours: cards (`pmc-`) and pay-with-bank
 * mandates (`pmb-`). A Direct Debit mandate's ₦50 is Paystack's, refunded by Paystack
 * (docs/gateway-protocol.md §15.3): no sweep, no refund. The same prefixes are in test/invariants.sql.
 */
export function chargesItsOwnVerification(reference: string): boolean {
  return reference.startsWith('pmc-') || reference.startsWith('pmb-');
}

/**
 * The sweep: added with the setup, to run SWEEP_GRACE_MS after it expires. If the method is saved
 * or refused first, queueVerificationRefund replaces it (same job key) with a refund due at once.
 */
export async function scheduleVerificationSweep(
  tx: Tx,
  reference: string,
  expiresAt: Date,
): Promise<void> {
  if (!chargesItsOwnVerification(reference)) return;
  await enqueue(
    tx,
    'refund_verification_charge',
    { reference },
    {
      jobKey: jobKey(reference),
      runAt: new Date(expiresAt.getTime() + SWEEP_GRACE_MS),
      maxAttempts: 25,
    },
  );
}

/**
 * Outbox: queues the refund of what the gateway took, in the caller's transaction, and records it
 * on the setup (the caller holds its row lock). Queued once: a second call changes nothing.
 */
export async function queueVerificationRefund(
  tx: Tx,
  reference: string,
  amountKobo: number,
  now: Date,
): Promise<void> {
  const recorded = await tx
    .updateTable('payment_method_setups')
    .set({ verification_refund_queued_at: now, verification_charge_kobo: amountKobo })
    .where('reference', '=', reference)
    .where('verification_refund_queued_at', 'is', null)
    .executeTakeFirst();
  if (recorded.numUpdatedRows === 0n) return;
  await enqueue(
    tx,
    'refund_verification_charge',
    { reference },
    { jobKey: jobKey(reference), maxAttempts: 25 },
  );
}

/** What a refused setup's answers say about its charge, once its refund is queued. */
export function verificationRefundNotice(
  setup: Pick<PaymentMethodSetupRow, 'verification_refund_queued_at' | 'verification_charge_kobo'>,
): VerificationChargeRefund | undefined {
  if (setup.verification_refund_queued_at === null || setup.verification_charge_kobo === null) {
    return undefined;
  }
  // Tranche asks for NGN only; a charge in another currency is refunded whole all the same.
  return { amount: setup.verification_charge_kobo, currency: 'NGN', status: 'refund_queued' };
}

/** The sentence every such answer ends with (docs/api.md, "Payment methods"). */
export function refundSentence(type: PaymentMethodSetupRow['type'], amountKobo: number): string {
  const what =
    amountKobo === 5_000 ? 'The ₦50 verification charge' : `The ${formatNaira(amountKobo)} taken`;
  return `${what} will be refunded to your ${type === 'card' ? 'card' : 'bank account'} automatically.`;
}

/** A refused setup's error, saying the charge comes back when it does. */
export function refusal(
  code: ErrorCode,
  detail: string,
  setup: Pick<
    PaymentMethodSetupRow,
    'type' | 'verification_refund_queued_at' | 'verification_charge_kobo'
  >,
): DomainError {
  const notice = verificationRefundNotice(setup);
  if (!notice) return new DomainError(code, detail);
  return new DomainError(code, `${detail} ${refundSentence(setup.type, notice.amount)}`, {
    verificationCharge: notice,
  });
}

/**
 * The gateway took the verification charge but Tranche refuses the method: the setup fails and the
 * refund is queued, in one transaction; the error says the money comes back. Shared by the card
 * and bank-mandate flows (and the sweep, which throws nothing).
 */
export async function refuseAndRefund(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  refused: { reason: string; detail: string; amountKobo: number; code?: ErrorCode },
): Promise<never> {
  const after = await recordRefusal(ctx, setup.reference, refused.reason, refused.amountKobo);
  throw refusal(refused.code ?? 'payment_failed', refused.detail, after);
}

async function recordRefusal(
  ctx: AppContext,
  reference: string,
  reason: string,
  amountKobo: number,
): Promise<PaymentMethodSetupRow> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const locked = await tx
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // A method saved meanwhile keeps its setup as it is (its refund was queued when it was saved).
    if (locked.status !== 'completed') {
      await tx
        .updateTable('payment_method_setups')
        .set({ status: 'failed', next_action: null, failure_reason: reason, updated_at: now })
        .where('reference', '=', reference)
        .execute();
    }
    await queueVerificationRefund(tx, reference, amountKobo, now);
    return tx
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
  });
}

export type VerificationRefundOutcome =
  'refunded' | 'already_refunded' | 'nothing_taken' | 'no_such_setup';

/**
 * The `refund_verification_charge` job. A setup whose refund is queued (saved or refused) gets its
 * charge back. Otherwise this is the sweep after the setup's hour: if the gateway took the charge
 * and nobody came back to verify it, the setup is refused and the charge refunded here and now.
 *
 * Idempotent: a refund the gateway already has (pending or processed) is not asked for again, and
 * a refund the gateway refuses because the charge is already reversed is done. A refund the gateway
 * refuses otherwise, or that times out, throws: the job is retried (25 attempts with back-off) and
 * nothing else is changed.
 */
export async function refundVerificationCharge(
  ctx: AppContext,
  reference: string,
): Promise<VerificationRefundOutcome> {
  const setup = await ctx.db
    .selectFrom('payment_method_setups')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (!setup) return 'no_such_setup';
  if (setup.verification_refund_queued_at === null) {
    const open =
      (setup.status === 'initializing' || setup.status === 'pending') &&
      setup.expires_at > ctx.clock.now();
    // Run before the setup's hour was over (a clock ahead of ours): the customer may still finish.
    if (open) throw new Error(`setup ${reference} is still open; the sweep runs after it expires`);
    const transaction = await ctx.gateway.verifyTransaction(reference);
    // Never paid (abandoned, declined, never started), or already given back.
    if (transaction?.status !== 'success') return 'nothing_taken';
    await recordRefusal(
      ctx,
      reference,
      setup.status === 'failed'
        ? (setup.failure_reason ?? 'declined')
        : 'not verified within the hour',
      transaction.amountKobo,
    );
  }
  const existing = await ctx.gateway.listRefunds(reference);
  if (existing.some((refund) => refund.status !== 'failed')) return 'already_refunded';
  try {
    await ctx.gateway.refund({
      transactionReference: reference,
      merchantNote: `Tranche verification charge ${reference}`,
    });
    return 'refunded';
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'rejected') {
      const transaction = await ctx.gateway.verifyTransaction(reference);
      if (transaction?.status === 'reversed') return 'already_refunded';
    }
    throw error;
  }
}
