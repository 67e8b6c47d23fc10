import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type CrashablePostgres, startCrashablePostgres } from '../harness/crashable-postgres.ts';
import { assertInvariants, checkInvariants } from '../harness/invariants.ts';
import { freePort } from '../harness/sandbox.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * B15 of the reliability battery: PostgreSQL crashes under load. The stack (sandbox gateway, API
 * process, worker process) runs on a PostgreSQL server of this test's own; while sessions are
 * created (each with an Idempotency-Key) and installments collected, the server is stopped with
 * `pg_ctl stop -m immediate` (every connection cut, no checkpoint), left down for a few seconds,
 * and restarted on the same data directory and port. Shown:
 * - the API and worker processes survive (no exit on the pool's 'error' events);
 * - while the database is down they answer 503 `{ ok: false }` (API readiness, session create,
 *   worker readiness), never 500, and no request hangs;
 * - they recover without a restart;
 * - every session create that was not acknowledged (503 or a cut connection) is replayed with its
 *   key afterwards and creates exactly one session; every acknowledged one replays to the same id;
 * - collections made due around the crash are each collected once; I1–I12 hold.
 */

const DOWN_MS = 6_000;
const LOAD_CLIENTS = 4;
const PLANS_PER_CYCLE = 4;
/** No request may take longer (a hang); generous for a busy 2-CPU machine. */
const REQUEST_LIMIT_MS = 15_000;

let pg: CrashablePostgres;
let stack: ProcessStack;
let worker: TrancheProcess;
let workerUrl: string;
beforeAll(async () => {
  pg = await startCrashablePostgres(await freePort());
  const migrated = spawnSync(process.execPath, ['bin/tranche.mjs', 'migrate'], {
    env: { ...process.env, DATABASE_URL: pg.url },
    encoding: 'utf8',
  });
  expect(migrated.status, migrated.stderr + migrated.stdout).toBe(0);
  stack = await startProcessStack('b15', { databaseUrl: pg.url });
  worker = await stack.startWorker();
  workerUrl = /Health and metrics: (http:\/\/\S+) /.exec(worker.output())?.[1] ?? '';
  expect(workerUrl).not.toBe('');
}, 180_000);
afterAll(async () => {
  await worker.stop();
  await stack.stop();
  await pg.stop();
});

interface Attempt {
  key: string;
  body: object;
  status: number | 'network' | 'hang';
  ms: number;
  sessionId?: string;
}

/** One request with a deadline: a hang is a finding, not a test timeout. */
async function timed(
  url: string,
  init: RequestInit = {},
): Promise<{
  status: number | 'network' | 'hang';
  ms: number;
  body: unknown;
  retryAfter?: string | null;
}> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    return {
      status: response.status,
      ms: Date.now() - started,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const hang = (error as Error).name === 'TimeoutError';
    return { status: hang ? 'hang' : 'network', ms: Date.now() - started, body: String(error) };
  }
}

function createSession(key: string, body: object) {
  return timed(`${stack.api.baseUrl}/api/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.merchant.key}`,
      'idempotency-key': key,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const sessionBody = () => ({
  merchant_id: stack.merchant.id,
  amount: 50_000,
  currency: 'NGN',
  title: 'Crash test kettle',
  order_reference: `b15-${randomUUID()}`,
});

describe('B15: PostgreSQL crash', () => {
  const cycles = batteryCount({ ci: 1, full: 5 });

  it(
    'the processes survive a pg_ctl stop -m immediate, answer 503 meanwhile, recover, replay exactly once, invariants',
    async () => {
      const statuses: Record<string, number> = {};
      const count = (label: string, status: number | string) => {
        const name = `${label}_${status}`;
        statuses[name] = (statuses[name] ?? 0) + 1;
      };
      const recoverySeconds: number[] = [];
      const workerRecoverySeconds: number[] = [];
      const unavailableSeconds: number[] = [];
      const attempts: Attempt[] = [];
      let violations = 0;
      let maxMs = 0;

      for (let cycle = 0; cycle < cycles; cycle++) {
        // Collections in flight around the crash: plans whose next installment is made due.
        const plans: { planId: string; installments: { id: string }[] }[] = [];
        for (let n = 0; n < PLANS_PER_CYCLE; n++) plans.push(await stack.newPlan(3));
        await waitFor(
          async () => {
            for (const plan of plans) {
              if ((await stack.installmentStatus(plan.installments[0]!.id)) !== 'paid') {
                return false;
              }
            }
            return true;
          },
          60_000,
          () => worker.output().slice(-2000),
        );

        let loading = true;
        // A few clients at once, so that connections are checked out at the instant of the crash.
        const load = Promise.all(
          Array.from({ length: LOAD_CLIENTS }, async () => {
            while (loading) {
              const key = randomUUID();
              const body = sessionBody();
              const answer = await createSession(key, body);
              count('session_create', answer.status);
              maxMs = Math.max(maxMs, answer.ms);
              const data = (answer.body as { data?: { id?: string } } | undefined)?.data;
              attempts.push({
                key,
                body,
                status: answer.status,
                ms: answer.ms,
                sessionId: data?.id,
              });
              const ready = await timed(`${stack.api.baseUrl}/readyz`);
              count('api_readyz', ready.status);
              const workerReady = await timed(`${workerUrl}/readyz`);
              count('worker_readyz', workerReady.status);
              maxMs = Math.max(maxMs, ready.ms, workerReady.ms);
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
          }),
        );

        // The crash lands while these collections run: jobs locked, charges in flight.
        await Promise.all(
          plans.map(async (plan) => expect(await stack.advance(plan.planId)).toBe(200)),
        );
        await pg.crashImmediate();
        const crashedAt = Date.now();
        // While down: what the API and the worker answer.
        await waitFor(() => Date.now() - crashedAt >= DOWN_MS, DOWN_MS + 5_000);
        const apiReady = await timed(`${stack.api.baseUrl}/readyz`);
        const workerReady = await timed(`${workerUrl}/readyz`);
        const session = await createSession(randomUUID(), sessionBody());
        expect(
          apiReady.status,
          `${JSON.stringify(apiReady.body)}\n${stack.apiProcess().output().slice(-3000)}`,
        ).toBe(503);
        expect(
          workerReady.status,
          `${JSON.stringify(workerReady.body)}\n${worker.output().slice(-3000)}`,
        ).toBe(503);
        expect(session.status, JSON.stringify(session.body)).toBe(503);
        expect(session.body).toMatchObject({ ok: false, code: 'service_unavailable' });
        expect(session.retryAfter).toBe('1');
        expect(await timed(`${stack.api.baseUrl}/healthz`)).toMatchObject({ status: 200 });

        await pg.restart();
        const restartedAt = Date.now();
        await waitFor(
          async () => (await createSession(randomUUID(), sessionBody())).status === 201,
          60_000,
          () => 'the API never recovered',
        );
        recoverySeconds.push((Date.now() - restartedAt) / 1000);
        unavailableSeconds.push((Date.now() - crashedAt) / 1000);
        await waitFor(
          async () => (await timed(`${workerUrl}/readyz`)).status === 200,
          60_000,
          () => `the worker never recovered\n${worker.output().slice(-2000)}`,
        );
        workerRecoverySeconds.push((Date.now() - restartedAt) / 1000);
        loading = false;
        await load;
        expect(
          attempts.some((a) => a.status !== 201),
          'the load met the outage',
        ).toBe(true);

        expect(worker.child.exitCode, worker.output().slice(-2000)).toBeNull();
        expect(
          stack.apiProcess().child.exitCode,
          stack.apiProcess().output().slice(-2000),
        ).toBeNull();

        // The collections made due around the crash finish, once each.
        let waiting = '';
        await waitFor(
          async () => {
            const ids = plans.map((plan) => plan.installments[1]!.id);
            const rows = await stack.query<{ id: string; status: string }>(
              'SELECT id, status FROM installments WHERE id = ANY($1)',
              [ids],
            );
            const jobs = await stack.query(
              `SELECT task_identifier, key, run_at, locked_at, attempts, last_error
                 FROM graphile_worker.jobs WHERE run_at <= now() OR locked_at IS NOT NULL`,
            );
            waiting = JSON.stringify({ rows, jobs });
            return rows.every((row) => row.status === 'paid') && (await stack.quiet());
          },
          120_000,
          // The job runner's own story first (stopped, restarted, shutdown errors), then the tail.
          () =>
            [
              waiting,
              ...worker
                .output()
                .split('\n')
                .filter((line) => /runner|shutdown|complete|fail.*jobs/i.test(line))
                .map((line) => line.slice(0, 400)),
              worker.output().slice(-1500),
            ].join('\n'),
        );
        for (const plan of plans) {
          for (const installment of plan.installments) await stack.chargedOnce(installment.id);
        }
        violations += (await checkInvariants(stack.databaseUrl)).length;
      }

      // Every attempt replayed with its key: one session each, the acknowledged ones unchanged.
      let replayedUnacknowledged = 0;
      for (const attempt of attempts) {
        const replay = await createSession(attempt.key, attempt.body);
        expect(replay.status, JSON.stringify(replay.body)).toBe(201);
        const id = (replay.body as { data: { id: string } }).data.id;
        if (attempt.status === 201) expect(id).toBe(attempt.sessionId);
        else replayedUnacknowledged++;
        const again = await createSession(attempt.key, attempt.body);
        expect((again.body as { data: { id: string } }).data.id).toBe(id);
      }
      const perOrder = await stack.query<{ order_reference: string; n: string }>(
        `SELECT order_reference, count(*) AS n FROM checkout_sessions
          WHERE order_reference = ANY($1) GROUP BY order_reference`,
        [attempts.map((a) => (a.body as { order_reference: string }).order_reference)],
      );
      expect(perOrder).toHaveLength(attempts.length);
      expect(perOrder.filter((row) => Number(row.n) !== 1)).toEqual([]);
      await assertInvariants(stack.databaseUrl);

      const fiveHundreds = Object.entries(statuses)
        .filter(([name]) => /_5\d\d$/.test(name))
        .map(([name, n]) => `${name}:${n}`)
        .join(',');
      const runnerRestarts = worker.output().split('job runner restarted').length - 1;
      report('B15', {
        cycles,
        down_s: DOWN_MS / 1000,
        // From the server accepting connections again to the first 201 / worker readiness.
        api_recovery_s_max: Math.max(...recoverySeconds),
        worker_recovery_s_max: Math.max(...workerRecoverySeconds),
        // From the crash to the first 201 (down time + PostgreSQL's crash recovery + ours).
        unavailable_s_max: Math.max(...unavailableSeconds),
        requests: Object.values(statuses).reduce((a, b) => a + b, 0),
        '5xx': fiveHundreds || 'none',
        network_errors: Object.entries(statuses)
          .filter(([name]) => name.endsWith('_network'))
          .reduce((a, [, n]) => a + n, 0),
        hangs: Object.entries(statuses)
          .filter(([name]) => name.endsWith('_hang'))
          .reduce((a, [, n]) => a + n, 0),
        max_request_ms: maxMs,
        replayed_unacknowledged: replayedUnacknowledged,
        sessions_per_key: 1,
        worker_runner_restarts: runnerRestarts,
        violations,
      });
      expect(Object.keys(statuses).filter((name) => /_(500|hang|network)$/.test(name))).toEqual([]);
      expect(violations).toBe(0);
    },
    cycles * 600_000,
  );
});
