import { randomBytes } from 'node:crypto';

import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import type { PayoutRow } from '../../db/schema.ts';
import { type Idempotent, runWrite } from '../../db/write.ts';
import { canonicalJson } from '../../domain/canonical-json.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertIdempotencyKey } from '../../domain/idempotency-key.ts';
import {
  payoutFailedEntry,
  payoutInitiatedEntry,
  payoutReversedEntry,
  payoutSucceededEntry,
} from '../../domain/ledger.ts';
import { assertWithinAvailable, merchantWallet } from '../../domain/ledger-balances.ts';
import { GatewayError, type GatewayTransfer } from '../../gateway/port.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { crashPoint } from '../../platform/crash-points.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { notifyMerchant } from '../merchant-notifications/index.ts';
import { recordEvent } from '../merchant-webhooks/index.ts';
import { accountBalances, appendJournalEntry } from './ledger-store.ts';
import type { Payout } from './schemas.ts';

/**
 * Payouts (issue 4 §7). States:
 *   pending --transfer accepted--> in_transit --transfer.success--> paid --transfer.reversed--> reversed
 *   (on an account that requires transfer OTPs, in_transit starts as "awaiting OTP": payout-otp.ts)
 *   pending | in_transit --transfer.failed--> failed
 *   pending | in_transit --transfer.reversed (its success not seen yet)--> reversed (booked as paid, then returned)
 * Creating a payout moves the amount out of *available* in the same transaction (ledger
 * payout_initiated), so it cannot be paid twice; failed and reversed payouts put it back.
 * Schedule: every day at 10:00 Lagos the whole available balance of each merchant with a
 * settlement account is paid out (cron `payout_sweep`); merchants can also request one.
 */
export type PayoutView = Static<typeof Payout>;

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    object: 'payout',
    merchant_id: row.merchant_id,
    amount: row.amount_kobo,
    currency: 'NGN',
    status: row.status,
    trigger: row.trigger,
    reference: row.reference,
    settlement_account: { bank_code: row.bank_code, account_number: row.account_number },
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const money = (row: PayoutRow) => ({
  merchantId: row.merchant_id,
  payoutReference: row.reference,
  amountKobo: row.amount_kobo,
});

interface PayoutInput {
  /** Default: everything available. */
  amountKobo?: number;
  trigger: PayoutRow['trigger'];
}

/** Creates a payout of `amountKobo` (default: everything available) and queues its transfer. */
export async function createPayout(
  ctx: AppContext,
  merchantId: string,
  input: PayoutInput,
): Promise<PayoutView | null> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, (tx) => insertPayout(tx, merchantId, input, now));
}

/**
 * POST …/payouts: a merchant's request, with an optional `Idempotency-Key` (decision 0029). A
 * merchant's server that retries after a timeout or a 5xx gets the first payout back instead of
 * a second one; the key is scoped by the gateway's mode, which is the payout's.
 */
export async function requestPayout(
  ctx: AppContext,
  merchantId: string,
  input: { amountKobo?: number | undefined },
  idempotencyKey: string | undefined,
): Promise<Idempotent<PayoutView>> {
  if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
  const now = ctx.clock.now();
  const body = input.amountKobo === undefined ? {} : { amount: input.amountKobo };
  const requestHash = sha256Hex(`POST /payouts\n${canonicalJson(body)}`);
  return runIdempotentWrite(
    ctx.db,
    idempotencyKey === undefined
      ? undefined
      : {
          merchantId,
          livemode: ctx.settings.gatewayLivemode,
          key: idempotencyKey,
          requestHash,
          now,
        },
    async (tx) => {
      const payout = await insertPayout(
        tx,
        merchantId,
        {
          trigger: 'request',
          ...(input.amountKobo !== undefined && { amountKobo: input.amountKobo }),
        },
        now,
      );
      if (!payout) {
        throw new DomainError(
          'invalid_request',
          'The available balance is ₦0.00: there is nothing to pay out.',
        );
      }
      return payout;
    },
  );
}

/** In the caller's transaction: null when `amountKobo` was left out and nothing is available. */
async function insertPayout(
  tx: Tx,
  merchantId: string,
  input: PayoutInput,
  now: Date,
): Promise<PayoutView | null> {
  const merchant = await tx
    .selectFrom('merchants')
    .select(['settlement_bank_code', 'settlement_account_number', 'status'])
    .where('id', '=', merchantId)
    // NO KEY: a FOR UPDATE would also stop the journal entries other transactions book for this
    // merchant (their foreign-key check), which can deadlock (ARCHITECTURE.md, "Lock order").
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!merchant) throw notFound('Merchant');
  if (!merchant.settlement_bank_code || !merchant.settlement_account_number) {
    throw new DomainError(
      'conflict',
      'Set a settlement account (PATCH /settings) before requesting a payout.',
    );
  }
  const balances = await accountBalances(tx, [{ kind: 'merchant_payable', merchantId }]);
  const available = merchantWallet(balances, merchantId).availableKobo;
  const amountKobo = input.amountKobo ?? available;
  if (amountKobo === 0 && input.amountKobo === undefined) return null;
  assertWithinAvailable(available, amountKobo, 'pay out');
  const row = await tx
    .insertInto('payouts')
    .values({
      id: newId('po'),
      merchant_id: merchantId,
      // Transfer references: 16+ lowercase letters, digits, '-' or '_'.
      reference: `trf-${randomBytes(12).toString('hex')}`,
      amount_kobo: amountKobo,
      bank_code: merchant.settlement_bank_code,
      account_number: merchant.settlement_account_number,
      status: 'pending',
      trigger: input.trigger,
      transfer_code: null,
      failure_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await appendJournalEntry(tx, payoutInitiatedEntry(money(row)), now);
  await enqueue(
    tx,
    'send_payout',
    { payout_id: row.id },
    { jobKey: `payout:${row.id}`, maxAttempts: 25 },
  );
  return payoutView(row);
}

async function recipientFor(ctx: AppContext, row: PayoutRow): Promise<string> {
  const known = await ctx.db
    .selectFrom('transfer_recipients')
    .select('recipient_code')
    .where('bank_code', '=', row.bank_code)
    .where('account_number', '=', row.account_number)
    .executeTakeFirst();
  if (known) return known.recipient_code;
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select('business_name')
    .where('id', '=', row.merchant_id)
    .executeTakeFirstOrThrow();
  const { recipientCode } = await ctx.gateway.createTransferRecipient({
    name: merchant.business_name,
    accountNumber: row.account_number,
    bankCode: row.bank_code,
  });
  await ctx.db
    .insertInto('transfer_recipients')
    .values({
      bank_code: row.bank_code,
      account_number: row.account_number,
      recipient_code: recipientCode,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.columns(['bank_code', 'account_number']).doNothing())
    .execute();
  return recipientCode;
}

/**
 * The worker's job: send the transfer with our reference. A retry after a lost answer meets
 * "Duplicate Transfer Reference" and asks verify instead, so nothing is sent twice.
 */
export async function sendPayout(ctx: AppContext, payoutId: string): Promise<PayoutRow['status']> {
  const row = await ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!row) throw notFound('Payout');
  if (row.status !== 'pending') {
    // A retry after a crash between the gateway's answer and the end of this job.
    if (row.status === 'in_transit') await enqueuePayoutVerification(ctx, row.id);
    return row.status;
  }
  let transfer: GatewayTransfer | null;
  crashPoint('payout.before_transfer');
  try {
    transfer = await ctx.gateway.initiateTransfer({
      amountKobo: row.amount_kobo,
      recipientCode: await recipientFor(ctx, row),
      reference: row.reference,
      reason: 'Tranche payout',
    });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.kind !== 'rejected') throw error;
    transfer = await ctx.gateway.verifyTransfer(row.reference);
    if (!transfer) {
      return applyTransferOutcome(ctx, row.reference, { status: 'failed', reason: error.message });
    }
  }
  crashPoint('payout.transfer_answered');
  const status = await applyTransferOutcome(ctx, row.reference, {
    status: transfer.status,
    reason: null,
    transferCode: transfer.transferCode,
  });
  crashPoint('payout.outcome_applied');
  // Held for an OTP: nothing to verify until an operator gives it (payout-otp.ts).
  if (status === 'in_transit' && transfer.status !== 'otp') {
    await enqueuePayoutVerification(ctx, row.id);
  }
  return status;
}

/**
 * A transfer the gateway has not finished is asked about again, with back-off, until it has.
 * Its webhook usually gets there first, but a lost delivery, or a verify that failed while the
 * webhook was handled, must not leave the payout in transit (and the merchant's money unaccounted
 * for) until the nightly reconciliation.
 */
export async function enqueuePayoutVerification(ctx: AppContext, payoutId: string): Promise<void> {
  await enqueue(
    ctx.db,
    'verify_payout',
    { payout_id: payoutId },
    { runAt: { afterSeconds: 5 }, jobKey: `verify-payout:${payoutId}`, maxAttempts: 30 },
  );
}

/**
 * The `verify_payout` job: asks the gateway about a payout still in transit and applies the
 * answer. Throws while the transfer is still pending there, so the worker tries again with
 * back-off (graphile-worker's exponential delay: seconds at first, hours at the end).
 */
export async function verifyPayout(
  ctx: AppContext,
  payoutId: string,
): Promise<PayoutRow['status']> {
  const row = await ctx.db
    .selectFrom('payouts')
    .select(['reference', 'status'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!row) throw notFound('Payout');
  if (row.status !== 'in_transit') return row.status;
  const transfer = await ctx.gateway.verifyTransfer(row.reference);
  if (!transfer) {
    throw new Error(`payout ${payoutId}: the gateway has no transfer ${row.reference}`);
  }
  const status = await applyTransferOutcome(ctx, row.reference, {
    status: transfer.status,
    reason: transfer.status === 'success' ? null : `transfer ${transfer.status}`,
    transferCode: transfer.transferCode,
  });
  // Held for an OTP: the OTP check (payout-otp.ts) follows it from here, not this back-off.
  if (status === 'in_transit' && transfer.status !== 'otp') {
    throw new Error(`payout ${payoutId}: still pending at the gateway`);
  }
  return status;
}

/**
 * Applies what the gateway says of a transfer (its answer, a webhook after verify, or verify
 * itself). Moves only forward; a late or repeated outcome changes nothing.
 */
export async function applyTransferOutcome(
  ctx: AppContext,
  reference: string,
  outcome: {
    status: GatewayTransfer['status'];
    reason: string | null;
    transferCode?: string | null;
  },
): Promise<PayoutRow['status']> {
  const now = ctx.clock.now();
  return runWrite(
    ctx.db,
    async (tx) => (await applyTransferOutcomeIn(tx, ctx, reference, outcome, now)).status,
  );
}

/** applyTransferOutcome in the caller's transaction; returns the payout as it now is. */
export async function applyTransferOutcomeIn(
  tx: Tx,
  ctx: AppContext,
  reference: string,
  outcome: {
    status: GatewayTransfer['status'];
    reason: string | null;
    transferCode?: string | null;
  },
  now: Date,
): Promise<PayoutRow> {
  const row = await tx
    .selectFrom('payouts')
    .selectAll()
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Payout');
  const next = nextPayoutStatus(row.status, outcome.status);
  const otp = otpPatch(row, outcome.status, now);
  if (next === row.status && !otp) return row;
  if (next !== row.status) await bookPayoutTransition(tx, row, next, now);
  const updated = await tx
    .updateTable('payouts')
    .set({
      status: next,
      updated_at: now,
      ...(outcome.transferCode && { transfer_code: outcome.transferCode }),
      ...(next !== row.status && outcome.reason && { failure_reason: outcome.reason }),
      ...otp,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (next !== row.status) {
    await recordTransferEvent(tx, ctx, row.id, next, now);
    await tellMerchant(tx, ctx, updated, now);
  }
  return updated;
}

/**
 * Transfer OTP (payout-otp.ts): the gateway holding the transfer at `otp` marks the payout as
 * awaiting an OTP; any other word from the gateway afterwards (sent, failed, abandoned) ends the
 * wait. Null when nothing changes.
 */
function otpPatch(
  row: PayoutRow,
  gateway: GatewayTransfer['status'],
  now: Date,
): { otp_requested_at: Date } | { otp_finalized_at: Date } | null {
  if (gateway === 'otp') {
    const open = row.status === 'pending' || row.status === 'in_transit';
    return open && row.otp_requested_at === null ? { otp_requested_at: now } : null;
  }
  return row.otp_requested_at !== null && row.otp_finalized_at === null
    ? { otp_finalized_at: now }
    : null;
}

const PAYOUT_NOTICES = {
  paid: 'payout_paid',
  failed: 'payout_failed',
  reversed: 'payout_reversed',
} as const;

/**
 * The merchant's e-mail of a payout's outcome (decision 0067): paid, failed, or reversed (the
 * bank returned it). Queued in the transaction that books the outcome; a failure to send never
 * reaches back into the money (notifyMerchant).
 */
async function tellMerchant(tx: Tx, ctx: AppContext, payout: PayoutRow, now: Date): Promise<void> {
  if (!(payout.status in PAYOUT_NOTICES)) return;
  const kind = PAYOUT_NOTICES[payout.status as keyof typeof PAYOUT_NOTICES];
  const merchant = await tx
    .selectFrom('merchants')
    .select(['settlement_account_number', 'settlement_account_name'])
    .where('id', '=', payout.merchant_id)
    .executeTakeFirst();
  // The resolved name belongs to the account it was resolved for: not shown for an older one.
  const sameAccount = merchant?.settlement_account_number === payout.account_number;
  await notifyMerchant(
    tx,
    kind,
    {
      merchantId: payout.merchant_id,
      subjectId: payout.id,
      facts: {
        payoutId: payout.id,
        reference: payout.reference,
        amountKobo: payout.amount_kobo,
        bankCode: payout.bank_code,
        accountLast4: payout.account_number.slice(-4),
        accountName: sameAccount ? (merchant.settlement_account_name ?? null) : null,
        livemode: ctx.settings.gatewayLivemode,
        at: now.toISOString(),
        reason: kind === 'payout_paid' ? null : payout.failure_reason,
      },
    },
    now,
  );
}

const TRANSFER_EVENTS = {
  paid: 'transfer.success',
  failed: 'transfer.failed',
  reversed: 'transfer.reversed',
} as const;

/** transfer.success (spec §6.1), and ours for a failed or reversed payout (money back in the wallet). */
async function recordTransferEvent(
  tx: Tx,
  ctx: AppContext,
  payoutId: string,
  status: PayoutRow['status'],
  now: Date,
): Promise<void> {
  const type = TRANSFER_EVENTS[status as keyof typeof TRANSFER_EVENTS] as
    (typeof TRANSFER_EVENTS)[keyof typeof TRANSFER_EVENTS] | undefined;
  if (!type) return;
  const row = await tx
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .executeTakeFirstOrThrow();
  await recordEvent(
    tx,
    {
      merchantId: row.merchant_id,
      livemode: ctx.settings.gatewayLivemode,
      type,
      data: { payout: payoutView(row) },
    },
    now,
  );
}

function nextPayoutStatus(
  current: PayoutRow['status'],
  gateway: GatewayTransfer['status'],
): PayoutRow['status'] {
  switch (current) {
    case 'pending':
    case 'in_transit':
      // `pending` and `otp` at the gateway: in transit here (an `otp` one awaits its OTP).
      if (gateway === 'success') return 'paid';
      if (gateway === 'failed') return 'failed';
      // Reversed before we saw its success (events reordered): it was paid, then returned.
      if (gateway === 'reversed') return 'reversed';
      return 'in_transit';
    case 'paid':
      return gateway === 'reversed' ? 'reversed' : 'paid';
    case 'failed':
    case 'reversed':
      return current;
  }
}

async function bookPayoutTransition(
  tx: Tx,
  row: PayoutRow,
  next: PayoutRow['status'],
  now: Date,
): Promise<void> {
  // A reversal always follows a success in the books, as at the gateway (reconciliation pairs them).
  const succeeded = next === 'paid' || (next === 'reversed' && row.status !== 'paid');
  if (succeeded) await appendJournalEntry(tx, payoutSucceededEntry(money(row)), now);
  if (next === 'failed') await appendJournalEntry(tx, payoutFailedEntry(money(row)), now);
  if (next === 'reversed') await appendJournalEntry(tx, payoutReversedEntry(money(row)), now);
}

export async function listPayouts(
  ctx: AppContext,
  merchantId: string,
  limit: number,
): Promise<PayoutView[]> {
  const rows = await ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(payoutView);
}

/** The daily sweep: pay out every merchant's whole available balance. */
export async function payoutSweep(ctx: AppContext): Promise<number> {
  const merchants = await ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('status', '=', 'active')
    .where('settlement_bank_code', 'is not', null)
    .where('settlement_account_number', 'is not', null)
    .execute();
  let created = 0;
  for (const { id } of merchants) {
    if (await createPayout(ctx, id, { trigger: 'schedule' })) created += 1;
  }
  return created;
}
