import type { Db, Tx } from './database.ts';

/**
 * The one write pipeline (docs/design/conventions.md, practice 2). Handlers never open
 * transactions: they hand a command to `runWrite`, which runs it in one transaction and commits.
 * The command appends its ledger entries, outbox rows and jobs in that transaction, so every
 * state change and its side effects commit together. No network call may happen inside
 * `command`.
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

/** A write's result, and whether it was the stored one replayed for a repeated Idempotency-Key. */
export interface Idempotent<T> {
  data: T;
  replayed: boolean;
}

/**
 * A finished key stores its write's result as the API answered it, `{ ok: true, data }`, with a
 * 2xx status that marks it finished (a claim in flight holds 0). Replays give back `data`; the
 * route that answers chooses the status, as it did the first time.
 */
export const STORED_SUCCESS_STATUS = 200;

export function storedResponseOf(data: unknown): StoredResponse {
  return { status: STORED_SUCCESS_STATUS, body: { ok: true, data } };
}

/**
 * The result a stored response holds (storedResponseOf wrote it). The caller names its type: the
 * row holds what the same write returned the first time, for the same request hash.
 */
export function storedData(body: unknown): unknown {
  return (body as { data: unknown }).data;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
