import { Logger as WorkerLogger, parseCrontab, run, type Runner } from 'graphile-worker';
import { CRONTAB, taskList } from '../jobs/task-list.ts';
import { createLogger } from '../platform/logger.ts';
import type { Runtime } from './runtime.ts';

export async function startWorker(runtime: Runtime): Promise<Runner> {
  const log = createLogger(runtime.config.logLevel, 'worker');
  const logger = new WorkerLogger((scope) => (level, message, meta) => {
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
  return run({
    connectionString: runtime.databaseUrl,
    concurrency: runtime.config.workerConcurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    taskList: taskList({ db: runtime.ctx.db, clock: runtime.ctx.clock }),
    parsedCronItems: parseCrontab(CRONTAB),
  });
}
