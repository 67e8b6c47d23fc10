import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/index.ts';
import { runListen } from '../../src/main/cli-listen.ts';
import { waitFor } from '../harness/e2e.ts';
import {
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/** Issue 24: sixteen streams of one key took every in-flight slot and the API answered 503. */
const IN_FLIGHT = 4;
const PER_KEY = 3;
const PER_PROCESS = 6;
const MAX_AGE_MS = 2_000;

let capped: TestApp;
/** Streams end after MAX_AGE_MS; its log is kept to show what it logged. */
let aging: TestApp;
const logLines: string[] = [];
let a: TestMerchant;
let b: TestMerchant;
let c: TestMerchant;
let d: TestMerchant;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [capped, aging, receiver] = await Promise.all([
    startTestApp({
      maxRequestsInFlight: IN_FLIGHT,
      settings: { eventStreamsPerKey: PER_KEY, eventStreamsPerProcess: PER_PROCESS },
    }),
    startTestApp({
      settings: { eventStreamMaxAgeMs: MAX_AGE_MS },
      log: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    }),
    startWebhookReceiver(),
  ]);
  [a, b, c, d] = await Promise.all([
    createTestMerchant(capped, { approve: true }),
    createTestMerchant(capped, { approve: true }),
    createTestMerchant(capped, { approve: true }),
    createTestMerchant(aging, { approve: true }),
  ]);
});
const open: { close(): void }[] = [];
afterAll(async () => {
  for (const stream of open) stream.close();
  await Promise.all([capped.close(), aging.close(), receiver.close()]);
});

interface Message {
  id: string;
  event: string;
  data: { id: string } | null;
}

/** An SSE client over fetch that keeps every message, data-less ones (checkpoints, signals) too. */
async function openStream(
  t: TestApp,
  m: TestMerchant,
  options: { lastEventId?: string; query?: string } = {},
) {
  const abort = new AbortController();
  const response = await fetch(
    `${t.url}/api/v1/merchant/${m.id}/webhook-events/stream${options.query ?? ''}`,
    {
      headers: {
        authorization: `Bearer ${m.testKey}`,
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
      },
      signal: abort.signal,
    },
  );
  const messages: Message[] = [];
  const state = { ended: false };
  if (response.status === 200 && response.body) {
    const body = response.body;
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const fields = new Map<string, string>();
            for (const line of buffer.slice(0, end).split('\n')) {
              const colon = line.indexOf(':');
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            buffer = buffer.slice(end + 2);
            const data = fields.get('data');
            messages.push({
              id: fields.get('id') ?? '',
              event: fields.get('event') ?? '',
              data: data ? (JSON.parse(data) as { id: string }) : null,
            });
          }
        }
        state.ended = true;
      } catch {
        // Aborted by the test.
      }
    })();
  }
  const stream = {
    response,
    messages,
    events: () => messages.filter((m) => m.data !== null),
    ended: () => state.ended,
    close: () => abort.abort(),
  };
  open.push(stream);
  return stream;
}

async function eventIds(t: TestApp, m: TestMerchant): Promise<Set<string>> {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select('id')
    .where('merchant_id', '=', m.id)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Writes `n` test events in one transaction; their ids. */
async function record(t: TestApp, m: TestMerchant, n = 1): Promise<string[]> {
  const before = await eventIds(t, m);
  await runWrite(t.ctx.db, async (tx) => {
    for (let i = 0; i < n; i++) {
      await recordEvent(
        tx,
        { merchantId: m.id, livemode: false, type: 'payment.success', data: { n: i } },
        t.clock.now(),
      );
    }
  });
  return [...(await eventIds(t, m))].filter((id) => !before.has(id));
}

/** What another merchant does while the streams are open: read, create a session, open its page. */
async function otherMerchantWorks(t: TestApp, m: TestMerchant): Promise<number[]> {
  const created = await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), {
    token: m.testKey,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  const statuses = [created.status];
  const url = created.body?.data?.checkout_url as string | undefined;
  if (url) statuses.push((await fetch(`${t.url}${new URL(url).pathname}`)).status);
  statuses.push((await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey })).status);
  return statuses;
}

describe('event streams are capped per key and per process, outside MAX_REQUESTS_IN_FLIGHT', () => {
  it('one key past its cap gets a clear 429, and other merchants’ requests, session creates and the checkout page still succeed', async () => {
    const streams = [];
    for (let i = 0; i < PER_KEY; i++) streams.push(await openStream(capped, a));
    expect(streams.map((s) => s.response.status)).toEqual(Array(PER_KEY).fill(200));
    const refused = await openStream(capped, a);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('10');
    const body = (await refused.response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: false, code: 'rate_limited', retryable: true });
    expect(body.detail).toBe(
      `This API key already has ${PER_KEY} event streams open, the most one key may have. Close one (stop a tranche listen) and retry.`,
    );
    expect(await otherMerchantWorks(capped, b)).toEqual([201, 200, 200]);
    for (const stream of streams) stream.close();
  });

  it('open streams hold no in-flight slot: more streams than MAX_REQUESTS_IN_FLIGHT, and a burst of requests at the limit still passes', async () => {
    // Slots of the previous test's streams come back once the server sees them closed.
    const opened = [];
    await waitFor(async () => {
      const stream = await openStream(capped, a);
      if (stream.response.status === 200) opened.push(stream);
      return opened.length === PER_KEY;
    }, 10_000);
    for (let i = 0; i < PER_KEY; i++) opened.push(await openStream(capped, b));
    expect(opened.map((s) => s.response.status)).toEqual(Array(PER_PROCESS).fill(200));
    expect(PER_PROCESS).toBeGreaterThan(IN_FLIGHT);
    const burst = await Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        capped.http.get(`/api/v1/merchant/${c.id}`, { token: c.testKey }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(await otherMerchantWorks(capped, c)).toEqual([201, 200, 200]);

    // The process cap: a third key's stream is refused while PER_PROCESS are open …
    const full = await openStream(capped, c);
    expect(full.response.status).toBe(429);
    // … and admitted once one of them closes.
    opened[0]?.close();
    let admitted = false;
    await waitFor(async () => {
      const retry = await openStream(capped, c);
      admitted = retry.response.status === 200;
      return admitted;
    }, 10_000);
    expect(admitted).toBe(true);
  });
});

describe('event streams have a maximum age', () => {
  it('the server ends the stream cleanly after its maximum age, and a reconnect with the last cursor loses nothing', async () => {
    const stream = await openStream(aging, d);
    const opened = Date.now();
    const before = await record(aging, d, 3);
    await waitFor(() => stream.events().length === 3, 10_000);
    await waitFor(() => stream.ended(), MAX_AGE_MS + 5_000);
    const age = Date.now() - opened;
    expect(age).toBeGreaterThanOrEqual(MAX_AGE_MS * 0.9 - 100);
    expect(stream.messages.at(-1)).toMatchObject({ event: 'reconnect', data: null });
    // Written after it ended, before the reconnect.
    const between = await record(aging, d, 2);
    const lastCursor = stream.messages.filter((m) => m.id !== '').at(-1)?.id ?? '';
    expect(lastCursor).not.toBe('');
    const resumed = await openStream(aging, d, { lastEventId: lastCursor });
    expect(resumed.response.status).toBe(200);
    await waitFor(() => resumed.events().length >= 2, 10_000);
    resumed.close();
    const seen = new Set([...stream.events(), ...resumed.events()].map((m) => m.data?.id));
    for (const id of [...before, ...between]) expect(seen, id).toContain(id);
  });

  it('tranche listen reconnects at once after each maximum age and forwards every event', async () => {
    const abort = new AbortController();
    const printed: string[] = [];
    const notes: string[] = [];
    const streamRequests = () =>
      logLines.filter(
        (line) =>
          line.includes('"incoming request"') &&
          line.includes(`/api/v1/merchant/${d.id}/webhook-events/stream`),
      ).length;
    const requestsBefore = streamRequests();
    const listening = runListen(
      {
        apiBase: aging.url,
        apiKey: d.testKey,
        forwardTo: `${receiver.url}/hooks`,
        events: [],
        signal: abort.signal,
        firstRetryMs: 50,
      },
      { print: (line) => printed.push(line), note: (line) => notes.push(line) },
    );
    await waitFor(() => printed.some((line) => line.includes('Ctrl-C to stop')), 10_000);
    // Events keep coming across two maximum ages.
    const written: string[] = [];
    const until = Date.now() + 2.2 * MAX_AGE_MS;
    while (Date.now() < until) {
      written.push(...(await record(aging, d, 1)));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const forwarded = () => new Set(receiver.received.map((r) => r.headers['x-tranche-event-id']));
    await waitFor(
      () => written.every((id) => forwarded().has(id)),
      15_000,
      () =>
        `missing ${written.filter((id) => !forwarded().has(id)).join(', ')}\n${notes.join('\n')}`,
    );
    abort.abort();
    expect(await listening).toBe(0);
    expect(streamRequests() - requestsBefore).toBeGreaterThanOrEqual(3);
    expect(notes.filter((line) => /stream ended|Connection lost/.test(line))).toEqual([]);
  });
});

describe('stream cursors', () => {
  it('a cursor outside the xid8 range, or not yet issued, is 400 and nothing is logged as an error', async () => {
    const linesBefore = logLines.length;
    for (const cursor of [
      '99999999999999999999:',
      '18446744073709551616:',
      `18446744073709551615:evt_${'a'.repeat(20)}`,
    ]) {
      for (const options of [
        { query: `?since=${encodeURIComponent(cursor)}` },
        { lastEventId: cursor },
      ]) {
        const stream = await openStream(aging, d, options);
        expect(stream.response.status, cursor).toBe(400);
        const body = (await stream.response.json()) as Record<string, unknown>;
        expect(body, cursor).toMatchObject({ ok: false, code: 'invalid_request' });
        expect(body.detail).toBe(
          `${cursor} is not a cursor this stream issued: reconnect without Last-Event-ID or since to start from now.`,
        );
      }
    }
    // Give a stream that was (wrongly) opened time to fail its first read.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const errors = logLines
      .slice(linesBefore)
      .filter((line) => /"level":(50|60)/.test(line) || line.includes('event stream failed'));
    expect(errors).toEqual([]);
  });
});
