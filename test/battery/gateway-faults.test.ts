import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chargeReference } from '../../src/features/collections/intents.ts';
import { assertInvariants } from '../harness/invariants.ts';
import type { TrancheProcess } from '../harness/tranche-process.ts';
import { batteryCount, report } from './battery.ts';
import { type ProcessStack, startProcessStack, waitFor } from './process-stack.ts';

/**
 * B16 of the reliability battery: every gateway fault mode, one installment collection each,
 * through the real Paystack adapter in a real worker process against the sandbox gateway over
 * HTTP. For each mode the plan's deposit is collected cleanly, the fault is armed on the sandbox
 * (POST /_sandbox/faults) and the next installment is made due (sandbox time travel), so the
 * worker's charge call is the one that meets the fault. Then:
 * - the call is never taken as a decline: the installment's one charge (reference
 *   chg-<installment>-1) ends `success`, no second attempt exists;
 * - an ambiguous call leaves the charge `pending` and the collection re-scheduled (the worker's
 *   `unknown`), and it is resolved by a verify of the same reference (the gateway webhook's
 *   verify, or the collection's re-check, which the test brings forward from its 60 s);
 * - one gateway charge per installment; no charge is `success` here without a `success` of the
 *   same reference and amount at the gateway, at any moment looked at;
 * - I1–I12 (test/invariants.sql, with the gateway reconciliation checks) after every mode.
 */

const GATEWAY_TIMEOUT_MS = 4_000;

interface Mode {
  name: string;
  faults: Record<string, number>;
  /** The gateway acted before the fault hit (a charge exists there). */
  applied: boolean;
  /** The adapter cannot know the outcome: the worker must re-check. */
  ambiguous: boolean;
}

const MODES: Mode[] = [
  { name: '500_before_apply', faults: { fail_next: 1 }, applied: false, ambiguous: true },
  {
    name: '500_after_apply',
    faults: { fail_next_after_apply: 1 },
    applied: true,
    ambiguous: true,
  },
  {
    name: 'response_lost',
    faults: { lose_next_response: 1 },
    applied: true,
    ambiguous: true,
  },
  {
    name: 'timeout_after_apply',
    faults: { delay_next_response_ms: GATEWAY_TIMEOUT_MS + 4_000 },
    applied: true,
    ambiguous: true,
  },
  { name: 'reset_before_apply', faults: { reset_next: 1 }, applied: false, ambiguous: true },
  {
    name: 'reset_after_apply',
    faults: { reset_next_after_apply: 1 },
    applied: true,
    ambiguous: true,
  },
  { name: 'malformed_json', faults: { malformed_next: 1 }, applied: true, ambiguous: true },
  {
    name: '429_retry_after_1s',
    faults: { rate_limit_next: 1, retry_after_s: 1 },
    applied: false,
    ambiguous: false,
  },
  {
    name: '429_retry_after_120s',
    faults: { rate_limit_next: 1, retry_after_s: 120 },
    applied: false,
    ambiguous: true,
  },
];

let stack: ProcessStack;
let worker: TrancheProcess;
beforeAll(async () => {
  stack = await startProcessStack('b16', {
    env: { GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS) },
  });
  worker = await stack.startWorker();
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await stack.stop();
});

interface ChargeRow {
  reference: string;
  attempt: number;
  status: string;
  created_at: Date;
  settled_at: Date | null;
}

const chargesOf = (installmentId: string) =>
  stack.query<ChargeRow>(
    `SELECT reference, attempt, status, created_at, settled_at FROM charges
      WHERE installment_id = $1 ORDER BY attempt`,
    [installmentId],
  );

/**
 * When the worker scheduled the re-check of an ambiguous charge (run_at ≈ 60 s on): the moment
 * it took the call as `unknown`. Undefined while there is none.
 */
async function recheckScheduledAt(installmentId: string): Promise<Date | undefined> {
  const [job] = await stack.query<{ created_at: Date }>(
    `SELECT created_at FROM graphile_worker.jobs
      WHERE key = $1 AND run_at > now() + interval '20 seconds'`,
    [`collect:${installmentId}:1`],
  );
  return job?.created_at;
}
const recheckScheduled = async (installmentId: string) =>
  (await recheckScheduledAt(installmentId)) !== undefined;

/** Test time travel for the re-check: the same job key, due now (as scheduleCollection does). */
async function recheckNow(installmentId: string): Promise<void> {
  await stack.query(
    `SELECT graphile_worker.add_job('collect_installment',
        json_build_object('installment_id', $1::text), run_at := now(),
        job_key := $2::text, max_attempts := 10)`,
    [installmentId, `collect:${installmentId}:1`],
  );
}

/** Nothing is `success` here that the gateway does not hold as `success` for the same amount. */
async function noCaptureWithoutGatewayTruth(): Promise<void> {
  const unbacked = await stack.query<{ reference: string }>(
    `SELECT c.reference FROM charges c
       LEFT JOIN sandbox_gateway.transactions t
              ON t.reference = c.reference AND t.status = 'success' AND t.amount = c.amount_kobo
      WHERE c.status = 'success' AND t.reference IS NULL`,
  );
  expect(unbacked.map((r) => r.reference)).toEqual([]);
}

async function faultsLeft(): Promise<Record<string, unknown>> {
  const answer = (await stack.sandbox('GET', '/_sandbox/faults')) as {
    data: Record<string, unknown>;
  };
  return answer.data;
}

interface Outcome {
  mode: string;
  outcome: string;
  unknown: boolean;
  resolvedBy: string;
  /** From the charge's intent to the call's end (unknown, or settled in the same call). */
  callMs: number;
  unknownToResolvedMs: number;
  gatewayCharges: number;
}

async function runMode(mode: Mode): Promise<Outcome> {
  const { planId, installments } = await stack.newPlan(3);
  const target = installments[1]!.id;
  const reference = chargeReference(target, 1);
  await waitFor(
    async () => (await stack.installmentStatus(installments[0]!.id)) === 'paid',
    60_000,
    () => worker.output().slice(-2000),
  );
  await stack.sandbox('POST', '/_sandbox/faults', mode.faults);
  expect(await stack.advance(planId)).toBe(200);

  // The worker's charge call meets the fault; the call is over when the charge is settled or the
  // collection re-scheduled. An ambiguous call always ends re-scheduled (the worker's `unknown`),
  // even when the gateway's webhook settled the charge while the call was still failing.
  await waitFor(
    async () => {
      const [charge] = await chargesOf(target);
      return (
        charge !== undefined && (charge.status !== 'pending' || (await recheckScheduled(target)))
      );
    },
    60_000,
    () => `${mode.name}: the collection never ended\n${worker.output().slice(-2000)}`,
  );
  if (mode.ambiguous) {
    await waitFor(
      () => recheckScheduled(target),
      30_000,
      () =>
        `${mode.name}: the worker never took the call as unknown\n${worker.output().slice(-2000)}`,
    );
  }
  const unknownAt = await recheckScheduledAt(target);
  const unknown = unknownAt !== undefined;
  const left = await faultsLeft();
  for (const knob of Object.keys(mode.faults)) {
    if (knob !== 'retry_after_s') expect(left[knob], `${mode.name}: ${knob} consumed`).toBe(0);
  }
  await stack.sandbox('DELETE', '/_sandbox/faults');
  await noCaptureWithoutGatewayTruth();

  // Resolution: the gateway's webhook (its handler verifies the reference) may settle an applied
  // charge at once; otherwise the collection's own re-check (verify, then the charge again with
  // the same reference when the gateway has none), brought forward from its 60 s.
  const paid = async () => (await stack.installmentStatus(target)) === 'paid';
  let resolvedBy = 'same_call';
  if (unknown && (await paid())) resolvedBy = 'webhook_verify';
  else if (unknown && !mode.applied) {
    resolvedBy = 'recheck_verify';
    await recheckNow(target);
  } else if (unknown) {
    resolvedBy = 'webhook_verify';
    try {
      await waitFor(paid, 10_000);
    } catch {
      resolvedBy = 'recheck_verify';
      await recheckNow(target);
    }
  }
  await waitFor(
    async () => {
      // A decline is final for this attempt (its retry waits a day): fail at once, and say so.
      if ((await chargesOf(target)).some((c) => c.status === 'failed')) {
        throw new Error(`${mode.name}: the fault was taken as a decline`);
      }
      return (await paid()) && (await stack.quiet());
    },
    60_000,
    () => `${mode.name}: not collected\n${worker.output().slice(-2000)}`,
  );

  const charges = await chargesOf(target);
  expect(
    charges.map((c) => [c.reference, c.attempt, c.status]),
    `${mode.name}: one charge, never declined`,
  ).toEqual([[reference, 1, 'success']]);
  const atGateway = await stack.query<{ reference: string; status: string }>(
    `SELECT reference, status FROM sandbox_gateway.transactions
      WHERE metadata ->> 'installment_id' = $1`,
    [target],
  );
  expect(atGateway, `${mode.name}: one gateway charge`).toEqual([{ reference, status: 'success' }]);
  for (const installment of installments) await stack.chargedOnce(installment.id);
  await noCaptureWithoutGatewayTruth();
  await assertInvariants(stack.databaseUrl);

  if (mode.ambiguous) expect(unknown, `${mode.name}: the worker took it as unknown`).toBe(true);
  const charge = charges[0]!;
  const settledAt = charge.settled_at!.getTime();
  if (!mode.ambiguous) {
    expect(
      settledAt - charge.created_at.getTime(),
      `${mode.name}: Retry-After waited`,
    ).toBeGreaterThanOrEqual(900);
  }
  return {
    mode: mode.name,
    outcome: 'paid_once',
    unknown,
    resolvedBy,
    callMs: (unknownAt?.getTime() ?? settledAt) - charge.created_at.getTime(),
    // Negative: the gateway's webhook settled the charge before the call gave up.
    unknownToResolvedMs: unknownAt ? settledAt - unknownAt.getTime() : 0,
    gatewayCharges: atGateway.length,
  };
}

describe('B16: gateway fault modes', () => {
  const rounds = batteryCount({ ci: 1, full: 5 });

  it(
    'every fault mode: no double charge, ambiguous calls unknown then verified with the same reference, nothing captured without the gateway, invariants',
    async () => {
      const outcomes: Outcome[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const mode of MODES) outcomes.push(await runMode(mode));
      }
      for (const mode of MODES) {
        const runs = outcomes.filter((o) => o.mode === mode.name);
        report(`B16 ${mode.name}`, {
          runs: runs.length,
          outcome: [...new Set(runs.map((o) => o.outcome))].join('/'),
          unknown: runs.filter((o) => o.unknown).length,
          resolved_by: [...new Set(runs.map((o) => o.resolvedBy))].join('/'),
          call_ms_max: Math.max(...runs.map((o) => o.callMs)),
          unknown_to_resolved_ms_max: Math.max(...runs.map((o) => o.unknownToResolvedMs)),
          gateway_charges_per_installment: Math.max(...runs.map((o) => o.gatewayCharges)),
          double_charges: 0,
        });
      }
      expect(outcomes).toHaveLength(rounds * MODES.length);
    },
    rounds * 600_000,
  );
});
