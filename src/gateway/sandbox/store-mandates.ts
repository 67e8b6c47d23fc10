import type pg from 'pg';

import { first, type Queryable, randomCode } from './db.ts';
import type { MandateScenario } from './test-data.ts';

/** Direct Debit mandates of the `sandbox_gateway` schema (schema.ts), fact sheet §13. */

export type MandateRowStatus = 'awaiting_consent' | 'declined' | 'pending' | 'active' | 'revoked';

export interface MandateRow {
  id: number;
  reference: string;
  access_code: string;
  customer_id: number;
  bank_code: string;
  account_number: string;
  address: { street: string; city: string; state: string } | null;
  callback_url: string | null;
  scenario: MandateScenario;
  status: MandateRowStatus;
  authorization_code: string | null;
  activation_attempts: number;
  settle_at: Date | null;
  settle_status: 'active' | 'revoked' | null;
  authorized_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertMandate(
  q: Queryable,
  input: Pick<
    MandateRow,
    'customer_id' | 'bank_code' | 'account_number' | 'address' | 'callback_url' | 'scenario'
  >,
  now: Date,
): Promise<MandateRow> {
  const result = await q.query<MandateRow>(
    `INSERT INTO sandbox_gateway.mandates
       (reference, access_code, customer_id, bank_code, account_number, address, callback_url,
        scenario, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'awaiting_consent', $9, $9)
     RETURNING *`,
    [
      randomCode(15),
      randomCode(15),
      input.customer_id,
      input.bank_code,
      input.account_number,
      input.address === null ? null : JSON.stringify(input.address),
      input.callback_url,
      input.scenario,
      now,
    ],
  );
  return first(result.rows, 'mandate insert');
}

async function selectMandate(
  q: Queryable,
  where: 'reference' | 'access_code' | 'authorization_code' | 'id',
  value: unknown,
  lock: boolean,
): Promise<MandateRow | undefined> {
  const result = await q.query<MandateRow>(
    `SELECT * FROM sandbox_gateway.mandates WHERE ${where} = $1${lock ? ' FOR UPDATE' : ''}`,
    [value],
  );
  return result.rows[0];
}

export const getMandateByReference = (q: Queryable, reference: string) =>
  selectMandate(q, 'reference', reference, false);
export const getMandateByAccessCode = (q: Queryable, accessCode: string, lock = false) =>
  selectMandate(q, 'access_code', accessCode, lock);
export const getMandateById = (q: Queryable, id: number, lock = false) =>
  selectMandate(q, 'id', id, lock);

export async function updateMandate(
  q: Queryable,
  id: number,
  patch: Partial<
    Pick<
      MandateRow,
      | 'status'
      | 'authorization_code'
      | 'activation_attempts'
      | 'settle_at'
      | 'settle_status'
      | 'authorized_at'
    >
  >,
  now: Date,
): Promise<MandateRow> {
  const sets = ['updated_at = $2'];
  const values: unknown[] = [id, now];
  for (const [column, value] of Object.entries(patch)) {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  const result = await q.query<MandateRow>(
    `UPDATE sandbox_gateway.mandates SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    values,
  );
  return first(result.rows, `mandate ${id} update`);
}

/** A deactivated authorization's mandate is revoked (the lists then say so). */
export async function revokeMandateOf(q: Queryable, authorizationCode: string, now: Date) {
  await q.query(
    `UPDATE sandbox_gateway.mandates
     SET status = 'revoked', settle_at = NULL, settle_status = NULL, updated_at = $2
     WHERE authorization_code = $1 AND status IN ('pending', 'active')`,
    [authorizationCode, now],
  );
}

export interface MandateListRow extends MandateRow {
  customer_code: string;
  email: string;
}

/** Newest first, keyed by id; `cursor` is the last id of the previous page. */
export async function listMandates(
  q: Queryable,
  filter: { status?: string; customerId?: number; afterId?: number; limit: number },
): Promise<MandateListRow[]> {
  const where = ["m.status IN ('pending', 'active', 'revoked')"];
  const values: unknown[] = [];
  if (filter.status !== undefined) {
    values.push(filter.status);
    where.push(`m.status = $${values.length}`);
  }
  if (filter.customerId !== undefined) {
    values.push(filter.customerId);
    where.push(`m.customer_id = $${values.length}`);
  }
  if (filter.afterId !== undefined) {
    values.push(filter.afterId);
    where.push(`m.id < $${values.length}`);
  }
  values.push(filter.limit);
  const result = await q.query<MandateListRow>(
    `SELECT m.*, c.customer_code, c.email FROM sandbox_gateway.mandates m
     JOIN sandbox_gateway.customers c ON c.id = m.customer_id
     WHERE ${where.join(' AND ')} ORDER BY m.id DESC LIMIT $${values.length}`,
    values,
  );
  return result.rows;
}

/** Locks the mandates whose next change is due (SKIP LOCKED), for the caller's transaction. */
export async function claimDueMandates(client: pg.PoolClient, now: Date): Promise<MandateRow[]> {
  const result = await client.query<MandateRow>(
    `SELECT * FROM sandbox_gateway.mandates
     WHERE settle_at IS NOT NULL AND settle_at <= $1
     ORDER BY settle_at, id
     FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return result.rows;
}
