import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '../harness/sandbox.ts';
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';
import { report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * Redis, which holds the rate-limit counters shared by the API processes, is killed (SIGKILL)
 * under load and started again 6 s later (issue 31, decision 0060). Two API processes share it:
 * one with the default `REDIS_FALLBACK=local`, one with `closed`. Shown:
 * - `local`: every request is served (no 500, none slower than the bound), `/readyz` stays 200,
 *   `tranche_rate_limiter_degraded` is 1 during the outage and 0 once Redis answers again;
 * - `closed`: requests that need a count answer 503 `service_unavailable` with `Retry-After`,
 *   `/readyz` answers 503, and both serve again once Redis is back.
 */

const DOWN_MS = 6_000;
/** No request may take longer during the outage (REDIS_TIMEOUT_MS is 250 ms): a busy machine. */
const REQUEST_BOUND_MS = 5_000;

interface RedisServer {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
}

async function privateRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const server: RedisServer = {
    url,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      try {
        await waitFor(
          async () => {
            try {
              await probe.connect().catch(() => undefined);
              await probe.ping();
              return true;
            } catch {
              probe.disconnect();
              return false;
            }
          },
          15_000,
          () => `redis-server on ${port} did not start`,
        );
      } finally {
        probe.disconnect();
      }
    },
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

let redis: RedisServer;
let stack: ProcessStack;
let closedApi: TrancheProcess;
let closedUrl: string;

beforeAll(async () => {
  redis = await privateRedis();
  stack = await startProcessStack('redisout', { redisUrl: redis.url });
  const port = await freePort();
  closedUrl = `http://127.0.0.1:${port}`;
  closedApi = await startTrancheProcess('api', 'operators add', {
    ...stack.env,
    PORT: String(port),
    REDIS_URL: redis.url,
    REDIS_FALLBACK: 'closed',
  });
}, 180_000);

afterAll(async () => {
  await closedApi.stop();
  await stack.stop();
  await redis.kill();
});

async function timed(url: string, init: RequestInit = {}) {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    return {
      status: response.status as number | 'hang' | 'network',
      ms: Date.now() - started,
      text,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const hang = (error as Error).name === 'TimeoutError';
    return {
      status: (hang ? 'hang' : 'network') as number | 'hang' | 'network',
      ms: Date.now() - started,
      text: String(error),
      retryAfter: null,
    };
  }
}

const createSession = (base: string) =>
  timed(`${base}/api/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.merchant.key}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      merchant_id: stack.merchant.id,
      amount: 50_000,
      currency: 'NGN',
      title: 'Redis outage kettle',
      order_reference: `redis-${randomUUID()}`,
    }),
  });

async function degradedGauge(base: string): Promise<number> {
  const metrics = await timed(`${base}/metrics`);
  const line = /^tranche_rate_limiter_degraded (\d+)/m.exec(metrics.text);
  return Number(line?.[1] ?? Number.NaN);
}

describe('Redis killed under load', () => {
  it('local fallback serves every request within the bound; closed answers 503 and fails readiness; both recover', async () => {
    const base = stack.api.baseUrl;
    expect((await createSession(base)).status).toBe(201);
    expect((await createSession(closedUrl)).status).toBe(201);
    expect(await degradedGauge(base)).toBe(0);

    const during: { status: number | string; ms: number }[] = [];
    let outage = false;
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const answer = await createSession(base);
          if (outage) during.push(answer);
          else expect(answer.status, answer.text).toBe(201);
        }
      }),
    );

    await redis.kill();
    outage = true;
    const killedAt = Date.now();
    // The first request after the kill pays the timeout; let the fallback settle in.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const localReady = await timed(`${base}/readyz`);
    const closedReady = await timed(`${closedUrl}/readyz`);
    const closedCreate = await createSession(closedUrl);
    const gaugeDown = await degradedGauge(base);
    await waitFor(() => Date.now() - killedAt >= DOWN_MS, DOWN_MS + 5_000);
    outage = false;
    await redis.start();
    const restartedAt = Date.now();
    await waitFor(
      async () => (await degradedGauge(base)) === 0,
      30_000,
      () => 'the API never used Redis again',
    );
    const localBackS = (Date.now() - restartedAt) / 1000;
    await waitFor(
      async () => (await createSession(closedUrl)).status === 201,
      30_000,
      () => 'the closed API never served again',
    );
    const closedBackS = (Date.now() - restartedAt) / 1000;
    loading = false;
    await load;

    expect(localReady.status, localReady.text).toBe(200);
    expect(gaugeDown).toBe(1);
    expect(closedReady.status, closedReady.text).toBe(503);
    expect(closedCreate.status, closedCreate.text).toBe(503);
    expect(JSON.parse(closedCreate.text)).toMatchObject({
      ok: false,
      code: 'service_unavailable',
    });
    expect(closedCreate.retryAfter).toBe('1');
    expect((await timed(`${closedUrl}/readyz`)).status).toBe(200);

    expect(during.length).toBeGreaterThan(10);
    const notCreated = during.filter((answer) => answer.status !== 201);
    expect(notCreated).toEqual([]);
    const slowest = Math.max(...during.map((answer) => answer.ms));
    expect(slowest).toBeLessThan(REQUEST_BOUND_MS);
    expect(stack.apiProcess().output()).toMatch(/Redis is not answering/);
    expect(stack.apiProcess().output()).toMatch(/Redis answers again/);

    report('B-redis', {
      down_s: DOWN_MS / 1000,
      requests_during_outage: during.length,
      non_201: notCreated.length,
      slowest_ms_during_outage: slowest,
      p50_ms_during_outage: [...during.map((a) => a.ms)].sort((a, b) => a - b)[
        Math.floor(during.length / 2)
      ]!,
      local_back_s: localBackS,
      closed_back_s: closedBackS,
    });
  }, 180_000);
});
