import type { Db, Tx } from './database.ts';

/**
 * The one write pipeline (conventions §2). Handlers never open transactions: they hand a
 * command to `runWrite`, which runs it in one transaction and commits. Later issues add the
 * ledger and outbox appends here, so every state change and its side effects commit together.
 * No network call may happen inside `command`.
 */
export async function runWrite<T>(db: Db, command: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(command);
}

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
  /** Hash of method, path and canonical body: the same key with another request is a conflict. */
  requestHash: string;
  now: Date;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentResult extends StoredResponse {
  replayed: boolean;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
