import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import { newestFirst, type Page, pageOf } from '../../db/pagination.ts';
import type { WebhookAttemptRow, WebhookEventRow, WebhookEventStatus } from '../../db/schema.ts';
import type { IdempotencyScope, Idempotent } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  eventTypesFor,
  RETRY_WINDOW_MS,
  TEST_EVENT_TYPE,
  webhookBody,
  type WebhookEventType,
} from '../../domain/webhook.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import type { ModeScope } from '../access/index.ts';
import { webhookAddressRules } from './address-policy.ts';
import { loadWebhookEndpoint } from './endpoints.ts';
import type { WebhookAttempt, WebhookEvent } from './schemas.ts';
import { WebhookSender } from './sender.ts';
import { signatureHeaders, signingSecretsAt } from './signing.ts';
import { announceWebhookEvents } from './wake.ts';

export interface NewWebhookEvent {
  merchantId: string;
  livemode: boolean;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * The outbox write (brief §6): called inside the transaction that makes the change the event
 * reports, so the event exists if and only if the change committed. The worker delivers it.
 */
export async function recordEvent(tx: Tx, event: NewWebhookEvent, now: Date): Promise<void> {
  await recordEvents(tx, [event], now);
}

export async function recordEvents(
  tx: Tx,
  events: readonly NewWebhookEvent[],
  now: Date,
): Promise<void> {
  const rows = events.flatMap((event) =>
    eventTypesFor(event.type).map((type) => {
      const id = newId('evt');
      return {
        id,
        merchant_id: event.merchantId,
        livemode: event.livemode,
        type,
        body: webhookBody(id, type, now, event.data),
        created_at: now,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
      };
    }),
  );
  if (rows.length === 0) return;
  await tx.insertInto('webhook_events').values(rows).execute();
  await announceWebhookEvents(tx);
}

export type WebhookAttemptView = Static<typeof WebhookAttempt>;

export type WebhookEventView = Static<typeof WebhookEvent>;

function eventView(row: WebhookEventRow, attempts?: WebhookAttemptRow[]): WebhookEventView {
  return {
    id: row.id,
    object: 'webhook_event',
    event: row.type,
    livemode: row.livemode,
    created_at: row.created_at.toISOString(),
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    payload: JSON.parse(row.body) as unknown,
    ...(attempts && {
      attempt_log: attempts.map((a) => ({
        attempted_at: a.attempted_at.toISOString(),
        url: a.url,
        outcome: a.outcome,
        status_code: a.status_code,
        latency_ms: a.latency_ms,
        error: a.error,
      })),
    }),
  };
}

export interface EventFilter {
  status?: WebhookEventStatus;
  type?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** Events about one plan (their `data.payment_plan.id`). */
  paymentPlanId?: string;
  limit: number;
  cursor?: string;
}

/** The delivery log, newest first: of the scope's mode only (a key's), or both (the dashboard). */
export async function listWebhookEvents(
  ctx: AppContext,
  scope: ModeScope,
  filter: EventFilter,
): Promise<Page<WebhookEventView>> {
  let query = ctx.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.createdFrom) query = query.where('created_at', '>=', filter.createdFrom);
  if (filter.createdTo) query = query.where('created_at', '<', filter.createdTo);
  if (filter.paymentPlanId) {
    query = query.where(
      sql<string>`body::jsonb -> 'data' -> 'payment_plan' ->> 'id'`,
      '=',
      filter.paymentPlanId,
    );
  }
  const rows = await newestFirst(query, filter, 'evt_').execute();
  return pageOf(rows, filter.limit, (row) => eventView(row));
}

/** The merchant's event, of the scope's mode: another merchant's or another mode's is 404. */
async function ownEvent(db: Db | Tx, scope: ModeScope, eventId: string) {
  let query = db
    .selectFrom('webhook_events')
    .selectAll()
    .where('id', '=', eventId)
    .where('merchant_id', '=', scope.merchantId);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Webhook event');
  return row;
}

export async function getWebhookEvent(
  ctx: AppContext,
  scope: ModeScope,
  eventId: string,
): Promise<WebhookEventView> {
  const row = await ownEvent(ctx.db, scope, eventId);
  const attempts = await ctx.db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('event_id', '=', row.id)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
  return eventView(row, attempts);
}

/**
 * Re-sends one event: same id, same body and signature scheme, queued for the next dispatch with
 * a fresh 72-hour retry window. Works on any event, delivered ones included (a merchant who lost
 * its own record can ask again; receivers de-duplicate on the id).
 */
/** With an optional `Idempotency-Key` (decision 0038): a repeat re-queues nothing again. */
export async function resendWebhookEvent(
  ctx: AppContext,
  scope: ModeScope,
  eventId: string,
  idempotency?: IdempotencyScope,
): Promise<Idempotent<WebhookEventView>> {
  const now = ctx.clock.now();
  return runIdempotentWrite(ctx.db, idempotency, async (tx) => {
    const { merchant_id: merchantId } = await ownEvent(tx, scope, eventId);
    const row = await tx
      .updateTable('webhook_events')
      .set({
        status: 'pending',
        next_attempt_at: now,
        retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
      })
      .where('id', '=', eventId)
      .where('merchant_id', '=', merchantId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await announceWebhookEvents(tx);
    return eventView(row);
  });
}

/** The longest range one bulk re-send may cover. */
const MAX_RESEND_RANGE_MS = 31 * 24 * 3_600_000;

/**
 * Re-queues every event in [from, to) that has not been delivered: dead-lettered ones and those
 * still retrying (which are brought forward to now). Delivered events are left alone, and so are
 * the other mode's (a key's scope).
 */
export async function resendFailedWebhookEvents(
  ctx: AppContext,
  scope: ModeScope,
  range: { from: Date; to: Date },
  idempotency?: IdempotencyScope,
): Promise<Idempotent<{ requeued: number }>> {
  if (range.to.getTime() <= range.from.getTime()) {
    throw new DomainError('invalid_request', 'created_before must be later than created_from.');
  }
  if (range.to.getTime() - range.from.getTime() > MAX_RESEND_RANGE_MS) {
    throw new DomainError('invalid_request', 'The range may cover at most 31 days.');
  }
  const now = ctx.clock.now();
  return runIdempotentWrite(ctx.db, idempotency, async (tx) => {
    let update = tx
      .updateTable('webhook_events')
      .set({
        status: 'pending',
        next_attempt_at: now,
        retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
      })
      .where('merchant_id', '=', scope.merchantId)
      .where('status', 'in', ['dead', 'retrying'])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to);
    if (scope.livemode !== undefined) update = update.where('livemode', '=', scope.livemode);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows > 0n) await announceWebhookEvents(tx);
    return { requeued: Number(result.numUpdatedRows) };
  });
}

export type TestDelivery =
  | { delivered: true; event_id: string; url: string; status_code: number; latency_ms: number }
  | {
      delivered: false;
      event_id: string | null;
      url: string | null;
      error: string;
      status_code: number | null;
      latency_ms: number | null;
    };

/** Settings for the synchronous test delivery (the worker's dispatcher has its own). */
export interface TestDeliverySettings {
  timeoutMs: number;
}

/**
 * Sends a signed `webhook.test` event to one mode's URL now and reports what happened (spec
 * §4.3, §7.3): a test key's probe goes to the test URL signed with the test secret under the
 * test-mode address rules, a live key's to the live ones. Not stored in the outbox and never
 * retried: it is a probe.
 */
export async function sendTestWebhook(
  ctx: AppContext,
  merchantId: string,
  livemode: boolean,
  settings: TestDeliverySettings,
): Promise<TestDelivery> {
  const endpoint = await loadWebhookEndpoint(ctx.db, merchantId, livemode);
  const url = endpoint.url;
  if (!url) {
    return {
      delivered: false,
      event_id: null,
      url: null,
      error: `no webhook URL is configured for ${livemode ? 'live' : 'test'} mode: set webhook_url in the merchant settings with an sk_${livemode ? 'live' : 'test'}_ key`,
      status_code: null,
      latency_ms: null,
    };
  }
  const now = ctx.clock.now();
  const id = `evt_test_${randomBase62(20)}`;
  const body = webhookBody(id, TEST_EVENT_TYPE, now, {
    merchant_id: merchantId,
    livemode,
    message: 'A test event from Tranche: verify the X-Tranche-Signature header, then answer 2xx.',
  });
  const sender = new WebhookSender({ timeoutMs: settings.timeoutMs, maxSocketsPerPool: 1 });
  try {
    const result = await sender.send({
      url,
      body,
      headers: signatureHeaders(
        body,
        signingSecretsAt(endpoint, now, (sealed) => ctx.secretBox.open(sealed)),
        { id, type: TEST_EVENT_TYPE },
      ),
      ...webhookAddressRules(livemode, ctx.settings.loopbackTestWebhooks),
      poolKey: merchantId,
    });
    if (result.kind === 'response' && result.statusCode >= 200 && result.statusCode < 300) {
      return {
        delivered: true,
        event_id: id,
        url,
        status_code: result.statusCode,
        latency_ms: result.latencyMs,
      };
    }
    return {
      delivered: false,
      event_id: id,
      url,
      error:
        result.kind === 'error'
          ? result.message
          : result.statusCode >= 300 && result.statusCode < 400
            ? `HTTP ${result.statusCode}: redirects are not followed`
            : `HTTP ${result.statusCode}: the endpoint did not answer 2xx`,
      status_code: result.kind === 'response' ? result.statusCode : null,
      latency_ms: result.latencyMs,
    };
  } finally {
    sender.close();
  }
}

/** Delivered and dead-lettered events (and their attempts) are kept this long, then deleted. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * Deletes finished events older than the retention window, with their attempts, in bounded
 * batches (a daily job). Events still pending or retrying are never deleted, however old: they
 * are undelivered news a merchant has not received yet.
 */
export async function purgeOldWebhookEvents(db: Db, now: Date, batchSize = 5_000): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_MS);
  let purged = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('webhook_events')
        .select('id')
        .where('status', 'in', ['delivered', 'dead'])
        .where('created_at', '<', before)
        .limit(batchSize)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return purged;
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('webhook_attempts').where('event_id', 'in', ids).execute();
      await tx
        .deleteFrom('webhook_events')
        .where('id', 'in', ids)
        .where('status', 'in', ['delivered', 'dead'])
        .execute();
    });
    purged += ids.length;
  }
}
