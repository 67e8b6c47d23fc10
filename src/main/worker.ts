import { EventEmitter } from 'node:events';

import {
  Logger as WorkerLogger,
  parseCrontab,
  run,
  type Task,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';

import { wakeOnWebhookEvents, WebhookDispatcher } from '../features/merchant-webhooks/index.ts';
import { CRONTAB, taskList } from '../jobs/task-list.ts';
import { closeNotificationChannels, openNotificationChannels } from '../notifications/channels.ts';
import { smsProviderFor } from '../notifications/sms-provider.ts';
import { assert } from '../platform/assert.ts';
import { createLogger } from '../platform/logger.ts';
import { inSpan } from '../platform/tracing.ts';
import type { Runtime } from './runtime.ts';
import {
  createWorkerMetrics,
  type MonitoringServer,
  startMonitoringServer,
} from './worker-monitoring.ts';
import { startWorkerRecovery, type WorkerRecovery } from './worker-recovery.ts';

export interface WorkerHandle {
  /** Where `/healthz`, `/readyz` and `/metrics` answer. */
  monitoringUrl: string;
  stop(): Promise<void>;
}

/**
 * graphile-worker's local queue, stopping, could not hand its jobs back over a dead connection,
 * and its promise had no handler left (the queue was already released). It belongs to a runner
 * this process has given up on and replaced; the jobs stay locked under the old pool id, which no
 * connection names any more, so the recovery sweep frees them within seconds (decision 0059).
 */
export function isAbandonedRunnerError(reason: unknown): boolean {
  return (
    reason instanceof Error &&
    reason.message.startsWith(
      'Error occurred whilst returning jobs from local queue to database queue',
    )
  );
}

export async function startWorker(runtime: Runtime): Promise<WorkerHandle> {
  const log = createLogger(runtime.config.logLevel, 'worker');
  // Set once the operator asked the worker to stop. With jobs in flight, graphile-worker's local
  // queue then logs its own release race at error level, six lines a stop ("Cannot background
  // something when the queue is already released", "Errors occurred whilst deactivating
  // queue", …), though nothing is lost: a job it could not hand back stays locked under this
  // pool, which the recovery sweep frees once the process is gone, and it runs again (B15, "a
  // planned stop"). A stop that was asked for is not an error for whoever reads the logs.
  let plannedStop = false;
  const SHUTDOWN_RACE =
    /local queue|deactivating queue|Deactivation failed|shutdown|runner options/;
  const logger = new WorkerLogger((scope) => (level, message, meta) => {
    // Its pool is deliberately smaller than the concurrency: jobs are fetched and completed in
    // batches (below), so graphile-worker's warning about it, at every start, is noise.
    if (message.includes('smaller than concurrency')) level = 'debug';
    if (plannedStop && level === 'error' && SHUTDOWN_RACE.test(message)) {
      level = 'warning';
      meta = { ...meta, planned_stop: true };
    }
    const method =
      level === 'error'
        ? 'error'
        : level === 'warning'
          ? 'warn'
          : level === 'debug'
            ? 'debug'
            : 'info';
    log[method]({ scope, ...meta }, message);
  });
  // Our own pool, so that its clients (including the LISTEN connection) keep an error handler
  // until they are closed: graphile-worker's own pool is ended without waiting on stop, and a
  // database shutting down right after would otherwise crash the process with an unhandled error.
  const pool = new pg.Pool({
    connectionString: runtime.databaseUrl,
    // Jobs are fetched and completed in batches (localQueue, completeJobBatchDelay below), so
    // a few connections serve any concurrency; +2 for the LISTEN connection and a spare.
    max: Math.min(runtime.config.workerConcurrency, 8) + 2,
  });
  const ignore = (error: Error) => log.debug({ err: error }, 'worker database connection closed');
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  const notificationChannels = openNotificationChannels({
    db: runtime.ctx.db,
    smtpUrl: runtime.config.smtpUrl,
    emailFrom: runtime.config.emailFrom,
    log,
    sms: smsProviderFor(runtime.config, log),
  });
  // The pool's id is what graphile-worker locks jobs with; the recovery below announces it.
  const events: WorkerEvents = new EventEmitter();
  let poolId: string | undefined;
  events.on('pool:create', ({ workerPool }) => {
    poolId = workerPool.id;
  });
  const metrics = createWorkerMetrics(runtime.ctx.db, runtime.ctx.clock);
  const untraced = taskList({
    db: runtime.ctx.db,
    clock: runtime.ctx.clock,
    gateway: runtime.ctx.gateway,
    app: runtime.ctx,
    notificationChannels,
    onCollected: metrics.events.collected,
  });
  // One span per job run (decision 0063); its SQL and gateway calls are its children.
  const tasks = runtime.config.otlpEndpoint
    ? (Object.fromEntries(
        Object.entries(untraced as Record<string, Task>).map(([name, task]) => [
          name,
          ((payload, helpers) =>
            inSpan(
              `job ${name}`,
              { 'tranche.job_id': helpers.job.id, 'tranche.job_attempt': helpers.job.attempts },
              async () => {
                await task(payload, helpers);
              },
            )) satisfies Task,
        ]),
      ) as typeof untraced)
    : untraced;
  const startRunner = () =>
    run({
      events,
      pgPool: pool,
      concurrency: runtime.config.workerConcurrency,
      noHandleSignals: true,
      // Fetch due jobs for all workers at once and complete them in batches: one query each per
      // batch instead of per job. A completion may lag a job by 5 ms; a job whose completion a
      // killed process never recorded runs again, which every handler allows (idempotent).
      preset: {
        worker: {
          localQueue: { size: runtime.config.workerConcurrency },
          completeJobBatchDelay: 5,
          failJobBatchDelay: 5,
        },
      },
      pollInterval: 1000,
      logger,
      taskList: tasks,
      parsedCronItems: parseCrontab(CRONTAB),
    });
  let runner = await startRunner();
  // graphile-worker stops its whole pool when it cannot record a batch of finished jobs (the
  // database went away mid-batch: "queue is in an inconsistent state; aborting"), and would leave
  // this process alive but running nothing; seen too (B15): after a database crash, a runner
  // that neither stops nor runs again, its jobs locked. So the runner is replaced, under a new
  // pool id, when it stops without being asked and whenever the database connection is lost;
  // the replacement starts once the database answers. The jobs the old pool held are freed by
  // the recovery sweep once no connection names it (they run again; handlers are idempotent).
  let stopping = false;
  // A call, not the variable: the flag changes while the loops below await.
  const stopped = () => stopping;
  let replacing: Promise<void> | undefined;
  const replaceRunner = (reason: string, error?: unknown) => {
    if (replacing || stopped()) return;
    log.error({ err: error }, `${reason}; starting a new job runner`);
    replacing = (async () => {
      const old = runner;
      // A runner stuck in its shutdown is abandoned after 10 s, not waited for.
      await Promise.race([
        old.stop().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
      for (let attempt = 0; !stopped(); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 10_000)));
        if (stopped()) return;
        try {
          runner = await startRunner();
        } catch (startError) {
          log.warn({ err: startError }, 'the job runner could not start yet; trying again');
          continue;
        }
        if (stopped()) {
          await runner.stop().catch(() => undefined);
          return;
        }
        if (poolId) recovery?.announce(poolId);
        log.warn({ poolId }, 'job runner restarted');
        supervise(runner);
        return;
      }
    })().finally(() => {
      replacing = undefined;
    });
  };
  const supervise = (current: typeof runner) => {
    void current.promise
      .then(
        () => undefined,
        (error: unknown) => error,
      )
      .then((error) => {
        if (current === runner) replaceRunner('the job runner stopped by itself', error);
      });
  };
  // Jobs a killed worker process left locked are freed in seconds, not graphile-worker's 4 hours.
  let recovery: WorkerRecovery | undefined;
  try {
    assert(poolId, 'graphile-worker did not report its pool id');
    recovery = await startWorkerRecovery({
      databaseUrl: runtime.databaseUrl,
      poolId,
      log,
      onConnectionLost: () => replaceRunner('the database connection was lost'),
    });
  } catch (error) {
    await runner.stop();
    await closeNotificationChannels(notificationChannels);
    await pool.end();
    throw error;
  }
  supervise(runner);
  const { config, ctx } = runtime;
  const dispatcher = new WebhookDispatcher(
    { db: ctx.db, clock: ctx.clock, secretBox: ctx.secretBox, log },
    {
      concurrency: config.webhookConcurrency,
      perMerchant: config.webhookEndpointConcurrency,
      timeoutMs: config.webhookTimeoutMs,
      pollMs: config.webhookPollMs,
      loopbackTestWebhooks: ctx.settings.loopbackTestWebhooks,
      onRecorded: metrics.events.webhookAttempt,
    },
  );
  dispatcher.start();
  // New events wake the dispatcher at once (NOTIFY in the writing transaction); its poll stays as
  // the fallback and for retries falling due.
  const webhookWaker = wakeOnWebhookEvents(
    runtime.databaseUrl,
    () => dispatcher.wake(),
    (message) => log.warn(message),
  );
  let monitoring: MonitoringServer;
  try {
    monitoring = await startMonitoringServer({
      host: config.host,
      port: config.workerMetricsPort,
      db: ctx.db,
      metrics,
      log,
    });
  } catch (error) {
    await webhookWaker.stop();
    await dispatcher.stop();
    await recovery.stop();
    await runner.stop();
    await pool.end();
    throw new Error(
      `The worker could not serve its metrics on ${config.host}:${config.workerMetricsPort} (WORKER_METRICS_PORT): ${String(error)}`,
      { cause: error },
    );
  }
  return {
    monitoringUrl: monitoring.url,
    stop: async () => {
      stopping = true;
      plannedStop = true;
      await replacing;
      await monitoring.close();
      await webhookWaker.stop();
      await dispatcher.stop();
      await recovery.stop();
      // A runner that stopped by itself (and was not replaced yet) has nothing left to stop.
      await runner.stop().catch(() => undefined);
      await closeNotificationChannels(notificationChannels);
      await pool.end();
    },
  };
}
