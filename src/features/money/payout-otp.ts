import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { PayoutRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { GatewayError, type GatewayTransfer } from '../../gateway/port.ts';
import { type Operator, recordOperatorAction } from '../audit-log/index.ts';
import {
  applyTransferOutcome,
  applyTransferOutcomeIn,
  enqueuePayoutVerification,
} from './payouts.ts';
import type { PayoutAwaitingOtp } from './schemas.ts';

/**
 * Payouts on a gateway account that requires an OTP for transfers (issue 26 item 3, decision
 * 0043; docs/gateway-protocol.md §14). The gateway answers the transfer with `otp` and holds it;
 * the payout stays `in_transit` (its money already left "available") and is *awaiting OTP*:
 *
 *   in_transit, awaiting OTP --operator's OTP (finalize)--> in_transit --transfer.*--> paid | failed
 *                            --gateway abandons it (30 min, verify)--> failed (money back)
 *                            --30 min pass, gateway still holds it--> reported overdue, still awaiting
 *
 * Nothing is sent twice: the transfer exists once at the gateway under our reference (a retried
 * `send_payout` meets "Duplicate Transfer Reference" and verifies), finalizing names that one
 * transfer by its code, and a second finalize is refused by the gateway. The money comes back
 * only when the gateway says the transfer is final (abandoned or failed), never on our clock
 * alone: a late OTP given on the gateway's dashboard could still send it.
 */
export type PayoutAwaitingOtpView = Static<typeof PayoutAwaitingOtp>;

/** Paystack abandons a transfer left at `otp` this long (§7; not re-confirmed, §19). */
export const PAYOUT_OTP_TIMEOUT_MS = 30 * 60_000;

const isAwaitingOtp = (row: PayoutRow) =>
  row.status === 'in_transit' && row.otp_requested_at !== null && row.otp_finalized_at === null;

function awaitingOtpQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('payouts')
    .innerJoin('merchants', 'merchants.id', 'payouts.merchant_id')
    .selectAll('payouts')
    .select('merchants.business_name')
    .where('payouts.status', '=', 'in_transit')
    .where('payouts.otp_requested_at', 'is not', null)
    .where('payouts.otp_finalized_at', 'is', null);
}

/** Every payout awaiting its transfer OTP, the longest waiting first (the operator's list). */
export async function listPayoutsAwaitingOtp(ctx: AppContext): Promise<PayoutAwaitingOtpView[]> {
  const now = ctx.clock.now().getTime();
  const rows = await awaitingOtpQuery(ctx)
    .orderBy('payouts.otp_requested_at', 'asc')
    .orderBy('payouts.id', 'asc')
    .limit(500)
    .execute();
  return rows.map((row) => {
    const requestedAt = row.otp_requested_at ?? row.updated_at;
    const deadline = requestedAt.getTime() + PAYOUT_OTP_TIMEOUT_MS;
    return {
      id: row.id,
      object: 'payout' as const,
      merchant_id: row.merchant_id,
      business_name: row.business_name,
      amount: row.amount_kobo,
      currency: 'NGN' as const,
      reference: row.reference,
      transfer_code: row.transfer_code,
      settlement_account: { bank_code: row.bank_code, account_number: row.account_number },
      otp_requested_at: requestedAt.toISOString(),
      deadline_at: new Date(deadline).toISOString(),
      overdue: now >= deadline,
    };
  });
}

async function payoutAwaitingOtp(ctx: AppContext, payoutId: string): Promise<PayoutRow> {
  const row = await ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!row) throw notFound('Payout');
  if (!isAwaitingOtp(row) || row.transfer_code === null) {
    throw new DomainError(
      'conflict',
      `Payout ${payoutId} is not waiting for a transfer OTP (it is ${row.status}${row.otp_finalized_at ? ', its OTP already given' : ''}).`,
    );
  }
  return row;
}

/**
 * The gateway refused an OTP call: either the OTP was wrong (the transfer still waits) or the
 * transfer is no longer waiting (finalized by another operator, or abandoned). Verify tells which;
 * in the second case the payout learns the transfer's state.
 */
async function explainRefusal(
  ctx: AppContext,
  row: PayoutRow,
  error: GatewayError,
): Promise<DomainError> {
  const transfer = await ctx.gateway.verifyTransfer(row.reference).catch(() => null);
  if (transfer && transfer.status !== 'otp') {
    const status = await settle(ctx, row, transfer);
    return new DomainError(
      'conflict',
      `The transfer no longer waits for an OTP (payout ${status}); nothing more was sent.`,
    );
  }
  return new DomainError(
    'invalid_request',
    `The gateway refused: ${error.message}. Nothing was sent; the payout still waits for its OTP.`,
  );
}

async function settle(
  ctx: AppContext,
  row: PayoutRow,
  transfer: GatewayTransfer,
): Promise<PayoutRow['status']> {
  const status = await applyTransferOutcome(ctx, row.reference, {
    status: transfer.status,
    reason: transfer.status === 'failed' ? abandonReason(row) : null,
    transferCode: transfer.transferCode,
  });
  if (status === 'in_transit' && transfer.status !== 'otp') {
    await enqueuePayoutVerification(ctx, row.id);
  }
  return status;
}

const abandonReason = (row: PayoutRow) =>
  row.otp_finalized_at === null
    ? 'transfer abandoned at the gateway: its OTP was not given in time'
    : 'transfer failed';

const unavailable = (what: string) =>
  new DomainError(
    'gateway_unavailable',
    `The gateway did not answer ${what}; try again in a moment.`,
    { retryable: true },
  );

/**
 * POST /api/v1/admin/payouts/{id}/otp: sends the held transfer with the operator's OTP. A wrong
 * OTP is a 400 and changes nothing; after the gateway accepts it, the payout is in transit as any
 * other (webhook or verify settles it) and the audit log records who gave it.
 */
export async function submitPayoutOtp(
  ctx: AppContext,
  operator: Operator,
  payoutId: string,
  otp: string,
): Promise<{ status: PayoutRow['status'] }> {
  const row = await payoutAwaitingOtp(ctx, payoutId);
  let transfer: GatewayTransfer;
  try {
    transfer = await ctx.gateway.finalizeTransfer({
      transferCode: row.transfer_code ?? '',
      otp,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === 'rejected') throw await explainRefusal(ctx, row, error);
    // No answer: the OTP may have been taken. Verify settles it (same transfer, nothing resent).
    await enqueuePayoutVerification(ctx, row.id);
    throw unavailable('the OTP');
  }
  const now = ctx.clock.now();
  const updated = await runWrite(ctx.db, async (tx) => {
    const payout = await applyTransferOutcomeIn(
      tx,
      ctx,
      row.reference,
      // The finalize answer can read `otp` no more; if it did, the transfer has left it anyway.
      {
        status: transfer.status === 'otp' ? 'pending' : transfer.status,
        reason: null,
        transferCode: transfer.transferCode,
      },
      now,
    );
    await recordOperatorAction(
      tx,
      operator,
      {
        action: 'payout.otp_submit',
        target: { type: 'merchant', id: row.merchant_id },
        reason: null,
        detail: { payout_id: row.id, reference: row.reference, status: payout.status },
      },
      now,
    );
    return payout;
  });
  if (updated.status === 'in_transit') await enqueuePayoutVerification(ctx, row.id);
  return { status: updated.status };
}

/** POST /api/v1/admin/payouts/{id}/otp/resend: the gateway sends the OTP again. */
export async function resendPayoutOtp(
  ctx: AppContext,
  operator: Operator,
  payoutId: string,
): Promise<{ resent: true }> {
  const row = await payoutAwaitingOtp(ctx, payoutId);
  try {
    await ctx.gateway.resendTransferOtp({
      transferCode: row.transfer_code ?? '',
      reason: 'resend_otp',
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === 'rejected') throw await explainRefusal(ctx, row, error);
    throw unavailable('the resend');
  }
  await runWrite(ctx.db, (tx) =>
    recordOperatorAction(
      tx,
      operator,
      {
        action: 'payout.otp_resend',
        target: { type: 'merchant', id: row.merchant_id },
        reason: null,
        detail: { payout_id: row.id, reference: row.reference },
      },
      ctx.clock.now(),
    ),
  );
  return { resent: true };
}

export interface OtpCheckResult {
  /** Still held at the gateway past the deadline (first reported now, or again). */
  overdue: string[];
  /** Abandoned or failed at the gateway: failed here, money back in the wallet. */
  failed: string[];
  /** Seen past `otp` at the gateway (an OTP given elsewhere): in transit or settled. */
  released: string[];
}

/**
 * The `check_payout_otps` job (each minute): every payout awaiting its OTP past the deadline is
 * verified at the gateway. Abandoned (or failed) → failed here, its money back through the same
 * ledger entry as any failed transfer. Still held → reported: `otp_overdue_at` is set once (the
 * metric `tranche_payouts_awaiting_otp_overdue` and a warning in the log), and it stays awaiting
 * its OTP, since the gateway could still send it.
 */
export async function checkPayoutOtps(ctx: AppContext): Promise<OtpCheckResult> {
  const now = ctx.clock.now();
  const rows = await awaitingOtpQuery(ctx)
    .where('payouts.otp_requested_at', '<=', new Date(now.getTime() - PAYOUT_OTP_TIMEOUT_MS))
    .orderBy('payouts.otp_requested_at', 'asc')
    .limit(200)
    .execute();
  const result: OtpCheckResult = { overdue: [], failed: [], released: [] };
  for (const row of rows) {
    const transfer = await ctx.gateway.verifyTransfer(row.reference).catch(() => undefined);
    if (transfer === undefined || transfer === null) continue; // asked again next minute
    if (transfer.status === 'otp') {
      if (row.otp_overdue_at === null) {
        await ctx.db
          .updateTable('payouts')
          .set({ otp_overdue_at: now })
          .where('id', '=', row.id)
          .where('otp_overdue_at', 'is', null)
          .execute();
      }
      result.overdue.push(row.id);
      continue;
    }
    const status = await settle(ctx, row, transfer);
    (status === 'failed' ? result.failed : result.released).push(row.id);
  }
  return result;
}
