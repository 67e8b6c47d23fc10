import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { GatewayError } from '../port.ts';
import { PaystackClient, retryAfterMs } from './client.ts';

/**
 * The client's reading of what a gateway answers, against a real HTTP server scripted per test:
 * a 429 is waited out as its Retry-After asks, within the call's timeout, and otherwise is
 * `unavailable` (asked again later), never a refusal; a reset or a cut-off body is `unavailable`.
 */
type Answer = (res: http.ServerResponse, req: http.IncomingMessage) => void;

let server: http.Server | undefined;
async function closeServer(): Promise<void> {
  const current = server;
  server = undefined;
  if (!current) return;
  current.closeAllConnections();
  await new Promise((resolve) => current.close(resolve));
}
afterEach(closeServer);

/** A server answering its n-th request with `answers[n]` (the last one after that). */
async function scripted(
  answers: Answer[],
  timeoutMs = 3_000,
): Promise<{ client: PaystackClient; calls: number[] }> {
  const calls: number[] = [];
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push(Date.now());
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      answer?.(res, req);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new PaystackClient({
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_x',
    timeoutMs,
  });
  return { client, calls };
}

const ok: Answer = (res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ status: true, message: 'ok', data: { reference: 'r1' } }));
};
const tooMany =
  (retryAfter?: string): Answer =>
  (res) => {
    res.statusCode = 429;
    if (retryAfter !== undefined) res.setHeader('retry-after', retryAfter);
    res.end(JSON.stringify({ status: false, message: 'Too many requests' }));
  };

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('PaystackClient', () => {
  it('waits out a 429 as its Retry-After asks, then answers with the retried call', async () => {
    // A timeout far beyond the 1 s asked: a busy machine cannot push the retry past it.
    const { client, calls } = await scripted([tooMany('1'), ok], 20_000);
    const answer = await client.request<{ reference: string }>('POST', '/charge', { a: 1 });
    expect(answer.data.reference).toBe('r1');
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(990);
    // Waited the second asked, not some longer reading of it (ten seconds, a minute).
    expect(calls[1]! - calls[0]!).toBeLessThan(10_000);
  });

  it('a 429 whose Retry-After does not fit in the timeout is `unavailable` at once, not a refusal', async () => {
    // 120 s asked, 20 s of timeout: "at once" is well under the timeout, not a waited-out one.
    const { client, calls } = await scripted([tooMany('120'), ok], 20_000);
    const started = Date.now();
    const error = await failure(client.request('POST', '/transaction/charge_authorization', {}));
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 429 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(calls).toHaveLength(1);
  });

  it('a 429 without Retry-After is `unavailable` without a retry; retries are bounded', async () => {
    const bare = await scripted([tooMany(), ok]);
    expect(await failure(bare.client.request('GET', '/bank'))).toMatchObject({
      kind: 'unavailable',
      httpStatus: 429,
    });
    expect(bare.calls).toHaveLength(1);
    await closeServer();

    const always = await scripted([tooMany('0')]);
    expect(await failure(always.client.request('GET', '/bank'))).toMatchObject({
      kind: 'unavailable',
      httpStatus: 429,
    });
    expect(always.calls).toHaveLength(3);
  });

  it('a reset connection and a 200 with a cut-off JSON body are `unavailable`, never `rejected`', async () => {
    const { client } = await scripted([
      (_res, req) => req.socket.resetAndDestroy(),
      (res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"status":true,"message":"Charge attempted","data":{"status":"suc');
      },
    ]);
    expect(await failure(client.request('POST', '/charge', {}))).toMatchObject({
      kind: 'unavailable',
    });
    expect(await failure(client.request('POST', '/charge', {}))).toMatchObject({
      kind: 'unavailable',
      httpStatus: 200,
    });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});
