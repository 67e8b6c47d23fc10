import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertInvariants } from '../harness/invariants.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * Scale-out (issue 15): two API processes and two worker processes on one database and one
 * Redis, as production runs them behind a load balancer. The per-key rate limit is one budget
 * across both APIs (the counters live in Redis); two workers claiming from one queue charge each
 * installment once and deliver each webhook event once.
 */

// The product's default for sandbox keys (spec §8): the workers' test below stays well within it.
const RATE_LIMIT = 100;
const redisUrl = process.env.REDIS_URL;
// CI provides Redis (.ci/run); a bare `npm test` on a fresh machine has none, and says so.
if (!redisUrl && process.env.CI) throw new Error('scale-out: REDIS_URL is required in CI');
if (!redisUrl) console.warn('scale-out: REDIS_URL unset, the scale-out battery is skipped');

let stack: ProcessStack;
beforeAll(async () => {
  if (!redisUrl) return;
  stack = await startProcessStack('scale', {
    apiCount: 2,
    redisUrl,
    sandboxRateLimitPerMin: RATE_LIMIT,
  });
}, 120_000);
afterAll(async () => {
  if (redisUrl) await stack.stop();
});

/** The fixed one-minute windows are aligned to the clock: start a burst early in one. */
async function atWindowStart(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe.skipIf(!redisUrl)('scale-out: two API processes and two workers', () => {
  it('one sandbox key gets one budget of 100 a minute across both API processes', async () => {
    // A burst that straddles two windows (a busy machine can take over the 20 s) proves nothing
    // either way: it is sent again with a new key, early in the next window.
    const answers: { api: number; status: number }[] = [];
    for (let attempt = 1; ; attempt++) {
      const registered = await stack.api.post('/api/v1/merchant/register', {
        business_name: 'Budget Stores',
        email: `budget-${attempt}@shop.test`,
        password: 'a long merchant password',
      });
      expect(registered.status).toBe(201);
      const key = registered.body.data.secret_keys.test as string;
      await atWindowStart();
      const window = Math.floor(Date.now() / 60_000);
      answers.length = 0;
      for (let i = 0; i < RATE_LIMIT + 16; i++) {
        const api = i % 2;
        const response = await stack.apis[api]!.get('/api/v1/merchant/me', { token: key });
        answers.push({ api, status: response.status });
      }
      if (Math.floor(Date.now() / 60_000) === window) break;
      expect(attempt, 'every burst straddled two rate-limit windows').toBeLessThan(3);
    }
    const allowed = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    report('scale-out-rate-limit', {
      apis: 2,
      limit: RATE_LIMIT,
      requests: answers.length,
      allowed: allowed.length,
      limited: limited.length,
    });
    expect(allowed).toHaveLength(RATE_LIMIT);
    expect(limited).toHaveLength(16);
    // The budget ran out on both processes, not on one.
    expect(new Set(limited.map((a) => a.api))).toEqual(new Set([0, 1]));
    expect(answers.slice(0, RATE_LIMIT).every((a) => a.status === 200)).toBe(true);
    // Up to three waits for a window's start (20 s each at most) and their bursts.
  }, 300_000);

  it('two workers collect every installment once and deliver every event once', async () => {
    const planCount = batteryCount({ ci: 4, full: 20 });
    const started = Date.now();
    const workers: TrancheProcess[] = [await stack.startWorker(), await stack.startWorker()];
    try {
      const plans: { planId: string; installments: { id: string }[] }[] = [];
      // The stack spreads each plan's calls over both API processes (newPlan).
      for (let i = 0; i < planCount; i++) plans.push(await stack.newPlan(3));
      const paidUpTo = async (index: number) => {
        for (const plan of plans) {
          if ((await stack.installmentStatus(plan.installments[index]!.id)) !== 'paid') {
            return false;
          }
        }
        return true;
      };
      await waitFor(
        () => paidUpTo(0),
        90_000,
        () => 'deposits not all paid',
      );
      // newPlan(3): a deposit and three installments, all collected.
      for (const index of [1, 2, 3]) {
        for (const plan of plans) expect(await stack.advance(plan.planId)).toBe(200);
        await waitFor(
          () => paidUpTo(index),
          90_000,
          () => `installment ${index} not all paid`,
        );
      }
      await waitFor(
        () => stack.quiet(),
        60_000,
        () => 'jobs still due or running',
      );

      let installments = 0;
      for (const plan of plans) {
        for (const installment of plan.installments) {
          await stack.chargedOnce(installment.id);
          installments++;
        }
      }
      const [events] = await stack.query<{ n: string }>(
        `SELECT count(*) AS n FROM webhook_events WHERE merchant_id = $1`,
        [stack.merchant.id],
      );
      await waitFor(
        async () => {
          const [pending] = await stack.query<{ n: string }>(
            `SELECT count(*) AS n FROM webhook_events WHERE status <> 'delivered'`,
          );
          return Number(pending?.n) === 0;
        },
        60_000,
        () => 'webhook events not all delivered',
      );
      const ids = stack.receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      const duplicates = ids.length - new Set(ids).size;
      report('scale-out-workers', {
        apis: 2,
        workers: 2,
        plans: plans.length,
        installments_checked: installments,
        events: Number(events?.n),
        delivered: ids.length,
        duplicate_deliveries: duplicates,
        seconds: Math.round((Date.now() - started) / 1000),
      });
      expect(installments).toBe(planCount * 4);
      expect(ids.length).toBe(Number(events?.n));
      expect(duplicates).toBe(0);
    } finally {
      for (const worker of workers) await worker.stop();
    }
    await assertInvariants(stack.databaseUrl);
  }, 300_000);
});
