import { sql } from 'kysely';

import type { Tx } from '../../db/database.ts';
import { listenOn, type PgListener } from '../../platform/pg-listener.ts';

/** The channel on which new or re-queued webhook events wake the workers' dispatchers. */
export const WEBHOOKS_CHANNEL = 'tranche_webhooks';

/**
 * Inside the writing transaction: delivered at commit, never for a rollback, and once per
 * transaction however many events it wrote (PostgreSQL folds identical notifications).
 */
export async function announceWebhookEvents(tx: Tx): Promise<void> {
  await sql`SELECT pg_notify(${WEBHOOKS_CHANNEL}, '')`.execute(tx);
}

/**
 * Wakes `wake` (the dispatcher) whenever events are written, instead of at its next poll. A lost
 * connection wakes it too (an event may have been written meanwhile); the poll stays as the
 * fallback, and for retries, which fall due later.
 */
export function wakeOnWebhookEvents(
  connectionString: string,
  wake: () => void,
  log: (message: string) => void,
): PgListener {
  return listenOn(connectionString, WEBHOOKS_CHANNEL, wake, wake, log);
}
