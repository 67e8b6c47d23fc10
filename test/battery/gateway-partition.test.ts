import { monitorEventLoopDelay } from 'node:perf_hooks';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type FaultProxy,
  modeName,
  type ProxyMode,
  startFaultProxy,
} from '../harness/fault-proxy.ts';
import { assertInvariants } from '../harness/invariants.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * B17 of the reliability battery: a network partition between Tranche and its gateway. A TCP
 * proxy (test/harness/fault-proxy.ts) sits between the API and worker processes and the sandbox
 * gateway (GATEWAY_BASE_URL points at it). For each mode (pass, delay under the timeout, delay
 * beyond it, drop, half-open, reset) the next installment of every test plan is made due while
 * the mode holds; then the proxy heals (pass) and the collections left unknown are re-checked
 * (brought forward from their 60 s). Shown:
 * - no gateway call outlives GATEWAY_TIMEOUT_MS (each request timed at the proxy, to its first
 *   answer byte or its connection's end), so nothing hangs on a silent network. The bound is the
 *   timeout plus what the machine measurably added in that mode's window: the worst event-loop
 *   stall of the worker (its /metrics, nodejs_eventloop_lag_max_seconds) and of this process
 *   (which times the calls), plus a fixed margin for a quiet machine. On a busy machine a timer
 *   fires late by exactly such a stall; a fixed slack alone failed there (load 5–11);
 * - retries are bounded: at most a few calls per collection while the partition holds;
 * - no socket is left open (the callers close what the network never answers);
 * - after healing every installment is collected exactly once (one gateway charge), and
 *   I1–I12 hold, including the gateway reconciliation checks (I5 gateway-charges).
 */

const GATEWAY_TIMEOUT_MS = 3_000;
/** Closing a timed-out call and seeing it close, on a quiet machine; stalls are added as measured. */
const SLACK_MS = 1_500;
/** Only for a hang: each wait below ends on its event, far sooner when nothing hangs. */
const DEADLINE_MS = 120_000;

const MODES: ProxyMode[] = [
  { kind: 'pass' },
  { kind: 'delay', ms: 1_000 },
  { kind: 'delay', ms: GATEWAY_TIMEOUT_MS * 2 },
  { kind: 'drop' },
  { kind: 'half_open' },
  { kind: 'reset' },
];

let proxy: FaultProxy;
let stack: ProcessStack;
let worker: TrancheProcess;
/** This process's event-loop delays (the proxy's timing runs here). */
const ownLag = monitorEventLoopDelay({ resolution: 10 });
ownLag.enable();

/** The worker's worst event-loop delay since the previous call, in ms (prom-client resets it
 *  on each scrape). */
async function workerLagMs(): Promise<number> {
  const url = /Health and metrics: (http:\/\/\S+)/.exec(worker.output())?.[1];
  if (!url) throw new Error(`the worker named no metrics address\n${worker.output()}`);
  const text = await (await fetch(`${url}/metrics`)).text();
  const max = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
  if (max === undefined) throw new Error('no nodejs_eventloop_lag_max_seconds in /metrics');
  return Math.ceil(Number(max) * 1000);
}
beforeAll(async () => {
  stack = await startProcessStack('b17', {
    env: { GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS) },
    gatewayBaseUrl: async (sandboxUrl) => {
      const { hostname, port } = new URL(sandboxUrl);
      proxy = await startFaultProxy({ host: hostname, port: Number(port) });
      return proxy.url;
    },
  });
  worker = await stack.startWorker();
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await stack.stop();
  await proxy.close();
});

async function recheckNow(installmentId: string): Promise<void> {
  const [row] = await stack.query<{ failed_attempts: number }>(
    'SELECT failed_attempts FROM installments WHERE id = $1',
    [installmentId],
  );
  await stack.query(
    `SELECT graphile_worker.add_job('collect_installment',
        json_build_object('installment_id', $1::text), run_at := now(),
        job_key := $2::text, max_attempts := 10)`,
    [installmentId, `collect:${installmentId}:${(row?.failed_attempts ?? 0) + 1}`],
  );
}

/** The collection's call is over: the charge settled, or its re-check scheduled (unknown). */
async function callOver(installmentId: string): Promise<boolean> {
  const [row] = await stack.query<{ over: boolean }>(
    `SELECT i.status <> 'processing'
            OR EXISTS (SELECT 1 FROM graphile_worker.jobs j
                        WHERE j.key LIKE 'collect:' || i.id || ':%'
                          AND j.run_at > now() + interval '20 seconds'
                          AND j.locked_at IS NULL) AS over
       FROM installments i WHERE i.id = $1`,
    [installmentId],
  );
  return row?.over === true;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
};

describe('B17: gateway partition through a TCP fault proxy', () => {
  const plansCount = batteryCount({ ci: 3, full: 20 });

  it('drop, delay, half-open, reset: no call beyond the timeout, bounded retries, no hung socket, collected once after healing, invariants', async () => {
    const plans: { planId: string; installments: { id: string }[] }[] = [];
    for (let n = 0; n < plansCount; n++) plans.push(await stack.newPlan(MODES.length));
    await waitFor(
      async () => {
        for (const plan of plans) {
          if ((await stack.installmentStatus(plan.installments[0]!.id)) !== 'paid') return false;
        }
        return stack.quiet();
      },
      DEADLINE_MS,
      () => worker.output().slice(-2000),
    );

    const figures: Record<string, string | number> = {};
    let maxCallMs = 0;
    for (const [index, mode] of MODES.entries()) {
      const name = modeName(mode);
      const targets = plans.map((plan) => plan.installments[index + 1]!.id);
      const firstExchange = proxy.exchanges.length;
      await workerLagMs();
      ownLag.reset();
      proxy.setMode(mode);
      const started = Date.now();
      for (const plan of plans) expect(await stack.advance(plan.planId)).toBe(200);
      // Each collection's call ends (answered, or given up on as unknown) within the timeout.
      await waitFor(
        async () => {
          for (const id of targets) if (!(await callOver(id))) return false;
          return true;
        },
        DEADLINE_MS,
        () => `${name}: a collection call did not end\n${worker.output().slice(-2000)}`,
      );
      // Late packets of a delay land before the mode ends; then every connection left with an
      // unanswered request must be closed by the callers' own timeouts (no proxy help: half-open
      // and drop never close, so a caller without a timeout hangs here until the deadline).
      // Kept-alive idle connections close later (checked at the end). How soon each call ended
      // is checked on its own figure below, not by how long this wait took.
      await waitFor(() => proxy.pendingForwards() === 0, DEADLINE_MS);
      await waitFor(
        () => proxy.unansweredSockets() === 0,
        DEADLINE_MS,
        () => `${name}: ${proxy.unansweredSockets()} sockets left open with a request unanswered`,
      );
      const stallMs = (await workerLagMs()) + Math.ceil(ownLag.max / 1e6);
      const calls = proxy.exchanges.slice(firstExchange).filter((e) => e.mode === name);
      const durations = calls.map((e) => e.ms);
      maxCallMs = Math.max(maxCallMs, ...durations);
      figures[`${name}_calls`] = calls.length;
      figures[`${name}_p99_ms`] = p99(durations);
      figures[`${name}_stall_ms`] = stallMs;
      for (const call of calls) {
        expect(
          call.ms,
          `${name}: a call beyond the gateway timeout (stalls ${stallMs} ms)`,
        ).toBeLessThanOrEqual(GATEWAY_TIMEOUT_MS + SLACK_MS + stallMs);
      }
      // A charge, plus the verify of a webhook or a re-check: never a retry storm.
      expect(calls.length, `${name}: retries`).toBeLessThanOrEqual(targets.length * 3);
      figures[`${name}_window_s`] = Math.round((Date.now() - started) / 100) / 10;

      proxy.setMode({ kind: 'pass' });
      for (const id of targets) {
        if ((await stack.installmentStatus(id)) !== 'paid') await recheckNow(id);
      }
      await waitFor(
        async () => {
          for (const id of targets) {
            if ((await stack.installmentStatus(id)) !== 'paid') return false;
          }
          return stack.quiet();
        },
        DEADLINE_MS,
        () => `${name}: not collected after healing\n${worker.output().slice(-2000)}`,
      );
      for (const plan of plans) {
        for (const installment of plan.installments) await stack.chargedOnce(installment.id);
      }
      await assertInvariants(stack.databaseUrl);
    }

    const [charges] = await stack.query<{ ours: string; gateway: string }>(
      `SELECT (SELECT count(*) FROM charges WHERE status = 'success') AS ours,
                (SELECT count(*) FROM sandbox_gateway.transactions
                  WHERE status = 'success' AND metadata ? 'installment_id') AS gateway`,
    );
    const expected = plansCount * (MODES.length + 1);
    expect(Number(charges?.ours)).toBe(expected);
    expect(Number(charges?.gateway)).toBe(expected);
    // Every connection closes, kept-alive ones at the callers' idle timeout (4 s).
    await waitFor(
      () => proxy.openSockets() === 0,
      DEADLINE_MS,
      () => `${proxy.openSockets()} open`,
    );
    report('B17', {
      plans: plansCount,
      timeout_ms: GATEWAY_TIMEOUT_MS,
      max_call_ms: maxCallMs,
      ...figures,
      hung_sockets_end: proxy.openSockets(),
      charges: Number(charges?.gateway),
      double_charges: 0,
    });
  }, 1_800_000);
});
