import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import type { WebhookEventType } from '../../src/domain/webhook.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t, { approve: true });
  other = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

interface Message {
  id: string;
  event: string;
  data: { id: string; type: string; headers: Record<string, string>; body: string };
}

/** A real SSE client over fetch: collects messages and comment lines until closed. */
async function openStream(
  key: string,
  merchantId: string,
  options: { lastEventId?: string; query?: string } = {},
) {
  const abort = new AbortController();
  const response = await fetch(
    `${t.url}/api/v1/merchant/${merchantId}/webhook-events/stream${options.query ?? ''}`,
    {
      headers: {
        authorization: `Bearer ${key}`,
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
      },
      signal: abort.signal,
    },
  );
  const messages: Message[] = [];
  const comments: string[] = [];
  let ended = false;
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
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              else {
                const colon = line.indexOf(':');
                fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
              }
            }
            const data = fields.get('data');
            if (data) {
              messages.push({
                id: fields.get('id') ?? '',
                event: fields.get('event') ?? '',
                data: JSON.parse(data) as Message['data'],
              });
            }
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
    })();
  }
  return {
    response,
    messages,
    comments,
    ended: () => ended,
    close: () => abort.abort(),
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`stream got ${messages.length} of ${count} messages`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

async function record(m: TestMerchant, type: WebhookEventType, livemode = false, n = 1) {
  await runWrite(t.ctx.db, async (tx) => {
    for (let i = 0; i < n; i++) {
      await recordEvent(tx, { merchantId: m.id, livemode, type, data: { n: i } }, t.clock.now());
    }
  });
}

const hmac = (secret: string, body: string) =>
  createHmac('sha512', secret).update(body).digest('hex');

describe('GET /api/v1/merchant/{id}/webhook-events/stream', () => {
  it('streams test events written after it opened, with the stored body and the real signature', async () => {
    await record(merchant, 'payment.success'); // before: the past, not streamed
    const stream = await openStream(merchant.testKey, merchant.id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await record(merchant, 'goods.release');
    await stream.waitFor(1);
    stream.close();
    const [message] = stream.messages;
    const row = await t.ctx.db
      .selectFrom('webhook_events')
      .select(['id', 'body'])
      .where('id', '=', message?.data.id ?? '')
      .executeTakeFirstOrThrow();
    expect(message?.event).toBe('goods.release');
    expect(message?.id).toBe(`${message?.id.split(':')[0]}:${row.id}`);
    expect(message?.data.body).toBe(row.body);
    expect(message?.data.headers['x-tranche-signature']).toBe(
      hmac(merchant.webhookSecrets.test, row.body),
    );
    expect(message?.data.headers['x-tranche-signature']).not.toBe(
      hmac(merchant.webhookSecrets.live, row.body),
    );
    expect(message?.data.headers).toMatchObject({
      'x-tranche-event-id': row.id,
      'x-tranche-event': 'goods.release',
      'content-type': 'application/json',
    });
    expect(stream.comments[0]).toBe(': connected');
  });

  it('never carries live events or another merchant’s events', async () => {
    const stream = await openStream(merchant.testKey, merchant.id);
    await record(merchant, 'payment.success', true);
    await record(other, 'payment.success', false);
    await record(merchant, 'refund.processed', false);
    await stream.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stream.close();
    expect(stream.messages.map((m) => m.event)).toEqual(['refund.processed']);
  });

  it('a live key is refused with a clear 403; another merchant’s id is 404', async () => {
    const live = await openStream(merchant.liveKey, merchant.id);
    expect(live.response.status).toBe(403);
    const body = (await live.response.json()) as { ok: boolean; detail: string };
    expect(body.ok).toBe(false);
    expect(body.detail).toMatch(/sandbox \(sk_test_\) keys only/);
    const foreign = await openStream(other.testKey, merchant.id);
    expect(foreign.response.status).toBe(404);
    const unauthenticated = await openStream('sk_test_nope', merchant.id);
    expect(unauthenticated.response.status).toBe(401);
  });

  it('reconnecting with Last-Event-ID (or since) resumes after it and loses nothing', async () => {
    const first = await openStream(merchant.testKey, merchant.id);
    await record(merchant, 'debit.scheduled', false, 3);
    await first.waitFor(3);
    first.close();
    const ids = (messages: Message[]) => messages.map((m) => m.data.id);
    // Written while nobody listens.
    await record(merchant, 'payment_plan.completed', false, 150);
    const written = (
      await t.ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .where('type', '=', 'payment_plan.completed')
        .execute()
    ).map((row) => row.id);
    const resumed = await openStream(merchant.testKey, merchant.id, {
      lastEventId: first.messages[0]?.id ?? '',
    });
    await resumed.waitFor(152);
    await new Promise((resolve) => setTimeout(resolve, 700));
    resumed.close();
    // Everything after the cursor, once each; the event it names is not sent again.
    expect(ids(resumed.messages)).toEqual(
      expect.arrayContaining([...ids(first.messages.slice(1)), ...written]),
    );
    expect(ids(resumed.messages)).not.toContain(first.messages[0]?.data.id);
    expect(new Set(ids(resumed.messages)).size).toBe(resumed.messages.length);
    const bySince = await openStream(merchant.testKey, merchant.id, {
      query: `?since=${encodeURIComponent(first.messages[2]?.data.id ?? '')}&events=payment_plan.completed`,
    });
    await bySince.waitFor(150);
    bySince.close();
    expect(ids(bySince.messages).sort()).toEqual([...written].sort());
  });

  it('an event whose transaction commits after a later one is still streamed, once it commits', async () => {
    const stream = await openStream(merchant.testKey, merchant.id);
    let commit = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    const progress = { written: false };
    const slow = runWrite(t.ctx.db, async (tx) => {
      await recordEvent(
        tx,
        { merchantId: merchant.id, livemode: false, type: 'payment.failed', data: {} },
        t.clock.now(),
      );
      progress.written = true;
      await held;
    });
    while (!progress.written) await new Promise((resolve) => setTimeout(resolve, 10));
    await record(merchant, 'payment.success');
    // The later transaction's event is not held up by the open one …
    await stream.waitFor(1);
    commit();
    await slow;
    // … and the open one's, committed after it, is not skipped.
    await stream.waitFor(2);
    stream.close();
    expect(stream.messages.map((m) => m.event)).toEqual(['payment.success', 'payment.failed']);
  });

  it('refuses an unknown cursor or event type with 400', async () => {
    const cursor = await openStream(merchant.testKey, merchant.id, { lastEventId: 'evt_nope' });
    expect(cursor.response.status).toBe(400);
    expect(((await cursor.response.json()) as { detail: string }).detail).toMatch(/evt_nope/);
    const type = await openStream(merchant.testKey, merchant.id, { query: '?events=nope' });
    expect(type.response.status).toBe(400);
  });

  it('the server closing ends open streams (it does not wait for them)', async () => {
    const stream = await openStream(merchant.testKey, merchant.id);
    expect(stream.response.status).toBe(200);
    // The close hook runs before the server stops listening; the stream ends from the server side.
    const { endEventStreams } =
      await import('../../src/features/merchant-webhooks/event-stream.ts');
    endEventStreams();
    const deadline = Date.now() + 5_000;
    while (!stream.ended() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(stream.ended()).toBe(true);
  });
});
