import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { WebhookDispatcher } from '../../src/features/merchant-webhooks/dispatcher.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';
import { report } from './battery.ts';

/**
 * B24 of the reliability battery, the modes `test/integration/webhooks.test.ts` does not cover:
 * a merchant's receiver that answers 10 MB, answers 200 only after our timeout, resets the
 * connection half-way through its answer, or flaps between those and success. Each is a raw TCP
 * server (node:http would not misbehave on request). Every attempt must carry the same event id,
 * the same bytes and a valid signature; our side reads at most 64 KiB of an answer and never
 * waits past the timeout; every event is delivered in the end.
 */

type Mode = 'ok' | 'huge' | 'late-200' | 'reset-mid-answer' | 'status-500';

interface Attempt {
  mode: Mode;
  body: string;
  signature: string;
  /** Bytes of the answer the receiver managed to write before we hung up. */
  answerBytesWritten: number;
}

const TIMEOUT_MS = 800;
const HUGE_BYTES = 10 * 1024 * 1024;

/** A raw HTTP/1.1 receiver whose n-th request is answered the way `plan(n)` says. */
async function chaosReceiver(plan: (n: number) => Mode) {
  const attempts: Attempt[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = buffered.subarray(0, headerEnd).toString();
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      const body = buffered.subarray(headerEnd + 4, headerEnd + 4 + length).toString();
      buffered = buffered.subarray(headerEnd + 4 + length);
      const mode = plan(attempts.length + 1);
      const attempt: Attempt = {
        mode,
        body,
        signature: /x-tranche-signature: ([0-9a-f]+)/i.exec(head)?.[1] ?? '',
        answerBytesWritten: 0,
      };
      attempts.push(attempt);
      answer(socket, mode, attempt);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    attempts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(socket: Socket, mode: Mode, attempt: Attempt): void {
  const write = (data: string | Buffer) => {
    if (socket.destroyed) return false;
    attempt.answerBytesWritten += data.length;
    return socket.write(data);
  };
  switch (mode) {
    case 'ok':
      write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
      return;
    case 'status-500':
      write('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n');
      return;
    case 'late-200':
      setTimeout(() => write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok'), TIMEOUT_MS * 2);
      return;
    case 'reset-mid-answer':
      write('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n{"rece');
      setTimeout(() => socket.resetAndDestroy(), 20);
      return;
    case 'huge': {
      // 10 MB at 1.6 MB/s: a sender that read it all would take over 6 s and meet its own
      // timeout; one that stops at 64 KiB has its answer in a few tens of milliseconds.
      write(`HTTP/1.1 200 OK\r\ncontent-length: ${HUGE_BYTES}\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || sent >= HUGE_BYTES) return clearInterval(timer);
        sent += chunk.length;
        write(chunk);
      }, 10);
      return;
    }
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function merchantWithUrl(url: string): Promise<TestMerchant> {
  const merchant = await createTestMerchant(t);
  const res = await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { webhook_url: url },
    { token: merchant.testKey },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return merchant;
}

async function emit(merchant: TestMerchant, note: string): Promise<void> {
  t.clock.advance(1);
  await runWrite(t.ctx.db, (tx) =>
    recordEvent(
      tx,
      { merchantId: merchant.id, livemode: false, type: 'payment.success', data: { note } },
      t.clock.now(),
    ),
  );
}

function dispatcher(): WebhookDispatcher {
  return new WebhookDispatcher(
    { db: t.ctx.db, clock: t.clock, secretBox: t.ctx.secretBox, log: createLogger('silent', 't') },
    {
      concurrency: 8,
      perMerchant: 4,
      timeoutMs: TIMEOUT_MS,
      pollMs: 20,
      loopbackTestWebhooks: true,
      random: () => 0,
    },
  );
}

/** Drains, then moves the clock past the next retry, until nothing is left or `rounds` ran out. */
async function deliverAll(merchantId: string, rounds: number): Promise<{ wallMs: number[] }> {
  const d = dispatcher();
  const wallMs: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await d.drain();
      wallMs.push(performance.now() - started);
      const open = await t.ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('status', '<>', 'delivered')
        .execute();
      if (open.length === 0) break;
      t.clock.advance(3 * 3_600_000);
    }
  } finally {
    await d.stop();
  }
  return { wallMs };
}

describe('B24: merchant receivers that misbehave', () => {
  it('10 MB answers, 200 after the timeout, resets mid-answer and flapping: every event delivered, same id and a valid signature on every attempt, at most 64 KiB read, no wait past the timeout', async () => {
    const modes: Mode[] = ['huge', 'late-200', 'reset-mid-answer', 'status-500', 'ok'];
    // Flapping: the answers cycle through every mode, so each event meets several of them.
    const receiver = await chaosReceiver((n) => modes[(n - 1) % modes.length]!);
    try {
      const merchant = await merchantWithUrl(receiver.url);
      const events = 8;
      for (let i = 0; i < events; i++) await emit(merchant, `event ${i}`);
      const { wallMs } = await deliverAll(merchant.id, 12);

      const rows = await t.ctx.db
        .selectFrom('webhook_events')
        .select(['id', 'status', 'attempts'])
        .where('merchant_id', '=', merchant.id)
        .execute();
      const byId = new Map<string, Attempt[]>();
      let badSignatures = 0;
      for (const attempt of receiver.attempts) {
        const id = (JSON.parse(attempt.body) as { id: string }).id;
        byId.set(id, [...(byId.get(id) ?? []), attempt]);
        const expected = createHmac('sha512', merchant.webhookSecret)
          .update(attempt.body)
          .digest('hex');
        if (attempt.signature !== expected) badSignatures += 1;
      }
      const sameBytes = [...byId.values()].every((list) =>
        list.every((a) => a.body === list[0]!.body),
      );
      const huge = receiver.attempts.filter((a) => a.mode === 'huge');
      const maxHugeWritten = Math.max(...huge.map((a) => a.answerBytesWritten));
      report('B24', {
        events,
        attempts: receiver.attempts.length,
        delivered: rows.filter((r) => r.status === 'delivered').length,
        bad_signatures: badSignatures,
        huge_answers: huge.length,
        huge_bytes_accepted_max: maxHugeWritten,
        longest_drain_ms: Math.round(Math.max(...wallMs)),
      });
      expect(rows).toHaveLength(events);
      expect(rows.every((r) => r.status === 'delivered')).toBe(true);
      expect(badSignatures).toBe(0);
      expect(sameBytes).toBe(true);
      expect(byId.size).toBe(events);
      // Every mode was met; each 10 MB answer was cut off soon after our 64 KiB (reading it
      // all would have taken longer than the timeout, and the event would not be delivered).
      expect(new Set(receiver.attempts.map((a) => a.mode))).toEqual(new Set(modes));
      expect(huge.length).toBeGreaterThan(0);
      expect(maxHugeWritten).toBeLessThan(1024 * 1024);
      // A 200 after the timeout counts as a timeout: that event was tried again.
      const late = receiver.attempts.filter((a) => a.mode === 'late-200');
      for (const attempt of late) {
        const id = (JSON.parse(attempt.body) as { id: string }).id;
        expect(byId.get(id)!.length).toBeGreaterThan(1);
      }
      // 200 answered with 10 MB is a delivery as soon as its status line arrives.
      const hugeIds = huge.map((a) => (JSON.parse(a.body) as { id: string }).id);
      for (const id of hugeIds) expect(byId.get(id)!.at(-1)!.mode).toBe('huge');
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
