import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { createTestMerchant, newIdempotencyKey, type TestMerchant } from '../harness/fixtures.ts';
import { checkInvariants, formatViolations } from '../harness/invariants.ts';
import { addCard, collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { batteryCount, report } from './battery.ts';

/**
 * The reliability battery's plan-lock races: a merchant's change to a plan (refund, cancel,
 * sandbox time travel) while a collection of the same plan settles (the worker's collection, the
 * customer's pay-now or pay-off, with or without a change of method). Before the global lock
 * order (ARCHITECTURE.md, "Lock order"), the merchant row locked by a refund or cancel and the
 * foreign-key check of the settling payment's journal entry on that row deadlocked, and time
 * travel took the plan before its installments: about a third of such requests answered
 * `500 internal_error`. Every request must now answer 2xx or a documented 4xx (409 while a charge
 * is in flight), or 503 with Retry-After if a conflict outlived runWrite's retries; every
 * collection must reach an outcome; and the invariants I1–I12 must hold after the rounds.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox({
    // Every round makes a customer, a card, a session and a plan; the per-key limit is not tested.
    settings: { rateLimitSandboxPerMin: 1_000_000 },
  });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

type Planned = Awaited<ReturnType<typeof confirmPlanFor>>;
type Action = 'refund' | 'cancel' | 'advance-clock' | 'advance';
type Collector = 'worker' | 'pay-now' | 'pay-off' | 'pay-now-new-method' | 'pay-off-new-method';

const ACTIONS: readonly Action[] = ['refund', 'cancel', 'advance-clock', 'advance'];
const COLLECTORS: readonly Collector[] = [
  'worker',
  'pay-now',
  'pay-off',
  'pay-now-new-method',
  'pay-off-new-method',
];

/** The statuses the interface documents for these routes under a race (never 500). */
const DOCUMENTED = new Set([200, 201, 409, 503]);

const merchantPlan = (planId: string) => `/api/v1/merchant/${merchant.id}/plans/${planId}`;

/** Each round's merchant requests start this long after the collection's charge is pending. */
const ACTION_DELAYS_MS = [0, 4, 9, 15, 24];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (briefly) until a collection of the plan has recorded its charge. */
async function chargePending(planId: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const pending = await t.ctx.db
      .selectFrom('charges')
      .select('reference')
      .where('plan_id', '=', planId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) return;
    await sleep(1);
  }
}

/**
 * Deadlocks PostgreSQL detected in the test's database so far. A backend reports its statistics
 * when idle, at the latest PGSTAT_IDLE_INTERVAL (10 s) later: read after that long.
 */
async function deadlocksSoFar(): Promise<number> {
  await sleep(11_000);
  const { rows } = await sql<{ deadlocks: string }>`
    SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`.execute(t.ctx.db);
  return Number(rows[0]?.deadlocks ?? 0);
}

/** A plan with its deposit paid and installment 1 two days overdue (time travel, 33 days). */
async function planReady(): Promise<Planned> {
  const planned = await confirmPlanFor(t, merchant, { installmentCount: 4 });
  expect(await collect(t, planned.plan.installments[0]!.id)).toMatch(/paid|nothing_to_do/);
  const travelled = await t.http.post(
    `${merchantPlan(planned.plan.id)}/advance-clock`,
    { days: 33 },
    { token: merchant.testKey },
  );
  expect(travelled.status, JSON.stringify(travelled.body)).toBe(200);
  return planned;
}

async function act(action: Action, planId: string): Promise<{ status: number; body: unknown }> {
  const token = merchant.testKey;
  switch (action) {
    case 'refund':
      return t.http.post(
        `${merchantPlan(planId)}/refunds`,
        { amount: 1_000 },
        { token, headers: { 'idempotency-key': newIdempotencyKey() } },
      );
    case 'cancel':
      return t.http.post(
        `${merchantPlan(planId)}/cancel`,
        { refund: true },
        { token, headers: { 'idempotency-key': newIdempotencyKey() } },
      );
    case 'advance-clock':
      return t.http.post(`${merchantPlan(planId)}/advance-clock`, { days: 1 }, { token });
    case 'advance':
      return t.http.post(`${merchantPlan(planId)}/advance`, undefined, { token });
  }
}

/** A collection of the plan; what it reports when it did not reach an outcome (else null). */
async function settle(
  collector: Collector,
  planned: Planned,
  newMethodId: string | null,
): Promise<{ status: number; body: unknown } | { error: string } | null> {
  if (collector === 'worker') {
    // What the collect_installment job runs (the sandbox's webhook may settle it first).
    return collectInstallment(t.ctx, planned.plan.installments[1]!.id).then(
      () => null,
      (error: unknown) => ({ error: String(error) }),
    );
  }
  const path = `/api/v1/customers/me/plans/${planned.plan.id}/${collector.startsWith('pay-now') ? 'pay-now' : 'pay-off'}`;
  const res = await t.http.post(path, newMethodId ? { payment_method_id: newMethodId } : {}, {
    token: planned.customer.accessToken,
  });
  const data = (
    res.body as {
      data?: {
        payments?: { installment_id: string; outcome: string }[];
        payment_plan?: { installments: { id: string; status: string }[] };
      };
    }
  ).data;
  const cancelled = new Set(
    data?.payment_plan?.installments.filter((i) => i.status === 'cancelled').map((i) => i.id),
  );
  // "error" is a payment whose transaction failed (a hidden 500), unless the merchant cancelled
  // the installment first (then nothing was collected, which the answer also calls "error").
  if (data?.payments?.some((p) => p.outcome === 'error' && !cancelled.has(p.installment_id))) {
    return res;
  }
  if (res.status >= 500 || !DOCUMENTED.has(res.status)) return res;
  return null;
}

describe('plan-lock races: refund, cancel and time travel racing a collection of the same plan', () => {
  it(
    'every request answers 2xx or a documented 4xx/503, never 500; every collection reaches an outcome; the invariants hold',
    async () => {
      const rounds = batteryCount({ ci: 60, full: 240 });
      const statuses = new Map<string, number>();
      const failures: string[] = [];
      const deadlocksBefore = await deadlocksSoFar();
      let serverErrors = 0;
      let requests = 0;
      let lostCollections = 0;
      for (let round = 0; round < rounds; round++) {
        const action = ACTIONS[round % ACTIONS.length]!;
        const collector = COLLECTORS[Math.floor(round / ACTIONS.length) % COLLECTORS.length]!;
        const planned = await planReady();
        const newMethodId = collector.endsWith('new-method')
          ? (await addCard(t, planned.customer, { isDefault: false })).methodId
          : null;
        // The actions start once the collection's intent is recorded (its charge pending), a few
        // milliseconds apart, so they meet its gateway call or its settling transaction.
        const collecting = settle(collector, planned, newMethodId);
        await chargePending(planned.plan.id);
        const answers = await Promise.all(
          ACTION_DELAYS_MS.map((ms) =>
            sleep(ms + (round % 3)).then(() => act(action, planned.plan.id)),
          ),
        );
        const lost = await collecting;
        for (const res of answers) {
          requests++;
          const key = `${action}:${res.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (res.status >= 500) serverErrors++;
          if (!DOCUMENTED.has(res.status) || res.status === 500) {
            failures.push(`round ${round} ${action}/${collector}: ${JSON.stringify(res.body)}`);
          }
        }
        if (lost) {
          lostCollections++;
          failures.push(`round ${round} ${collector} (during ${action}): ${JSON.stringify(lost)}`);
        }
      }
      const deadlocks = (await deadlocksSoFar()) - deadlocksBefore;
      const violations = await checkInvariants(t.databaseUrl, { now: t.clock.now() });
      report('plan-lock-races', {
        rounds,
        requests,
        server_errors: serverErrors,
        lost_collections: lostCollections,
        deadlocks,
        statuses: [...statuses].map(([k, n]) => `${k}=${n}`).join(','),
        invariant_violations: violations.length,
      });
      expect(failures).toEqual([]);
      // The lock order leaves nothing for runWrite's retry to absorb on these paths.
      expect(deadlocks).toBe(0);
      expect(formatViolations(violations)).toBe('');
    },
    batteryCount({ ci: 600_000, full: 2_400_000 }),
  );
});
