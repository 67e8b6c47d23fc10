import { sql } from 'kysely';
import pg from 'pg';

import type { Tx } from '../../db/database.ts';

/** The channel on which credential changes are announced to every API process. */
export const CREDENTIALS_CHANNEL = 'tranche_credentials';

/** Announces, inside the changing transaction, that `merchantId`'s keys or status changed. */
export async function announceCredentialChange(tx: Tx, merchantId: string): Promise<void> {
  await sql`SELECT pg_notify(${CREDENTIALS_CHANNEL}, ${merchantId})`.execute(tx);
}

/** The prefix of an announcement that a subject's logins ended; any other payload is a merchant id. */
export const LOGINS_ENDED_PREFIX = 'logins-ended:';

/** Announces, inside the revoking transaction, that logins of `subject` (`customer:<id>`…) ended. */
export async function announceLoginsEnded(tx: Tx, subject: string): Promise<void> {
  await sql`SELECT pg_notify(${CREDENTIALS_CHANNEL}, ${LOGINS_ENDED_PREFIX + subject})`.execute(tx);
}

export interface CredentialListener {
  stop(): Promise<void>;
}

/**
 * Keeps a LISTEN connection open and calls `onChange(announcement)` for each one (a merchant id,
 * or a subject whose logins ended: `CredentialCache.forget` tells them apart). When the
 * connection drops, `onReset` runs (forget everything: notifications may have been missed) and it
 * reconnects with back-off.
 */
export function listenForCredentialChanges(
  connectionString: string,
  onChange: (announcement: string) => void,
  onReset: () => void,
  log: (message: string) => void = () => undefined,
): CredentialListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 200;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === CREDENTIALS_CHANNEL && message.payload) onChange(message.payload);
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
      await next.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
      client = next;
      delayMs = 200;
      // Anything may have changed while we were not listening.
      onReset();
    } catch (error) {
      log(`credential listener could not connect: ${(error as Error).message}`);
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
