import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertInvariants } from '../harness/invariants.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * B14 of the reliability battery: the worker killed with SIGKILL at random instants while it
 * collects. Each cycle puts load on it (new plans, whose deposits it collects, and time travel
 * on the open plans, whose next installments it collects), waits a random 0–1.5 s and kills it,
 * then starts a new one. At the end: every plan the API acknowledged has its deposit collected
 * (nothing acknowledged is lost), every installment is charged at the gateway exactly once if
 * paid and never otherwise, and I1–I12 hold.
 */

let stack: ProcessStack;
beforeAll(async () => {
  stack = await startProcessStack('b14');
}, 120_000);
afterAll(async () => stack.stop());

/** A deterministic sequence (the run's seed is printed), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('B14: kill -9 of the worker at random instants under a collection load', () => {
  it('nothing acknowledged is lost, nothing is charged twice, the invariants hold', async () => {
    // CI: ten kills (each cycle is the same case again, at another random instant); BATTERY=full
    // keeps 200. (Booting the next worker while the cycle's plans were made was tried: fewer
    // installments got paid between kills and the run took longer.)
    const cycles = batteryCount({ ci: 10, full: 200 });
    const seed = Number(process.env.BATTERY_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    // Printed first, so that a run that fails can be replayed with BATTERY_SEED.
    console.log(`[battery] B14 seed=${seed}`);
    const plans: { planId: string; installments: { id: string }[]; advanced: number }[] = [];
    let worker: TrancheProcess = await stack.startWorker();
    let kills = 0;
    const started = Date.now();
    try {
      for (let cycle = 0; cycle < cycles; cycle++) {
        // Load: two new plans (deposits) and time travel on up to four open plans.
        const fresh = await Promise.all([stack.newPlan(4), stack.newPlan(4)]);
        plans.push(...fresh.map((plan) => ({ ...plan, advanced: 0 })));
        const open = plans.filter((p) => p.advanced < p.installments.length - 1).slice(-4);
        for (const plan of open) {
          // Time travel moves the next unpaid installment: only once the last one asked for is
          // paid, or it would move that one again.
          const last = plan.installments[plan.advanced]!.id;
          if ((await stack.installmentStatus(last)) !== 'paid') continue;
          if ((await stack.advance(plan.planId)) === 200) plan.advanced++;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 1_500)));
        worker.child.kill('SIGKILL');
        await worker.exited;
        kills++;
        worker = await stack.startWorker();
      }
      // The last worker finishes everything that was asked for.
      let waitingFor = '';
      await waitFor(
        async () => {
          for (const plan of plans) {
            for (const installment of plan.installments.slice(0, plan.advanced + 1)) {
              const status = await stack.installmentStatus(installment.id);
              if (status !== 'paid') {
                waitingFor = `${installment.id} is ${status}: ${JSON.stringify(
                  await stack.query(
                    `SELECT c.reference, c.status, j.run_at, j.locked_by, j.last_error
                       FROM charges c LEFT JOIN graphile_worker.jobs j
                         ON j.key LIKE 'collect:' || c.installment_id || ':%'
                      WHERE c.installment_id = $1`,
                    [installment.id],
                  ),
                )}`;
                return false;
              }
            }
          }
          if (await stack.quiet()) return true;
          waitingFor = `jobs still due or running: ${JSON.stringify(
            await stack.query(
              `SELECT task_identifier, attempts, run_at, locked_by, last_error
                 FROM graphile_worker.jobs WHERE run_at <= now() OR locked_at IS NOT NULL`,
            ),
          )}`;
          return false;
        },
        120_000,
        () => `${waitingFor}\n${worker.output().slice(-3000)}`,
      );
    } finally {
      await worker.stop();
    }
    let installments = 0;
    for (const plan of plans) {
      for (const installment of plan.installments) {
        await stack.chargedOnce(installment.id);
        installments++;
      }
    }
    await assertInvariants(stack.databaseUrl);
    const paid = await stack.query<{ n: string }>(
      `SELECT count(*) AS n FROM installments WHERE status = 'paid'`,
    );
    let lostAcknowledged = 0;
    for (const plan of plans) {
      if ((await stack.installmentStatus(plan.installments[0]!.id)) !== 'paid') lostAcknowledged++;
    }
    report('B14', {
      seed,
      cycles,
      kills,
      plans: plans.length,
      installments_checked: installments,
      paid: Number(paid[0]?.n),
      lost_acknowledged: lostAcknowledged,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    expect(kills).toBe(cycles);
    expect(lostAcknowledged).toBe(0);
  }, 3_600_000);
});
