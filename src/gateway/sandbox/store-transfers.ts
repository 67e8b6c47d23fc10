import { first, type Queryable, randomCode, type Raw, withAmount } from './db.ts';

/** Transfer recipients and transfers of the `sandbox_gateway` schema. */

export interface RecipientRow {
  id: number;
  recipient_code: string;
  type: string;
  name: string;
  account_number: string;
  bank_code: string;
  currency: string;
  description: string | null;
  metadata: Record<string, unknown> | null;
  created_at: Date;
}

/**
 * Transfer statuses used here: `pending` → `success` | `failed`; `success` → `reversed`; with
 * transfer OTP on, first `otp` → `pending` (finalize_transfer) | `abandoned` (no OTP in time).
 */
export type TransferStatus = 'pending' | 'otp' | 'success' | 'failed' | 'reversed' | 'abandoned';

export interface TransferRow {
  id: number;
  transfer_code: string;
  reference: string;
  amount: number;
  currency: string;
  source: string;
  reason: string | null;
  recipient_id: number;
  status: TransferStatus;
  gateway_response: string | null;
  session_id: string | null;
  transferred_at: Date | null;
  settle_at: Date | null;
  settle_status: TransferStatus | null;
  created_at: Date;
  updated_at: Date;
}

export type NewRecipient = Omit<RecipientRow, 'id' | 'recipient_code'>;

/** Same account details → the same recipient; `created` says whether this call made it. */
export async function findOrCreateRecipient(
  q: Queryable,
  input: NewRecipient,
): Promise<{ recipient: RecipientRow; created: boolean }> {
  const inserted = await q.query<RecipientRow>(
    `INSERT INTO sandbox_gateway.recipients
       (recipient_code, type, name, account_number, bank_code, currency, description, metadata,
        created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (type, bank_code, account_number, currency) DO NOTHING
     RETURNING *`,
    [
      `RCP_${randomCode(15)}`,
      input.type,
      input.name,
      input.account_number,
      input.bank_code,
      input.currency,
      input.description,
      input.metadata === null ? null : JSON.stringify(input.metadata),
      input.created_at,
    ],
  );
  const created = inserted.rows[0];
  if (created !== undefined) return { recipient: created, created: true };
  const existing = await q.query<RecipientRow>(
    `SELECT * FROM sandbox_gateway.recipients
     WHERE type = $1 AND bank_code = $2 AND account_number = $3 AND currency = $4`,
    [input.type, input.bank_code, input.account_number, input.currency],
  );
  return { recipient: first(existing.rows, 'existing recipient'), created: false };
}

export async function getRecipientByCode(
  q: Queryable,
  code: string,
): Promise<RecipientRow | undefined> {
  const result = await q.query<RecipientRow>(
    'SELECT * FROM sandbox_gateway.recipients WHERE recipient_code = $1',
    [code],
  );
  return result.rows[0];
}

export async function getRecipientById(q: Queryable, id: number): Promise<RecipientRow> {
  const result = await q.query<RecipientRow>(
    'SELECT * FROM sandbox_gateway.recipients WHERE id = $1',
    [id],
  );
  return first(result.rows, `recipient ${id}`);
}

export type NewTransfer = Pick<
  TransferRow,
  | 'reference'
  | 'amount'
  | 'currency'
  | 'source'
  | 'reason'
  | 'recipient_id'
  | 'settle_at'
  | 'settle_status'
  | 'created_at'
> & { status?: 'pending' | 'otp' };

/** Throws a unique violation when the reference is taken. */
export async function insertTransfer(q: Queryable, input: NewTransfer): Promise<TransferRow> {
  const result = await q.query<Raw<TransferRow>>(
    `INSERT INTO sandbox_gateway.transfers
       (transfer_code, reference, amount, currency, source, reason, recipient_id, status,
        settle_at, settle_status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $10, $10)
     RETURNING *`,
    [
      `TRF_${randomCode(15)}`,
      input.reference,
      input.amount,
      input.currency,
      input.source,
      input.reason,
      input.recipient_id,
      input.settle_at,
      input.settle_status,
      input.created_at,
      input.status ?? 'pending',
    ],
  );
  return withAmount(first(result.rows, 'transfer insert'));
}

export async function getTransferByReference(
  q: Queryable,
  reference: string,
): Promise<TransferRow | undefined> {
  const result = await q.query<Raw<TransferRow>>(
    'SELECT * FROM sandbox_gateway.transfers WHERE reference = $1',
    [reference],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}

export async function updateTransfer(
  q: Queryable,
  id: number,
  patch: Pick<
    TransferRow,
    'status' | 'gateway_response' | 'session_id' | 'transferred_at' | 'settle_at' | 'settle_status'
  >,
  now: Date,
): Promise<TransferRow> {
  const result = await q.query<Raw<TransferRow>>(
    `UPDATE sandbox_gateway.transfers
     SET status = $2, gateway_response = $3, session_id = $4, transferred_at = $5, settle_at = $6,
         settle_status = $7, updated_at = $8
     WHERE id = $1 RETURNING *`,
    [
      id,
      patch.status,
      patch.gateway_response,
      patch.session_id,
      patch.transferred_at,
      patch.settle_at,
      patch.settle_status,
      now,
    ],
  );
  return withAmount(first(result.rows, `transfer ${id} update`));
}

// --- Transfer OTP ---
export async function getTransferByCode(
  q: Queryable,
  transferCode: string,
): Promise<TransferRow | undefined> {
  const result = await q.query<Raw<TransferRow>>(
    'SELECT * FROM sandbox_gateway.transfers WHERE transfer_code = $1',
    [transferCode],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}

/**
 * `otp` → `pending`, settling at `settleAt` with `settleStatus`; undefined when the transfer is
 * no longer at `otp` (finalized already, or abandoned): one statement, so two finalizes of the
 * same transfer cannot both succeed.
 */
export async function releaseOtpTransfer(
  q: Queryable,
  id: number,
  release: { settleAt: Date; settleStatus: TransferStatus },
  now: Date,
): Promise<TransferRow | undefined> {
  const result = await q.query<Raw<TransferRow>>(
    `UPDATE sandbox_gateway.transfers
     SET status = 'pending', settle_at = $2, settle_status = $3, updated_at = $4
     WHERE id = $1 AND status = 'otp' RETURNING *`,
    [id, release.settleAt, release.settleStatus, now],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : withAmount(row);
}

/** POST /_sandbox/transfer-otp/abandon: every transfer waiting for its OTP is due to be abandoned now. */
export async function makeOtpTransfersDue(q: Queryable, now: Date): Promise<number> {
  const result = await q.query(
    `UPDATE sandbox_gateway.transfers SET settle_at = $1
     WHERE status = 'otp' AND settle_at IS NOT NULL AND settle_at > $1`,
    [now],
  );
  return result.rowCount ?? 0;
}
