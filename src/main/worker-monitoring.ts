import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type RawBuilder, sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

import type { Db } from '../db/database.ts';
import type { CollectionOutcome } from '../domain/plan.ts';
import { PAYOUT_OTP_TIMEOUT_MS } from '../features/money/index.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * The worker's own health and Prometheus endpoints (docs/production.md).
 *
 * Two kinds of metric: counters of what this process did (collections, webhook attempts), which
 * Prometheus sums across workers, and gauges of the whole system's state (what is due, queued,
 * dead-lettered, in flight) read from PostgreSQL at scrape time. Every worker reports the same
 * gauges: aggregate them with max(), not sum(). Each gauge query reads a partial index
 * (migrations/0015) and costs what is outstanding, not the tables' history.
 */

/** What the worker's jobs report as they happen. */
interface WorkerEvents {
  collected: (outcome: CollectionOutcome) => void;
  webhookAttempt: (status: 'delivered' | 'retrying' | 'dead') => void;
}

export interface WorkerMetrics {
  registry: Registry;
  events: WorkerEvents;
  /** Reads the system's state from PostgreSQL, then renders every metric. */
  scrape(): Promise<string>;
}

const MODES = [
  ['false', 'test'],
  ['true', 'live'],
] as const;

export function createWorkerMetrics(db: Db, clock: Clock): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const collected = new Counter({
    name: 'tranche_installments_collected_total',
    help: 'Installments (deposits included) this worker process collected.',
    registers,
  });
  const failed = new Counter({
    name: 'tranche_installments_failed_total',
    help: 'Collection attempts this worker process saw declined or failed.',
    registers,
  });
  const attempts = new Counter({
    name: 'tranche_webhook_deliveries_total',
    help: 'Webhook delivery attempts by this worker process, by outcome (delivered, retrying: failed and retried later, dead: failed and dead-lettered).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['delivered', 'retrying', 'dead']) attempts.inc({ outcome }, 0);

  // The system's state, read once per scrape (six queries in parallel) before rendering.
  let current = EMPTY;
  const gauge = (
    name: string,
    help: string,
    labelNames: readonly string[],
    set: (g: Gauge, s: Snapshot) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        set(this, current);
      },
    });
  const perMode = (g: Gauge, values: Record<string, number>) => {
    for (const [key, mode] of MODES) g.set({ mode }, values[key] ?? 0);
  };

  gauge(
    'tranche_installments_due',
    'Installments of open plans past their due time and not collected (not attempted yet, in flight, or failed and waiting for a retry).',
    ['mode'],
    (g, s) => perMode(g, s.installmentsDue),
  );
  gauge(
    'tranche_collection_lag_seconds',
    'Age of the oldest installment past its due time that no collection has attempted yet (0: none). Grows when workers fall behind.',
    ['mode'],
    (g, s) => perMode(g, s.collectionLag),
  );
  gauge(
    'tranche_webhook_queue_depth',
    'Webhook events waiting for delivery to a configured endpoint: pending (never attempted) or retrying.',
    ['mode', 'status'],
    (g, s) => {
      for (const status of ['pending', 'retrying']) {
        for (const [key, mode] of MODES) {
          g.set({ mode, status }, s.webhookQueue[`${status}:${key}`] ?? 0);
        }
      }
    },
  );
  gauge(
    'tranche_webhook_oldest_pending_age_seconds',
    'Age of the oldest never-attempted webhook event whose endpoint is configured (0: none). Grows when dispatchers fall behind.',
    ['mode'],
    (g, s) => perMode(g, s.webhookOldestPending),
  );
  gauge(
    'tranche_webhook_dead_letters',
    'Webhook events that ran out of retries (kept 30 days; re-send them from the delivery log).',
    ['mode'],
    (g, s) => perMode(g, s.deadLetters),
  );
  gauge(
    'tranche_payouts_pending',
    'Payouts not settled yet (pending or in transit at the gateway).',
    [],
    (g, s) => g.set(s.payoutsPending),
  );
  gauge(
    'tranche_payouts_oldest_pending_age_seconds',
    'Age of the oldest payout not settled yet (0: none).',
    [],
    (g, s) => g.set(s.payoutsOldestAge),
  );
  gauge(
    'tranche_payouts_awaiting_otp',
    'Payouts whose transfer the gateway holds until an operator gives its OTP (decision 0043).',
    [],
    (g, s) => g.set(s.payoutsAwaitingOtp),
  );
  gauge(
    'tranche_payouts_awaiting_otp_oldest_age_seconds',
    'How long the oldest payout has waited for its transfer OTP (0: none).',
    [],
    (g, s) => g.set(s.payoutsAwaitingOtpOldestAge),
  );
  gauge(
    'tranche_payouts_awaiting_otp_overdue',
    'Payouts waiting for their transfer OTP longer than 30 minutes, when Paystack documents that it abandons them. Alert above 0.',
    [],
    (g, s) => g.set(s.payoutsAwaitingOtpOverdue),
  );
  gauge(
    'tranche_refunds_pending',
    'Refunds whose cash part the gateway has not paid back yet.',
    [],
    (g, s) => g.set(s.refundsPending),
  );
  return {
    registry,
    scrape: async () => {
      current = await readSnapshot(db, clock.now());
      return registry.metrics();
    },
    events: {
      collected: (outcome) => {
        if (outcome === 'paid') collected.inc();
        else if (outcome === 'failed') failed.inc();
      },
      webhookAttempt: (status) => attempts.inc({ outcome: status }),
    },
  };
}

interface Snapshot {
  /** Keyed by livemode ('true' / 'false'). */
  installmentsDue: Record<string, number>;
  collectionLag: Record<string, number>;
  /** Keyed by `status:livemode`. */
  webhookQueue: Record<string, number>;
  webhookOldestPending: Record<string, number>;
  deadLetters: Record<string, number>;
  payoutsPending: number;
  payoutsOldestAge: number;
  payoutsAwaitingOtp: number;
  payoutsAwaitingOtpOldestAge: number;
  payoutsAwaitingOtpOverdue: number;
  refundsPending: number;
}

const EMPTY: Snapshot = {
  installmentsDue: {},
  collectionLag: {},
  webhookQueue: {},
  webhookOldestPending: {},
  deadLetters: {},
  payoutsPending: 0,
  payoutsOldestAge: 0,
  payoutsAwaitingOtp: 0,
  payoutsAwaitingOtpOldestAge: 0,
  payoutsAwaitingOtpOverdue: 0,
  refundsPending: 0,
};

type Row = { key: string; count: string | number; age: string | number | null };

async function readSnapshot(db: Db, now: Date): Promise<Snapshot> {
  const at = now.toISOString();
  const rows = async (query: RawBuilder<Row>) => (await query.execute(db)).rows;
  const overdueBefore = new Date(now.getTime() - PAYOUT_OTP_TIMEOUT_MS).toISOString();
  const [due, queue, dead, payouts, refunds, awaitingOtp] = await Promise.all([
    rows(sql<Row>`
      SELECT p.livemode::text AS key, count(*) AS count,
             extract(epoch FROM ${at}::timestamptz - min(i.due_at) FILTER (WHERE i.status = 'scheduled')) AS age
        FROM installments i JOIN payment_plans p ON p.id = i.plan_id
       WHERE i.status IN ('scheduled', 'processing', 'failed') AND i.due_at <= ${at}::timestamptz
         AND p.status IN ('pending_deposit', 'active')
       GROUP BY p.livemode`),
    rows(sql<Row>`
      SELECT e.status || ':' || e.livemode::text AS key, count(*) AS count,
             extract(epoch FROM ${at}::timestamptz - min(e.created_at)) AS age
        FROM webhook_events e
        JOIN webhook_endpoints w ON w.merchant_id = e.merchant_id AND w.livemode = e.livemode
       WHERE e.status IN ('pending', 'retrying') AND w.url IS NOT NULL AND w.disabled_at IS NULL
       GROUP BY e.status, e.livemode`),
    rows(sql<Row>`
      SELECT livemode::text AS key, count(*) AS count, NULL AS age
        FROM webhook_events WHERE status = 'dead' GROUP BY livemode`),
    rows(sql<Row>`
      SELECT 'all' AS key, count(*) AS count,
             extract(epoch FROM ${at}::timestamptz - min(created_at)) AS age
        FROM payouts WHERE status IN ('pending', 'in_transit')`),
    rows(sql<Row>`
      SELECT 'all' AS key, count(*) AS count, NULL AS age FROM refunds WHERE status = 'pending'`),
    // The key carries the overdue count (migrations/0029's partial index).
    rows(sql<Row>`
      SELECT (count(*) FILTER (WHERE otp_requested_at <= ${overdueBefore}::timestamptz))::text AS key,
             count(*) AS count,
             extract(epoch FROM ${at}::timestamptz - min(otp_requested_at)) AS age
        FROM payouts
       WHERE status = 'in_transit' AND otp_requested_at IS NOT NULL AND otp_finalized_at IS NULL`),
  ]);
  const counts = (list: Row[]) => Object.fromEntries(list.map((r) => [r.key, Number(r.count)]));
  const ages = (list: Row[], prefix = '') =>
    Object.fromEntries(
      list
        .filter((r) => r.key.startsWith(prefix))
        .map((r) => [r.key.slice(prefix.length), Math.max(0, Number(r.age ?? 0))]),
    );
  return {
    installmentsDue: counts(due),
    collectionLag: ages(due),
    webhookQueue: counts(queue),
    webhookOldestPending: ages(queue, 'pending:'),
    deadLetters: counts(dead),
    payoutsPending: Number(payouts[0]?.count ?? 0),
    payoutsOldestAge: Math.max(0, Number(payouts[0]?.age ?? 0)),
    payoutsAwaitingOtp: Number(awaitingOtp[0]?.count ?? 0),
    payoutsAwaitingOtpOldestAge: Math.max(0, Number(awaitingOtp[0]?.age ?? 0)),
    payoutsAwaitingOtpOverdue: Number(awaitingOtp[0]?.key ?? 0),
    refundsPending: Number(refunds[0]?.count ?? 0),
  };
}

export interface MonitoringServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `/healthz` (the process answers), `/readyz` (it reaches PostgreSQL) and `/metrics`, on their
 * own port: the worker has no HTTP API, and this keeps scrapes off the API's rate limits.
 */
export async function startMonitoringServer(options: {
  host: string;
  port: number;
  db: Db;
  metrics: WorkerMetrics;
  log: { error(obj: object, message: string): void };
}): Promise<MonitoringServer> {
  const { db, metrics, log } = options;
  const server: Server = createServer((request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    const json = (status: number, body: object) =>
      send(status, 'application/json; charset=utf-8', JSON.stringify(body));
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return json(405, { ok: false, code: 'method_not_allowed', detail: 'Use GET.' });
    }
    if (path === '/healthz') return json(200, { ok: true, status: 'alive' });
    if (path === '/readyz') {
      sql`SELECT 1`
        .execute(db)
        .then(() => json(200, { ok: true, status: 'ready' }))
        .catch(() =>
          json(503, {
            ok: false,
            code: 'service_unavailable',
            detail: 'The database is not reachable.',
          }),
        );
      return;
    }
    if (path === '/metrics') {
      metrics
        .scrape()
        .then((text) => send(200, metrics.registry.contentType, text))
        .catch((error: unknown) => {
          log.error({ err: error }, 'metrics scrape failed');
          send(
            503,
            'text/plain; charset=utf-8',
            'metrics unavailable: the database is not reachable\n',
          );
        });
      return;
    }
    json(404, { ok: false, code: 'not_found', detail: `No route ${path}.` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
