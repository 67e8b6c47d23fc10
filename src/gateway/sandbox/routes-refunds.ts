import type { FastifyInstance } from 'fastify';

import { type SandboxContext, settleTime } from './context.ts';
import { inDbTransaction, type Queryable } from './db.ts';
import { missingParams, ok, SandboxError, validationError } from './errors.ts';
import { currencyOf, fieldsOf, optionalAmount, optionalString } from './input.ts';
import { API_ROUTE } from './routing.ts';
import {
  getCustomer,
  getTransactionById,
  getTransactionByReference,
  type TransactionRow,
} from './store.ts';
import { getRefund, insertRefund, refundedAmount, refundsOfTransaction } from './store-refunds.ts';
import { refundEventData, refundView } from './views.ts';

/**
 * POST /refund (fact sheet §8): full or partial, queued as `pending`, processed after the settle
 * delay (settlement.ts), which also turns a fully refunded payment `reversed`. Pending refunds
 * already count against what can still be refunded.
 */

const MAX_ID = 2_147_483_647; // transaction ids are PostgreSQL integers

/** `transaction` is a reference or the integer id; an all-digit value is tried as an id first. */
async function findTransaction(q: Queryable, key: unknown): Promise<TransactionRow | undefined> {
  if (typeof key === 'number') {
    return Number.isSafeInteger(key) && key > 0 && key <= MAX_ID
      ? getTransactionById(q, key, { lock: true })
      : undefined;
  }
  if (typeof key !== 'string' || key.trim() === '') return undefined;
  const text = key.trim();
  if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ID) {
    const byId = await getTransactionById(q, Number(text), { lock: true });
    if (byId !== undefined) return byId;
  }
  return getTransactionByReference(q, text, { lock: true });
}

export function registerRefundRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/refund', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    if (fields.transaction === undefined || fields.transaction === '') {
      throw missingParams('Transaction reference or id is required');
    }
    const requested = optionalAmount(fields, 'amount');
    const currency = currencyOf(fields);
    const customerNote = optionalString(fields, 'customer_note') ?? null;
    const merchantNote = optionalString(fields, 'merchant_note') ?? null;
    const now = ctx.clock.now();

    const { refund, transaction } = await inDbTransaction(ctx.pool, async (db) => {
      const found = await findTransaction(db, fields.transaction);
      if (found === undefined) throw new SandboxError(404, 'Transaction not found');
      if (found.status !== 'success') {
        throw validationError(`Cannot refund a transaction that is ${found.status}`);
      }
      const remaining = found.amount - (await refundedAmount(db, found.id));
      if (remaining <= 0) throw validationError('Transaction has been fully reversed');
      const amount = requested ?? remaining;
      if (amount > remaining) {
        throw validationError(
          `Refund amount cannot be more than the amount not yet refunded (${remaining} kobo)`,
        );
      }
      const created = await insertRefund(db, {
        transaction_id: found.id,
        amount,
        currency,
        customer_note: customerNote,
        merchant_note: merchantNote,
        settle_at: settleTime(ctx),
        created_at: now,
      });
      return { refund: created, transaction: found };
    });
    if (refund.settle_at !== null) ctx.scheduleSettlement(refund.settle_at);
    const customer = await getCustomer(ctx.pool, transaction.customer_id);
    void ctx.webhooks.send(
      ctx.webhookUrl,
      'refund.pending',
      refundEventData(refund, transaction, customer),
    );
    return ok('Refund has been queued for processing', refundView(refund, transaction));
  });

  // GET /refund/:id and GET /refund?transaction= are Paystack's "Fetch Refund" and "List
  // Refunds" (its public API reference; not in the fact sheet): how an unanswered refund is found.
  app.get<{ Params: { id: string } }>('/refund/:id', API_ROUTE, async (request) => {
    const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const refund = id > 0 && id <= MAX_ID ? await getRefund(ctx.pool, id) : undefined;
    if (refund === undefined) throw new SandboxError(404, 'Refund not found');
    const transaction = await getTransactionById(ctx.pool, refund.transaction_id);
    if (transaction === undefined) throw new SandboxError(404, 'Refund not found');
    return ok('Refund retrieved', refundView(refund, transaction));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/refund', API_ROUTE, async (request) => {
    const key = request.query.transaction;
    if (key === undefined || key === '') throw missingParams('transaction is required');
    const transaction = await findTransaction(ctx.pool, key);
    if (transaction === undefined) return ok('Refunds retrieved', []);
    const refunds = await refundsOfTransaction(ctx.pool, transaction.id);
    return ok(
      'Refunds retrieved',
      refunds.map((refund) => refundView(refund, transaction)),
    );
  });
}
