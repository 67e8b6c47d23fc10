import { sql } from 'kysely';

import type { Tx } from '../../db/database.ts';
import { listenOn, type PgListener } from '../../platform/pg-listener.ts';

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

export type CredentialListener = PgListener;

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
  return listenOn(
    connectionString,
    CREDENTIALS_CHANNEL,
    (payload) => {
      if (payload) onChange(payload);
    },
    onReset,
    log,
  );
}
