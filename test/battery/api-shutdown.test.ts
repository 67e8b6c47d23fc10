import { randomUUID } from 'node:crypto';
import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '../harness/sandbox.ts';
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';
import { report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * An API process gets SIGTERM while four clients send requests over kept-alive connections (as a
 * load balancer does), issue 31. Shown: for SHUTDOWN_DRAIN_MS it keeps serving while `/readyz`
 * answers 503; then every answer is either a normal one or our 503 envelope with `Retry-After`
 * (never Fastify's bare 503, never a 500), or the connection is closed; the process exits 0.
 */

const DRAIN_MS = 1_500;

let stack: ProcessStack;
let api: TrancheProcess;
let port: number;

beforeAll(async () => {
  stack = await startProcessStack('apistop');
  port = await freePort();
  api = await startTrancheProcess('api', 'operators add', {
    ...stack.env,
    PORT: String(port),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
}, 180_000);

afterAll(async () => {
  await api.stop();
  await stack.stop();
});

interface Answer {
  status: number | 'network';
  body: string;
  retryAfter?: string;
  at: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(path: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          authorization: `Bearer ${stack.merchant.key}`,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            retryAfter: res.headers['retry-after'],
            at: Date.now(),
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 'network', body: '', at: Date.now() }));
    req.end(body);
  });
}

const sessionBody = () =>
  JSON.stringify({
    merchant_id: stack.merchant.id,
    amount: 50_000,
    currency: 'NGN',
    title: 'Shutdown kettle',
    order_reference: `stop-${randomUUID()}`,
  });

describe('API SIGTERM under load', () => {
  it('drains (readiness fails first), then answers late arrivals with the envelope and Retry-After, and exits 0', async () => {
    const answers: Answer[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const answer = await request('/api/v1/checkout/sessions', 'POST', sessionBody());
          answers.push(answer);
          if (answer.status === 'network') await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    await waitFor(() => answers.length >= 20, 30_000);
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS / 3));
    const readyWhileDraining = await request('/readyz');
    await api.exited;
    const exitedAt = Date.now();
    loading = false;
    await load;

    expect(api.child.exitCode, api.output().slice(-2000)).toBe(0);
    expect(readyWhileDraining.status).toBe(503);
    const duringDrain = answers.filter((a) => a.at > signalledAt && a.at < signalledAt + DRAIN_MS);
    expect(duringDrain.length).toBeGreaterThan(0);
    expect(duringDrain.filter((a) => a.status !== 201)).toEqual([]);
    const refused = answers.filter((a) => a.status !== 201 && a.status !== 'network');
    for (const answer of refused) {
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, code: 'service_unavailable' });
      expect(answer.retryAfter).toBe('1');
    }
    report('B-api-sigterm', {
      drain_ms: DRAIN_MS,
      requests: answers.length,
      served_while_draining: duringDrain.length,
      enveloped_503: refused.length,
      closed_connections: answers.filter((a) => a.status === 'network').length,
      stop_ms: exitedAt - signalledAt,
    });
  }, 120_000);
});
