import type { Logger } from '../platform/logger.ts';

/**
 * What a `tranche` process does with an error nothing caught. Node's default (print, exit 1) is
 * right in spirit: a process in an unknown state should stop and let its supervisor start a fresh
 * one. Here it is done through the logger, so the reason reaches the same place as every other
 * line, at `fatal`, and never silently.
 *
 * One kind is not fatal: a rejection `tolerated` recognises as the leftovers of something this
 * process already replaced (graphile-worker's local queue failing to hand jobs back over a
 * connection that died, after the worker has started a new job runner: decision 0059).
 */
export function installLastResortHandlers(
  log: Logger,
  tolerated: (reason: unknown) => boolean = () => false,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const onRejection = (reason: unknown) => {
    if (tolerated(reason)) {
      log.warn(
        { err: reason },
        'an abandoned job runner failed while stopping; its jobs are freed by the recovery sweep',
      );
      return;
    }
    log.fatal(
      { err: reason },
      'unhandled promise rejection: exiting for the supervisor to restart this process',
    );
    exit(1);
  };
  const onException = (error: Error) => {
    log.fatal(
      { err: error },
      'uncaught exception: exiting for the supervisor to restart this process',
    );
    exit(1);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
