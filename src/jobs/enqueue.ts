import { sql } from 'kysely';

import type { Db, Tx } from '../db/database.ts';
import type { TaskName, TaskPayloads } from './tasks.ts';

export interface EnqueueOptions {
  /** Upserts one job per key (graphile-worker's job_key): a repeat does not add a second job. */
  jobKey?: string;
  /** When it may run: a time, or seconds after the database's now; default at once. */
  runAt?: Date | { afterSeconds: number };
  /** Attempts before it becomes a dead letter; graphile-worker's default (25) when left out. */
  maxAttempts?: number;
}

/**
 * Adds a job. Given the caller's transaction it commits or rolls back with the change that caused
 * it (the outbox rule: no job for a change that did not happen, no change without its job).
 */
export async function enqueue<K extends TaskName>(
  db: Db | Tx,
  task: K,
  payload: TaskPayloads[K],
  options: EnqueueOptions = {},
): Promise<void> {
  const { jobKey = null, runAt, maxAttempts = null } = options;
  const at =
    runAt === undefined
      ? sql`NULL::timestamptz`
      : runAt instanceof Date
        ? sql`${runAt}::timestamptz`
        : sql`now() + make_interval(secs => ${runAt.afterSeconds}::double precision)`;
  await sql`SELECT graphile_worker.add_job(${task}::text, ${JSON.stringify(payload)}::json,
      run_at := ${at}, job_key := ${jobKey}::text, max_attempts := ${maxAttempts}::int)`.execute(
    db,
  );
}
