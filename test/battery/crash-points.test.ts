import { createHmac, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CRASH_POINTS, type CrashPoint } from '../../src/platform/crash-points.ts';
import { assertInvariants } from '../harness/invariants.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * B13 of the reliability battery: the crash-point sweep. The sandbox gateway, the API and the
 * worker run as their own `tranche` processes. For each named crash point of the worker
 * (src/platform/crash-points.ts: the deposit and installment collections, payouts, the webhook
 * dispatcher) and each seed (which time the point is reached: the deposit or a later
 * installment, the first or a later payout, the first or a later delivery), a worker started
 * with CRASH_AT=<point>@<seed> kills itself there (SIGKILL); a worker without it is started and
 * finishes the work. Then: the work is done once (one successful gateway charge per installment,
 * one transfer per payout, every webhook event delivered, a redelivery with the same id and a
 * valid signature), and I1–I12 hold (test/invariants.sql) after every run.
 */

let stack: ProcessStack;
beforeAll(async () => {
  stack = await startProcessStack('b13');
}, 120_000);
afterAll(async () => stack.stop());

/** Waits for the armed worker to kill itself; fails the run when the point was never reached. */
async function crashed(worker: TrancheProcess, point: string): Promise<void> {
  await waitFor(
    () => worker.child.signalCode !== null || worker.child.exitCode !== null,
    45_000,
    () => `the worker never reached ${point}\n${worker.output().slice(-2000)}`,
  );
  expect(worker.child.signalCode).toBe('SIGKILL');
}

/**
 * The armed worker boots while the plan is made: its deposit job waits in the queue for the one
 * worker there is (the previous run's has stopped). A worker's start is most of a run's time.
 */
function bootWhilePlanning(point: CrashPoint, seed: number) {
  return Promise.all([stack.startWorker(`${point}@${seed}`), stack.newPlan()]);
}

/** A collection cut at `point`: the `seed`-th collection of a new plan (deposit = 1). */
async function collectionRun(point: CrashPoint, seed: number): Promise<void> {
  const [worker, { planId, installments }] = await bootWhilePlanning(point, seed);
  for (let paid = 1; paid < seed; paid++) {
    await waitFor(
      async () => (await stack.installmentStatus(installments[paid - 1]!.id)) === 'paid',
      30_000,
      () => worker.output(),
    );
    expect(await stack.advance(planId)).toBe(200);
  }
  await crashed(worker, point);
  const restarted = await stack.startWorker();
  try {
    const target = installments[seed - 1]!.id;
    await waitFor(
      async () => (await stack.installmentStatus(target)) === 'paid' && (await stack.quiet()),
      60_000,
      () => restarted.output(),
    );
    for (const installment of installments) await stack.chargedOnce(installment.id);
  } finally {
    await restarted.stop();
  }
}

async function availableKobo(): Promise<number> {
  const wallet = await stack.api.get(`/api/v1/merchant/${stack.merchant.id}/wallet`, {
    token: stack.merchant.key,
  });
  return wallet.body.data.available as number;
}

async function payoutStatus(id: string): Promise<string | undefined> {
  return (
    await stack.query<{ status: string }>('SELECT status FROM payouts WHERE id = $1', [id])
  )[0]?.status;
}

/** A payout cut at `point`: the `seed`-th payout the worker sends (earlier ones complete). */
async function payoutRun(point: CrashPoint, seed: number): Promise<void> {
  const [worker, { installments }] = await bootWhilePlanning(point, seed);
  await waitFor(
    async () => (await stack.installmentStatus(installments[0]!.id)) === 'paid',
    30_000,
  );
  const amount = Math.floor((await availableKobo()) / (seed + 1));
  const payouts: string[] = [];
  for (let n = 1; n <= seed; n++) {
    const created = await stack.api.post(
      `/api/v1/merchant/${stack.merchant.id}/payouts`,
      { amount },
      { token: stack.merchant.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    payouts.push(created.body.data.id as string);
    if (n < seed) {
      await waitFor(async () => (await payoutStatus(payouts[n - 1]!)) !== 'pending', 30_000);
      await stack.settleAtGateway();
    }
  }
  await crashed(worker, point);
  const restarted = await stack.startWorker();
  try {
    await waitFor(
      async () => {
        await stack.settleAtGateway();
        return (await payoutStatus(payouts.at(-1)!)) === 'paid' && (await stack.quiet());
      },
      60_000,
      () => restarted.output(),
    );
    const transfers = await stack.query<{ reference: string; n: string }>(
      `SELECT p.reference, count(t.id) AS n FROM payouts p
         LEFT JOIN sandbox_gateway.transfers t ON t.reference = p.reference
        WHERE p.id = ANY($1) GROUP BY p.reference`,
      [payouts],
    );
    expect(transfers.map((t) => Number(t.n))).toEqual(payouts.map(() => 1));
  } finally {
    await restarted.stop();
  }
}

const verifies = (body: string, signature: string | string[] | undefined) =>
  signature === createHmac('sha512', stack.merchant.webhookSecret).update(body).digest('hex');

/** A delivery cut at `point`: the `seed`-th webhook the dispatcher delivers. */
async function webhookRun(point: CrashPoint, seed: number): Promise<number> {
  const before = stack.receiver.received.length;
  const [worker, { planId, installments }] = await bootWhilePlanning(point, seed);
  await crashed(worker, point);
  const restarted = await stack.startWorker();
  try {
    await waitFor(
      async () => {
        const [row] = await stack.query<{ n: string }>(
          `SELECT count(*) AS n FROM webhook_events
            WHERE merchant_id = $1 AND status <> 'delivered'`,
          [stack.merchant.id],
        );
        return (
          (await stack.installmentStatus(installments[0]!.id)) === 'paid' &&
          Number(row?.n) === 0 &&
          (await stack.quiet())
        );
      },
      60_000,
      () => restarted.output(),
    );
    const events = await stack.query<{ id: string }>(
      `SELECT e.id FROM webhook_events e WHERE e.merchant_id = $1 AND e.body LIKE $2`,
      [stack.merchant.id, `%${planId}%`],
    );
    const received = stack.receiver.received.slice(before);
    const ids = received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    for (const event of events) expect(ids, `event ${event.id} lost`).toContain(event.id);
    for (const delivery of received) {
      expect(verifies(delivery.body, delivery.headers['x-tranche-signature'])).toBe(true);
    }
    return ids.length - new Set(ids).size;
  } finally {
    await restarted.stop();
  }
}

describe('B13: crash-point sweep', () => {
  const seeds = [1, 2, 3];
  const rounds = batteryCount({ ci: 1, full: 10 });

  it(`every crash point × seeds ${seeds.join(', ')}: done once after a restart, invariants after each run`, async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    let redelivered = 0;
    for (let round = 0; round < rounds; round++) {
      for (const point of CRASH_POINTS) {
        for (const seed of seeds) {
          if (point.startsWith('collection.')) await collectionRun(point, seed);
          else if (point.startsWith('payout.')) await payoutRun(point, seed);
          else redelivered += await webhookRun(point, seed);
          await assertInvariants(stack.databaseUrl);
          runs++;
          outcomes[point] = (outcomes[point] ?? 0) + 1;
        }
      }
    }
    report('B13', {
      runs,
      survived: runs,
      points: CRASH_POINTS.length,
      redelivered_events: redelivered,
    });
    expect(runs).toBe(rounds * CRASH_POINTS.length * seeds.length);
  }, 3_600_000);
});
