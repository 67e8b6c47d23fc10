import pg from 'pg';

import type { Logger } from '../platform/logger.ts';

/**
 * Jobs of a dead worker process. graphile-worker locks each job it takes with its pool's id and
 * frees the locks of a process that died without releasing them (SIGKILL, out of memory, a lost
 * host) only after 4 hours. An installment whose collection was cut off between the gateway
 * charge and recording it would wait that long.
 *
 * So each worker process says it is alive: one connection it holds open carries the pool id in
 * its `application_name` (`tranche-worker <pool id>`, visible in pg_stat_activity). At start and
 * every `SWEEP_INTERVAL_MS`, a worker unlocks (graphile_worker.force_unlock_workers) the jobs of
 * every pool that no connection to this database names any more; when a process dies, PostgreSQL
 * ends its sessions, so its name disappears with it. Jobs locked for less than `LOCK_GRACE_MS`
 * are left alone: a pool starting up may lock jobs a moment before its name is set. The unlocked
 * jobs run again (their handlers are idempotent; a collection verifies its pending charge with the
 * gateway instead of charging again).
 *
 * Needs session-level state, so not behind a transaction-pooling PgBouncer.
 */
export const APPLICATION_NAME_PREFIX = 'tranche-worker ';
export const SWEEP_INTERVAL_MS = 10_000;
export const LOCK_GRACE_MS = 5_000;

export interface WorkerRecovery {
  /** Unlocks the jobs of dead pools now; returns their ids. */
  sweep(): Promise<string[]>;
  /**
   * This process's jobs are now locked by another pool (its runner was replaced): the liveness
   * connection names that one from now on, so the old pool's jobs count as dead and are freed.
   */
  announce(poolId: string): void;
  stop(): Promise<void>;
}

export async function startWorkerRecovery(options: {
  databaseUrl: string;
  poolId: string;
  log: Logger;
  /** The liveness connection was cut: the database restarted or went away. */
  onConnectionLost?: () => void;
}): Promise<WorkerRecovery> {
  const { databaseUrl, log } = options;
  let { poolId } = options;
  let client: pg.Client | undefined;
  let stopped = false;

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    const named = poolId;
    const fresh = new pg.Client({
      connectionString: databaseUrl,
      application_name: `${APPLICATION_NAME_PREFIX}${named}`,
    });
    fresh.on('error', (error) => {
      log.warn({ err: error }, 'worker liveness connection lost; reconnecting at the next sweep');
      if (client === fresh) client = undefined;
      if (!stopped) options.onConnectionLost?.();
    });
    await fresh.connect();
    if (named !== poolId) {
      // `announce` came while this connection was opening (a runner replaced as the database
      // came back): under the old name it would keep the abandoned pool's jobs locked for ever.
      await fresh.end().catch(() => undefined);
      return connect();
    }
    client = fresh;
    return fresh;
  };

  const sweep = async (): Promise<string[]> => {
    const db = await connect();
    const dead = await db.query<{ locked_by: string }>(
      `SELECT DISTINCT jobs.locked_by
       FROM graphile_worker.jobs AS jobs
       WHERE jobs.locked_by IS NOT NULL
         AND jobs.locked_at < now() - make_interval(secs => $2::double precision / 1000)
         AND NOT EXISTS (
           SELECT 1 FROM pg_stat_activity AS a
           WHERE a.datname = current_database() AND a.application_name = $1 || jobs.locked_by)`,
      [APPLICATION_NAME_PREFIX, LOCK_GRACE_MS],
    );
    const ids = dead.rows.map((row) => row.locked_by);
    if (ids.length > 0) {
      await db.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [ids]);
      log.warn({ workerIds: ids }, 'unlocked the jobs of dead worker processes');
    }
    return ids;
  };

  await connect();
  let running: Promise<unknown> = sweep().catch((error: unknown) =>
    log.error({ err: error }, 'sweeping the jobs of dead workers failed'),
  );
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() =>
      sweep().catch((error: unknown) =>
        log.error({ err: error }, 'sweeping the jobs of dead workers failed'),
      ),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    sweep,
    announce: (next) => {
      if (next === poolId) return;
      poolId = next;
      // The next sweep connects again under the new name.
      void client?.end().catch(() => undefined);
      client = undefined;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
