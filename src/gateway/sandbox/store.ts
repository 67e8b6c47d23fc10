import type { BankFlowState } from './bank-flow.ts';
import type { CardFlowState } from './card-flow.ts';
import { first, int, type Queryable, randomCode, type Raw, withAmount } from './db.ts';
import { type CardBehaviour, LIMITED_FUNDS_BALANCE_KOBO } from './test-data.ts';

/**
 * Customers, authorizations and transactions of the `sandbox_gateway` schema (schema.ts), and the
 * few queries the routes need, keyed by reference, code or id. Plain `pg`: the schema is private
 * to the sandbox, so it has no place in the service's Kysely types.
 */

export type Flow = CardFlowState | BankFlowState;

export interface CustomerRow {
  id: number;
  customer_code: string;
  email: string;
  created_at: Date;
}

export interface AuthorizationRow {
  authorization_code: string;
  customer_id: number;
  channel: 'card' | 'bank';
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  card_type: string;
  bank: string;
  brand: string;
  reusable: boolean;
  signature: string | null;
  account_name: string | null;
  /** How later charge_authorization calls on it end (the card's or account's behaviour). */
  behaviour: CardBehaviour;
  active: boolean;
  created_at: Date;
  /** Kobo a `limited_funds` card still holds (bigint: a string from pg); null: unlimited. */
  balance: string | number | null;
}

/**
 * Payment statuses (fact sheet §3): `abandoned` until the card page completes; `ongoing` while a
 * bank charge waits for the customer; `pending` / `processing` until the scheduler settles it;
 * then `success` or `failed`; `reversed` once fully refunded.
 */
export type TransactionStatus =
  'abandoned' | 'ongoing' | 'pending' | 'processing' | 'success' | 'failed' | 'reversed';

export interface TransactionRow {
  id: number;
  reference: string;
  access_code: string | null;
  customer_id: number;
  amount: number;
  currency: string;
  channel: 'card' | 'bank' | 'dedicated_nuban';
  status: TransactionStatus;
  gateway_response: string;
  message: string | null;
  callback_url: string | null;
  metadata: Record<string, unknown> | null;
  authorization_code: string | null;
  flow: Flow | null;
  settle_at: Date | null;
  settle_status: 'success' | 'failed' | null;
  settle_gateway_response: string | null;
  ip_address: string | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** What a partial debit asked for (bigint: a string from pg); null for every other payment. */
  requested_amount: string | number | null;
  /** A bank transfer into a dedicated account (§22): the account paid into; null otherwise. */
  receiver_account_number?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Customers

export async function upsertCustomer(q: Queryable, email: string, now: Date): Promise<CustomerRow> {
  const result = await q.query<CustomerRow>(
    `INSERT INTO sandbox_gateway.customers (customer_code, email, email_key, created_at)
     VALUES ($1, $2, lower($2), $3)
     ON CONFLICT (email_key) DO UPDATE SET email_key = EXCLUDED.email_key
     RETURNING id, customer_code, email, created_at`,
    [`CUS_${randomCode(15)}`, email, now],
  );
  return first(result.rows, 'customer upsert');
}

export async function getCustomer(q: Queryable, id: number): Promise<CustomerRow> {
  const result = await q.query<CustomerRow>(
    'SELECT id, customer_code, email, created_at FROM sandbox_gateway.customers WHERE id = $1',
    [id],
  );
  return first(result.rows, `customer ${id}`);
}

// ---------------------------------------------------------------------------------------------
// Authorizations

export type NewAuthorization = Omit<AuthorizationRow, 'authorization_code' | 'active' | 'balance'>;

export async function insertAuthorization(
  q: Queryable,
  input: NewAuthorization,
): Promise<AuthorizationRow> {
  const result = await q.query<AuthorizationRow>(
    `INSERT INTO sandbox_gateway.authorizations
       (authorization_code, customer_id, channel, bin, last4, exp_month, exp_year, card_type, bank,
        brand, reusable, signature, account_name, behaviour, created_at, balance)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING *`,
    [
      `AUTH_${randomCode(10)}`,
      input.customer_id,
      input.channel,
      input.bin,
      input.last4,
      input.exp_month,
      input.exp_year,
      input.card_type,
      input.bank,
      input.brand,
      input.reusable,
      input.signature,
      input.account_name,
      input.behaviour,
      input.created_at,
      input.behaviour === 'limited_funds' ? LIMITED_FUNDS_BALANCE_KOBO : null,
    ],
  );
  return first(result.rows, 'authorization insert');
}

export async function getAuthorization(
  q: Queryable,
  code: string,
): Promise<AuthorizationRow | undefined> {
  const result = await q.query<AuthorizationRow>(
    'SELECT * FROM sandbox_gateway.authorizations WHERE authorization_code = $1',
    [code],
  );
  return result.rows[0];
}

export async function updateAuthorization(
  q: Queryable,
  code: string,
  patch: { active?: boolean; behaviour?: CardBehaviour; balance?: number },
): Promise<AuthorizationRow | undefined> {
  const result = await q.query<AuthorizationRow>(
    `UPDATE sandbox_gateway.authorizations
     SET active = coalesce($2, active), behaviour = coalesce($3, behaviour),
         balance = coalesce($4, balance)
     WHERE authorization_code = $1 RETURNING *`,
    [code, patch.active ?? null, patch.behaviour ?? null, patch.balance ?? null],
  );
  return result.rows[0];
}

/**
 * The balance of a limited-funds authorization, locked until the caller's transaction ends (two
 * charges at once cannot both spend it); null when the authorization has no limit.
 */
export async function lockBalance(q: Queryable, code: string): Promise<number | null> {
  const result = await q.query<{ balance: string | number | null }>(
    'SELECT balance FROM sandbox_gateway.authorizations WHERE authorization_code = $1 FOR UPDATE',
    [code],
  );
  const balance = result.rows[0]?.balance ?? null;
  return balance === null ? null : int(balance);
}

export async function spendBalance(q: Queryable, code: string, amount: number): Promise<void> {
  await q.query(
    `UPDATE sandbox_gateway.authorizations SET balance = balance - $2
     WHERE authorization_code = $1 AND balance IS NOT NULL`,
    [code, amount],
  );
}

/** Records what a partial debit asked for (the transaction's `amount` is what it took). */
export async function setRequestedAmount(
  q: Queryable,
  id: number,
  requested: number,
): Promise<void> {
  await q.query('UPDATE sandbox_gateway.transactions SET requested_amount = $2 WHERE id = $1', [
    id,
    requested,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Transactions

export type NewTransaction = Pick<
  TransactionRow,
  | 'reference'
  | 'access_code'
  | 'customer_id'
  | 'amount'
  | 'currency'
  | 'channel'
  | 'status'
  | 'gateway_response'
  | 'callback_url'
  | 'metadata'
  | 'authorization_code'
  | 'ip_address'
  | 'created_at'
>;

/** Throws a unique violation (see isUniqueViolation) when the reference is taken. */
export async function insertTransaction(
  q: Queryable,
  input: NewTransaction,
): Promise<TransactionRow> {
  const result = await q.query<Raw<TransactionRow>>(
    `INSERT INTO sandbox_gateway.transactions
       (reference, access_code, customer_id, amount, currency, channel, status, gateway_response,
        callback_url, metadata, authorization_code, ip_address, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     RETURNING *`,
    [
      input.reference,
      input.access_code,
      input.customer_id,
      input.amount,
      input.currency,
      input.channel,
      input.status,
      input.gateway_response,
      input.callback_url,
      input.metadata === null ? null : JSON.stringify(input.metadata),
      input.authorization_code,
      input.ip_address,
      input.created_at,
    ],
  );
  return withAmount(first(result.rows, 'transaction insert'));
}

async function selectTransaction(
  q: Queryable,
  where: string,
  value: unknown,
  lock: boolean,
): Promise<TransactionRow | undefined> {
  const result = await q.query<Raw<TransactionRow>>(
    `SELECT * FROM sandbox_gateway.transactions WHERE ${where} = $1${lock ? ' FOR UPDATE' : ''}`,
    [value],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}

export function getTransactionByReference(
  q: Queryable,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRow | undefined> {
  return selectTransaction(q, 'reference', reference, options.lock ?? false);
}

export function getTransactionByAccessCode(
  q: Queryable,
  accessCode: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRow | undefined> {
  return selectTransaction(q, 'access_code', accessCode, options.lock ?? false);
}

export function getTransactionById(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TransactionRow | undefined> {
  return selectTransaction(q, 'id', id, options.lock ?? false);
}

/** The columns a transaction's life changes; everything else is fixed at creation. */
export type TransactionPatch = Partial<
  Pick<
    TransactionRow,
    | 'status'
    | 'gateway_response'
    | 'message'
    | 'authorization_code'
    | 'flow'
    | 'settle_at'
    | 'settle_status'
    | 'settle_gateway_response'
    | 'paid_at'
  >
>;

const TRANSACTION_PATCH_COLUMNS: readonly (keyof TransactionPatch)[] = [
  'status',
  'gateway_response',
  'message',
  'authorization_code',
  'flow',
  'settle_at',
  'settle_status',
  'settle_gateway_response',
  'paid_at',
];

export async function updateTransaction(
  q: Queryable,
  id: number,
  patch: TransactionPatch,
  now: Date,
): Promise<TransactionRow> {
  const sets: string[] = ['updated_at = $2'];
  const values: unknown[] = [id, now];
  for (const column of TRANSACTION_PATCH_COLUMNS) {
    if (!(column in patch)) continue;
    const value = patch[column];
    values.push(column === 'flow' && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}`);
  }
  const result = await q.query<Raw<TransactionRow>>(
    `UPDATE sandbox_gateway.transactions SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    values,
  );
  return withAmount(first(result.rows, `transaction ${id} update`));
}

export async function latestSuccessfulTransactionFor(
  q: Queryable,
  authorizationCode: string,
): Promise<TransactionRow | undefined> {
  const result = await q.query<Raw<TransactionRow>>(
    `SELECT * FROM sandbox_gateway.transactions
     WHERE authorization_code = $1 AND status IN ('success', 'reversed')
     ORDER BY id DESC LIMIT 1`,
    [authorizationCode],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}
