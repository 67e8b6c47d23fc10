import { type Db, isTransactionConflict, type Tx } from './database.ts';

/**
 * The one write pipeline (docs/design/conventions.md, practice 2). Handlers never open
 * transactions: they hand a command to `runWrite`, which runs it in one transaction and commits.
 * The command appends its ledger entries, outbox rows and jobs in that transaction, so every
 * state change and its side effects commit together. No network call may happen inside
 * `command`, and it changes nothing outside its transaction: that is what makes it safe to run
 * again, which runWrite does when PostgreSQL rolled it back for a deadlock or a serialization
 * failure (`retryTransactionConflicts`). Row locks follow the one order in ARCHITECTURE.md
 * ("Lock order"), so a deadlock is not expected; the retry is the second line of defence.
 */
export async function runWrite<T>(db: Db, command: (tx: Tx) => Promise<T>): Promise<T> {
  return retryTransactionConflicts(() => db.transaction().execute(command));
}

/** Attempts in all (the first and its retries) before a transaction conflict is given up. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Runs `attempt` (one whole transaction, or one statement that is its own) and runs it again,
 * after a short random pause, when it failed with a deadlock or a serialization failure (nothing
 * of it was applied), at most TRANSACTION_ATTEMPTS times in all. The pause doubles each time
 * from about 10 ms and is drawn at random below that bound ("full jitter"), so the transactions
 * that collided do not collide again in step. Any other error, and the last conflict, is thrown
 * as it is: the HTTP layer answers a conflict with 503 and Retry-After (src/http/app.ts).
 */
export async function retryTransactionConflicts<T>(
  attempt: () => Promise<T>,
  options: { attempts?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= attempts || !isTransactionConflict(error)) throw error;
      await sleep(Math.random() * 10 * 2 ** (n - 1));
    }
  }
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
