import { connect, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import {
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

const LIMIT = 3;

let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp({ maxRequestsInFlight: LIMIT });
  merchant = await createTestMerchant(t, { approve: true });
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

/**
 * A session create whose body is announced but only half sent: the server has admitted it
 * (its onRequest hooks ran) and waits for the rest, so it stays in flight as long as we like.
 */
function halfSentSessionCreate(): { socket: Socket; finish(): void; response: Promise<string> } {
  const { port } = new URL(t.url);
  const body = JSON.stringify(sessionBody(merchant.id));
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.write(
    [
      'POST /api/v1/checkout/sessions HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${merchant.testKey}`,
      `Idempotency-Key: ${newIdempotencyKey()}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body.slice(0, 10),
    ].join('\r\n'),
  );
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const response = new Promise<string>((done) => socket.on('close', () => done(received)));
  return { socket, finish: () => socket.write(body.slice(10)), response };
}

async function sessionCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('checkout_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A request that changes nothing: 404 when admitted, 503 when shed. */
async function probeStatus(): Promise<number> {
  return (await t.http.get('/api/v1/checkout/sessions/cs_nothing_here')).status;
}

async function createSession(key = newIdempotencyKey(), body = sessionBody(merchant.id)) {
  return t.http.post('/api/v1/checkout/sessions', body, {
    token: merchant.testKey,
    headers: { 'Idempotency-Key': key },
  });
}

describe('load shedding (MAX_REQUESTS_IN_FLIGHT)', () => {
  it('past the limit a request gets 503 with Retry-After and does nothing; health stays up; the slot comes back when a request ends or is abandoned', async () => {
    const before = await sessionCount();
    const held = Array.from({ length: LIMIT }, () => halfSentSessionCreate());
    // Each held request is admitted once the server has read its headers.
    await waitFor(async () => (await probeStatus()) === 503, 10_000);
    const key = newIdempotencyKey();
    const body = sessionBody(merchant.id);

    const refused = await createSession(key, body);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      ok: false,
      code: 'service_unavailable',
      retryable: true,
    });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await t.http.get('/healthz')).status).toBe(200);
    expect((await t.http.get('/readyz')).status).toBe(200);
    expect(await sessionCount()).toBe(before);

    // One held request completes normally, one is abandoned by its client: both free a slot.
    const [completed, abandoned] = held;
    completed!.finish();
    expect(await completed!.response).toMatch(/^HTTP\/1\.1 201/);
    abandoned!.socket.destroy();
    await waitFor(async () => (await probeStatus()) === 404, 10_000);
    // The refused key, retried, creates its session once; a second retry replays it.
    const retried = await createSession(key, body);
    expect(retried.status).toBe(201);
    const replay = await createSession(key, body);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(retried.body);
    expect(await sessionCount()).toBe(before + 2);

    held[2]!.socket.destroy();
    // With nothing held, LIMIT requests at once all pass.
    const parallel = await Promise.all(Array.from({ length: LIMIT }, () => createSession()));
    expect(parallel.map((r) => r.status)).toEqual(Array(LIMIT).fill(201));
  });
});
