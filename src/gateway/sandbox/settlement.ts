import { randomBytes } from 'node:crypto';

import {
  announceCharge,
  bankAuthorization,
  finishTransaction,
  transactionPayload,
} from './charges.ts';
import { type SandboxContext, settleTime } from './context.ts';
import { inDbTransaction } from './db.ts';
import { mandateEventData } from './routes-mandates.ts';
import {
  getCustomer,
  getTransactionById,
  type TransactionRow,
  updateAuthorization,
  updateTransaction,
} from './store.ts';
import { claimDueMandates, updateMandate } from './store-mandates.ts';
import { markRefundProcessed, processedRefundAmount, type RefundRow } from './store-refunds.ts';
import { claimDue, makeEverythingDue } from './store-settlement.ts';
import { getRecipientById, type TransferRow, updateTransfer } from './store-transfers.ts';
import { transferScenario } from './test-data.ts';
import { refundEventData, transferView } from './views.ts';

/**
 * Work that finishes on its own: direct debits (`processing` / `pending` → success), transfers
 * (`pending` → success | failed, and `success` → `reversed` for …8888 accounts) and refunds
 * (`pending` → `processed`, the payment becoming `reversed` once fully refunded). Each due row is
 * settled under its row lock in one database transaction; webhooks go out after commit.
 */

export interface SettleResult {
  settled: number;
  /** One per webhook sent; each resolves to whether it was delivered. */
  deliveries: Promise<boolean>[];
}

async function settleTransactions(ctx: SandboxContext, now: Date): Promise<SettleResult> {
  const settled = await inDbTransaction(ctx.pool, async (db) => {
    const due = await claimDue<TransactionRow>(db, 'transactions', now);
    const done: TransactionRow[] = [];
    for (const row of due) {
      const status = row.settle_status ?? 'success';
      const flow = row.flow?.kind === 'bank' ? row.flow : null;
      // A pay-with-bank charge that was pending leaves its mandate behind, like one approved at once.
      const authorization =
        status === 'success' && row.authorization_code === null && flow !== null
          ? bankAuthorization(row.customer_id, flow.bankCode, flow.accountNumber, now)
          : undefined;
      done.push(
        await finishTransaction(
          db,
          row,
          {
            status,
            gatewayResponse: row.settle_gateway_response ?? 'Approved',
            message: status === 'success' ? 'madePayment' : row.settle_gateway_response,
            ...(authorization !== undefined && { authorization }),
          },
          now,
        ),
      );
    }
    return done;
  });
  const deliveries: Promise<boolean>[] = [];
  for (const row of settled) {
    deliveries.push(announceCharge(ctx, await transactionPayload(ctx.pool, row)));
  }
  return { settled: settled.length, deliveries };
}

const TRANSFER_RESPONSES = {
  // Paystack's own words for this are not documented (docs/gateway-protocol.md §19).
  abandoned: 'Transfer OTP was not provided within the time allowed',
  success: 'Approved',
  failed: 'Could not credit the beneficiary account (sandbox account ending 9999)',
  reversed: 'Reversed by the beneficiary bank (sandbox account ending 8888)',
} as const;

async function settleTransfers(ctx: SandboxContext, now: Date): Promise<SettleResult> {
  const settled = await inDbTransaction(ctx.pool, async (db) => {
    const due = await claimDue<TransferRow>(db, 'transfers', now);
    const done = [];
    for (const row of due) {
      const recipient = await getRecipientById(db, row.recipient_id);
      const status = row.settle_status ?? 'success';
      const reverseLater =
        status === 'success' && transferScenario(recipient.account_number) === 'reversed';
      const updated = await updateTransfer(
        db,
        row.id,
        {
          status,
          gateway_response:
            status === 'pending' || status === 'otp' ? null : TRANSFER_RESPONSES[status],
          session_id:
            status === 'success' ? `SBX${randomBytes(12).toString('hex')}` : row.session_id,
          transferred_at: status === 'success' ? now : row.transferred_at,
          settle_at: reverseLater ? settleTime(ctx) : null,
          settle_status: reverseLater ? 'reversed' : null,
        },
        now,
      );
      done.push({ transfer: updated, recipient });
    }
    return done;
  });
  for (const { transfer } of settled) {
    if (transfer.settle_at !== null) ctx.scheduleSettlement(transfer.settle_at);
  }
  // No webhook is documented for a transfer leaving `otp` (§14): an abandoned one is learnt by verify.
  const announced = settled.filter(({ transfer }) => transfer.status !== 'abandoned');
  return {
    settled: settled.length,
    deliveries: announced.map(({ transfer, recipient }) =>
      ctx.webhooks.send(
        ctx.webhookUrl,
        `transfer.${transfer.status}`,
        transferView(transfer, recipient),
      ),
    ),
  };
}

async function settleRefunds(ctx: SandboxContext, now: Date): Promise<SettleResult> {
  const settled = await inDbTransaction(ctx.pool, async (db) => {
    const due = await claimDue<RefundRow>(db, 'refunds', now);
    const done = [];
    for (const row of due) {
      const refund = await markRefundProcessed(db, row.id, now);
      let transaction = await getTransactionById(db, row.transaction_id, { lock: true });
      if (transaction === undefined) throw new Error(`refund ${row.id} lost its transaction`);
      if ((await processedRefundAmount(db, transaction.id)) >= transaction.amount) {
        transaction = await updateTransaction(db, transaction.id, { status: 'reversed' }, now);
      }
      const customer = await getCustomer(db, transaction.customer_id);
      done.push(refundEventData(refund, transaction, customer));
    }
    return done;
  });
  return {
    settled: settled.length,
    deliveries: settled.map((data) => ctx.webhooks.send(ctx.webhookUrl, 'refund.processed', data)),
  };
}

/**
 * The bank's own moves on Direct Debit mandates: `pending` → `active` (the ₦50 check passed; a
 * `direct_debit.authorization.active` webhook), and for the revoked-later account `active` →
 * `revoked` one activation delay later, with no webhook (Paystack documents none, §13.6).
 */
async function settleMandates(ctx: SandboxContext, now: Date): Promise<SettleResult> {
  const activated = await inDbTransaction(ctx.pool, async (db) => {
    const due = await claimDueMandates(db, now);
    const announced = [];
    for (const row of due) {
      if (row.authorization_code === null) continue;
      if (row.settle_status === 'revoked') {
        await updateAuthorization(db, row.authorization_code, { active: false });
        await updateMandate(
          db,
          row.id,
          { status: 'revoked', settle_at: null, settle_status: null },
          now,
        );
        continue;
      }
      if (row.status !== 'pending') {
        await updateMandate(db, row.id, { settle_at: null, settle_status: null }, now);
        continue;
      }
      await updateAuthorization(db, row.authorization_code, { active: true });
      const revokeLater = row.scenario === 'revoked_later';
      const mandate = await updateMandate(
        db,
        row.id,
        {
          status: 'active',
          settle_at: revokeLater ? new Date(now.getTime() + ctx.mandateActivationDelayMs) : null,
          settle_status: revokeLater ? 'revoked' : null,
        },
        now,
      );
      announced.push({ mandate, customer: await getCustomer(db, row.customer_id) });
    }
    return { count: due.length, announced };
  });
  for (const { mandate } of activated.announced) {
    if (mandate.settle_at !== null) ctx.scheduleSettlement(mandate.settle_at);
  }
  return {
    settled: activated.count,
    deliveries: activated.announced.map(({ mandate, customer }) =>
      ctx.webhooks.send(
        ctx.webhookUrl,
        'direct_debit.authorization.active',
        mandateEventData(mandate, customer, mandate.authorization_code ?? '', true),
      ),
    ),
  };
}

/** Settles everything due at `now`. */
export async function settleDue(ctx: SandboxContext, now: Date): Promise<SettleResult> {
  const results = [
    await settleTransactions(ctx, now),
    await settleTransfers(ctx, now),
    await settleRefunds(ctx, now),
    await settleMandates(ctx, now),
  ];
  return {
    settled: results.reduce((sum, r) => sum + r.settled, 0),
    deliveries: results.flatMap((r) => r.deliveries),
  };
}

/**
 * POST /_sandbox/settle: brings every scheduled settlement forward and runs it, including the
 * follow-ups settling creates (a …8888 transfer's reversal), so tests reach final states at once.
 */
export async function settleEverything(ctx: SandboxContext): Promise<SettleResult> {
  const total: SettleResult = { settled: 0, deliveries: [] };
  for (let round = 0; round < 10; round++) {
    const now = ctx.clock.now();
    await makeEverythingDue(ctx.pool, now);
    const result = await settleDue(ctx, now);
    total.settled += result.settled;
    total.deliveries.push(...result.deliveries);
    if (result.settled === 0) break;
  }
  return total;
}
