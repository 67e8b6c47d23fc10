import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { webhookIncidentStarts } from '../../domain/merchant-notification.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { notifyMerchant } from './enqueue.ts';

/**
 * Webhooks failing for an hour (decision 0067). Every five minutes (check_webhook_health) each
 * webhook endpoint (merchant and mode) that failed recently, or has an open incident, is looked
 * at through its attempts (webhook_attempts, the delivery log):
 *   - failing since: its first failed attempt after its last delivered one;
 *   - no open incident, failing for an hour or more → an incident opens: one e-mail;
 *   - an open incident, and a delivered attempt after it began → it closes: one recovery e-mail.
 * At most one incident is open per endpoint (a unique index), so a merchant whose server stays
 * down hears of it once, not once per failed event, and again only after it recovered and failed
 * for another hour.
 */

/**
 * Failures older than this are not looked for: the longest gap between two retries of an event
 * is 8 hours plus 25% jitter (docs/webhooks.md), so an endpoint still failing has one this recent.
 */
const RECENT_MS = 10 * 60 * 60_000;
/** No event is retried for longer than 72 hours (docs/webhooks.md), so no attempt is older. */
const HISTORY_MS = 74 * 60 * 60_000;

interface EndpointHealth {
  merchant_id: string;
  livemode: boolean;
  last_ok: Date | null;
  failing_since: Date | null;
  last_error: string | null;
  last_status_code: number | null;
  url: string | null;
  incident_id: string | null;
  incident_since: Date | null;
}

export async function checkWebhookHealth(deps: {
  db: Db;
  clock: Clock;
}): Promise<{ opened: number; recovered: number }> {
  const now = deps.clock.now();
  const recent = new Date(now.getTime() - RECENT_MS);
  const history = new Date(now.getTime() - HISTORY_MS);
  const endpoints = await sql<EndpointHealth>`
    WITH candidates AS (
      SELECT DISTINCT e.merchant_id, e.livemode
        FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
       WHERE a.attempted_at > ${recent} AND a.attempted_at <= ${now} AND a.outcome = 'failed'
      UNION
      SELECT merchant_id, livemode FROM webhook_incidents WHERE recovered_at IS NULL
    )
    SELECT c.merchant_id, c.livemode, ok.last_ok, bad.failing_since, last.error AS last_error,
           last.status_code AS last_status_code, ep.url, i.id AS incident_id,
           i.failing_since AS incident_since
      FROM candidates c
      LEFT JOIN webhook_endpoints ep ON ep.merchant_id = c.merchant_id AND ep.livemode = c.livemode
      LEFT JOIN webhook_incidents i
        ON i.merchant_id = c.merchant_id AND i.livemode = c.livemode AND i.recovered_at IS NULL
      CROSS JOIN LATERAL (
        SELECT max(a.attempted_at) AS last_ok
          FROM webhook_events e JOIN webhook_attempts a ON a.event_id = e.id
         WHERE e.merchant_id = c.merchant_id AND e.livemode = c.livemode
           AND e.created_at > ${history} AND a.outcome = 'delivered' AND a.attempted_at <= ${now}
      ) ok
      CROSS JOIN LATERAL (
        SELECT min(a.attempted_at) AS failing_since
          FROM webhook_events e JOIN webhook_attempts a ON a.event_id = e.id
         WHERE e.merchant_id = c.merchant_id AND e.livemode = c.livemode
           AND e.created_at > ${history} AND a.outcome = 'failed' AND a.attempted_at <= ${now}
           AND (ok.last_ok IS NULL OR a.attempted_at > ok.last_ok)
      ) bad
      LEFT JOIN LATERAL (
        SELECT a.error, a.status_code
          FROM webhook_events e JOIN webhook_attempts a ON a.event_id = e.id
         WHERE e.merchant_id = c.merchant_id AND e.livemode = c.livemode
           AND e.created_at > ${history} AND a.attempted_at <= ${now}
         ORDER BY a.attempted_at DESC
         LIMIT 1
      ) last ON true`.execute(deps.db);

  let opened = 0;
  let recovered = 0;
  for (const ep of endpoints.rows) {
    const facts = {
      livemode: ep.livemode,
      url: ep.url,
      lastError:
        ep.last_error ?? (ep.last_status_code === null ? null : `HTTP ${ep.last_status_code}`),
    };
    if (ep.incident_id && ep.incident_since && ep.last_ok && ep.last_ok > ep.incident_since) {
      const incidentId = ep.incident_id;
      const since = ep.incident_since;
      const at = ep.last_ok;
      const closed = await runWrite(deps.db, async (tx) => {
        const row = await tx
          .updateTable('webhook_incidents')
          .set({ recovered_at: at })
          .where('id', '=', incidentId)
          .where('recovered_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await notifyMerchant(
          tx,
          'webhooks_recovered',
          {
            merchantId: ep.merchant_id,
            subjectId: incidentId,
            facts: {
              ...facts,
              incidentId,
              failingSince: since.toISOString(),
              lastError: null,
              recoveredAt: at.toISOString(),
            },
          },
          now,
        );
        return true;
      });
      if (closed) recovered++;
      continue;
    }
    if (ep.incident_id || !webhookIncidentStarts({ failingSince: ep.failing_since }, now)) continue;
    const since = ep.failing_since;
    if (!since) continue;
    const opens = await runWrite(deps.db, async (tx) => {
      const incidentId = newId('whi');
      const row = await tx
        .insertInto('webhook_incidents')
        .values({
          id: incidentId,
          merchant_id: ep.merchant_id,
          livemode: ep.livemode,
          failing_since: since,
          opened_at: now,
          recovered_at: null,
        })
        // Another check that opened it first wins: one incident, one e-mail.
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'livemode']).where('recovered_at', 'is', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await notifyMerchant(
        tx,
        'webhooks_failing',
        {
          merchantId: ep.merchant_id,
          subjectId: incidentId,
          facts: { ...facts, incidentId, failingSince: since.toISOString() },
        },
        now,
      );
      return true;
    });
    if (opens) opened++;
  }
  return { opened, recovered };
}
