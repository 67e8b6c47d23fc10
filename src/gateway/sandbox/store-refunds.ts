import { first, int, type Queryable, type Raw, withAmount } from './db.ts';

/** Refunds of the `sandbox_gateway` schema. */

/** Refund statuses used here: `pending` → `processed`. */
export type RefundStatus = 'pending' | 'processed';

export interface RefundRow {
  id: number;
  transaction_id: number;
  amount: number;
  currency: string;
  status: RefundStatus;
  customer_note: string | null;
  merchant_note: string | null;
  settle_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewRefund = Pick<
  RefundRow,
  | 'transaction_id'
  | 'amount'
  | 'currency'
  | 'customer_note'
  | 'merchant_note'
  | 'settle_at'
  | 'created_at'
>;

export async function insertRefund(q: Queryable, input: NewRefund): Promise<RefundRow> {
  const result = await q.query<Raw<RefundRow>>(
    `INSERT INTO sandbox_gateway.refunds
       (transaction_id, amount, currency, status, customer_note, merchant_note, settle_at,
        created_at, updated_at)
     VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $7)
     RETURNING *`,
    [
      input.transaction_id,
      input.amount,
      input.currency,
      input.customer_note,
      input.merchant_note,
      input.settle_at,
      input.created_at,
    ],
  );
  return withAmount(first(result.rows, 'refund insert'));
}

/** Pending and processed refunds both count: the money is already promised back. */
export async function refundedAmount(q: Queryable, transactionId: number): Promise<number> {
  const result = await q.query<{ total: string | number }>(
    'SELECT coalesce(sum(amount), 0) AS total FROM sandbox_gateway.refunds WHERE transaction_id = $1',
    [transactionId],
  );
  return int(first(result.rows, 'refund total').total);
}

export async function processedRefundAmount(q: Queryable, transactionId: number): Promise<number> {
  const result = await q.query<{ total: string | number }>(
    `SELECT coalesce(sum(amount), 0) AS total FROM sandbox_gateway.refunds
     WHERE transaction_id = $1 AND status = 'processed'`,
    [transactionId],
  );
  return int(first(result.rows, 'processed refund total').total);
}

export async function markRefundProcessed(q: Queryable, id: number, now: Date): Promise<RefundRow> {
  const result = await q.query<Raw<RefundRow>>(
    `UPDATE sandbox_gateway.refunds SET status = 'processed', settle_at = NULL, updated_at = $2
     WHERE id = $1 RETURNING *`,
    [id, now],
  );
  return withAmount(first(result.rows, `refund ${id} update`));
}

export async function getRefund(q: Queryable, id: number): Promise<RefundRow | undefined> {
  const result = await q.query<Raw<RefundRow>>(
    'SELECT * FROM sandbox_gateway.refunds WHERE id = $1',
    [id],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}

export async function refundsOfTransaction(
  q: Queryable,
  transactionId: number,
): Promise<RefundRow[]> {
  const result = await q.query<Raw<RefundRow>>(
    'SELECT * FROM sandbox_gateway.refunds WHERE transaction_id = $1 ORDER BY id DESC',
    [transactionId],
  );
  return result.rows.map(withAmount);
}
