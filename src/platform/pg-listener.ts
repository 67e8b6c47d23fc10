import pg from 'pg';

export interface PgListener {
  stop(): Promise<void>;
}

/**
 * Keeps a LISTEN connection on `channel` open and calls `onMessage(payload)` for each
 * notification. When the connection drops, `onReset` runs (notifications may have been missed:
 * the caller catches up) and it reconnects with back-off, from 200 ms up to 10 s; `onReset` runs
 * again once it listens again.
 */
export function listenOn(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReset: () => void,
  log: (message: string) => void = () => undefined,
): PgListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 200;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    // Only the current connection's failure matters; a replaced one ending is expected.
    next.on('error', () => {
      if (next === client) reconnect();
    });
    next.on('end', () => {
      if (!stopped && next === client) reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      delayMs = 200;
      // Anything may have happened while we were not listening.
      onReset();
    } catch (error) {
      log(`listener on ${channel} could not connect: ${(error as Error).message}`);
      await next.end().catch(() => undefined);
      reconnect();
    }
  };

  const reconnect = (): void => {
    onReset();
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delayMs);
    delayMs = Math.min(delayMs * 2, 10_000);
  };

  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
