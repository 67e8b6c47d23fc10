import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type Expected, outcomeOf } from '../../test/harness/transitions.ts';
import { DAY_MS } from './lagos-time.ts';
import {
  decideAfterFailedAttempt,
  initialPlanStatus,
  type InstallmentState,
  isDelinquent,
  isMissed,
  type PlanEvent,
  type PlanStatus,
  RETRY_DELAYS_DAYS,
  stateAfter,
  transitionPlan,
} from './plan.ts';

const PLAN_STATUSES: PlanStatus[] = [
  'pending_deposit',
  'active',
  'completed',
  'defaulted',
  'cancelled',
];
const PLAN_EVENTS: PlanEvent[] = [
  'deposit_paid',
  'settled',
  'retries_exhausted',
  'arrears_cleared',
  'cancelled',
];

describe('plan states', () => {
  const table: Record<PlanStatus, Record<PlanEvent, Expected<PlanStatus>>> = {
    pending_deposit: {
      deposit_paid: ['applied', 'active'],
      settled: ['refused'],
      retries_exhausted: ['refused'],
      arrears_cleared: ['refused'],
      cancelled: ['applied', 'cancelled'],
    },
    active: {
      deposit_paid: ['unchanged'],
      settled: ['applied', 'completed'],
      retries_exhausted: ['applied', 'defaulted'],
      arrears_cleared: ['unchanged'],
      cancelled: ['applied', 'cancelled'],
    },
    defaulted: {
      deposit_paid: ['unchanged'],
      settled: ['applied', 'completed'],
      retries_exhausted: ['unchanged'],
      arrears_cleared: ['applied', 'active'],
      cancelled: ['applied', 'cancelled'],
    },
    completed: {
      deposit_paid: ['unchanged'],
      settled: ['unchanged'],
      retries_exhausted: ['unchanged'],
      arrears_cleared: ['unchanged'],
      cancelled: ['refused'],
    },
    cancelled: {
      deposit_paid: ['refused'],
      settled: ['refused'],
      retries_exhausted: ['unchanged'],
      arrears_cleared: ['unchanged'],
      cancelled: ['unchanged'],
    },
  };

  const cells = PLAN_STATUSES.flatMap((status) =>
    PLAN_EVENTS.map((event) => [status, event, table[status][event]] as const),
  );

  it.each(cells)('%s + %s → %j', (status, event, expected) => {
    expect(outcomeOf(transitionPlan(status, event))).toEqual(expected);
  });

  it('every refusal and no-op says why', () => {
    for (const [status, event] of cells) {
      const transition = transitionPlan(status, event);
      if (transition.outcome !== 'applied') expect(transition.reason).not.toBe('');
    }
  });

  it('a late deposit_paid on a live plan is a no-op that says so', () => {
    for (const status of ['active', 'defaulted'] as const) {
      expect(transitionPlan(status, 'deposit_paid')).toEqual({
        outcome: 'unchanged',
        state: status,
        reason: 'deposit already paid',
      });
    }
    expect(transitionPlan('active', 'arrears_cleared')).toEqual({
      outcome: 'unchanged',
      state: 'active',
      reason: 'nothing is overdue',
    });
    expect(transitionPlan('defaulted', 'retries_exhausted')).toEqual({
      outcome: 'unchanged',
      state: 'defaulted',
      reason: 'already defaulted',
    });
  });

  it('completed and cancelled are terminal', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      for (const event of PLAN_EVENTS) {
        expect(transitionPlan(status, event).outcome).not.toBe('applied');
      }
    }
  });

  it('a plan waits for its deposit unless it has none', () => {
    expect(initialPlanStatus(625_000)).toBe('pending_deposit');
    expect(initialPlanStatus(0)).toBe('active');
  });

  it('stateAfter: applied and idempotent answers return the state; refusals are a 409', () => {
    expect(stateAfter(transitionPlan('active', 'cancelled'), 'cancel the plan')).toBe('cancelled');
    expect(stateAfter(transitionPlan('cancelled', 'cancelled'), 'cancel the plan')).toBe(
      'cancelled',
    );
    const refusal = (): PlanStatus =>
      stateAfter(transitionPlan('completed', 'cancelled'), 'cancel the plan');
    expect(refusal).toThrow(
      expect.objectContaining({
        code: 'conflict',
        detail: 'Cannot cancel the plan: a completed plan cannot be cancelled; refund it.',
      }),
    );
  });
});

describe('retry schedule for failed auto-debits', () => {
  const dueAt = new Date('2027-03-31T08:00:00Z');
  const plusDays = (at: Date, days: number): string =>
    new Date(at.getTime() + days * DAY_MS).toISOString();

  it('retries 1, 3 and 7 days after the due date, at the due hour, then defaults', () => {
    expect(decideAfterFailedAttempt({ dueAt, failedAttempts: 1, failedAt: dueAt })).toEqual({
      action: 'retry',
      retryAt: new Date(plusDays(dueAt, 1)),
    });
    expect(
      decideAfterFailedAttempt({
        dueAt,
        failedAttempts: 2,
        failedAt: new Date(plusDays(dueAt, 1)),
      }),
    ).toEqual({ action: 'retry', retryAt: new Date(plusDays(dueAt, 3)) });
    expect(
      decideAfterFailedAttempt({
        dueAt,
        failedAttempts: 3,
        failedAt: new Date(plusDays(dueAt, 3)),
      }),
    ).toEqual({ action: 'retry', retryAt: new Date(plusDays(dueAt, 7)) });
    expect(
      decideAfterFailedAttempt({
        dueAt,
        failedAttempts: 4,
        failedAt: new Date(plusDays(dueAt, 7)),
      }),
    ).toEqual({ action: 'default_plan' });
    expect(RETRY_DELAYS_DAYS).toEqual([1, 3, 7]);
  });

  it('a late failure pushes the retry to 24 hours after it, never sooner', () => {
    const failedAt = new Date('2027-04-02T15:00:00Z'); // the first attempt ran 2 days late
    expect(decideAfterFailedAttempt({ dueAt, failedAttempts: 1, failedAt })).toEqual({
      action: 'retry',
      retryAt: new Date('2027-04-03T15:00:00Z'),
    });
  });

  it('every retry is ≥ due + its delay and ≥ 24 h after the failure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 30 * DAY_MS }),
        (failedAttempts, lateMs) => {
          const failedAt = new Date(dueAt.getTime() + lateMs);
          const decision = decideAfterFailedAttempt({ dueAt, failedAttempts, failedAt });
          if (decision.action !== 'retry') throw new Error('expected a retry');
          const delayDays = RETRY_DELAYS_DAYS[failedAttempts - 1] ?? 0;
          expect(decision.retryAt.getTime()).toBeGreaterThanOrEqual(
            dueAt.getTime() + delayDays * DAY_MS,
          );
          expect(decision.retryAt.getTime()).toBeGreaterThanOrEqual(failedAt.getTime() + DAY_MS);
        },
      ),
    );
  });

  it('refuses a nonsensical attempt count', () => {
    expect(() => decideAfterFailedAttempt({ dueAt, failedAttempts: 0, failedAt: dueAt })).toThrow(
      new RangeError('failedAttempts must be a whole number of at least 1'),
    );
    expect(() => decideAfterFailedAttempt({ dueAt, failedAttempts: 1.5, failedAt: dueAt })).toThrow(
      RangeError,
    );
  });
});

describe('delinquency', () => {
  const dueAt = new Date('2027-03-31T08:00:00Z');
  const before = new Date(dueAt.getTime() - 1);
  const atDue = dueAt;
  const graceEnd = new Date(dueAt.getTime() + DAY_MS);
  const justBeforeGraceEnd = new Date(graceEnd.getTime() - 1);

  it.each<[string, InstallmentState, Date, boolean]>([
    ['scheduled, before due', { status: 'scheduled' }, before, false],
    [
      'scheduled, due but within the day of grace',
      { status: 'scheduled' },
      justBeforeGraceEnd,
      false,
    ],
    ['scheduled, a day past due', { status: 'scheduled' }, graceEnd, true],
    [
      'failed, before due (an early attempt)',
      { status: 'failed', chargeReference: 'c', failedAttempts: 1 },
      before,
      false,
    ],
    [
      'failed, on the due date',
      { status: 'failed', chargeReference: 'c', failedAttempts: 1 },
      atDue,
      true,
    ],
    [
      'processing long after due',
      { status: 'processing', chargeReference: 'c', attempt: 1 },
      new Date(dueAt.getTime() + 5 * DAY_MS),
      false,
    ],
    [
      'paid',
      { status: 'paid', chargeReference: 'c' },
      new Date(dueAt.getTime() + 50 * DAY_MS),
      false,
    ],
    ['cancelled', { status: 'cancelled' }, new Date(dueAt.getTime() + 50 * DAY_MS), false],
  ])('%s → missed: %s', (_name, state, now, missed) => {
    expect(isMissed({ state, dueAt }, now)).toBe(missed);
  });

  it('a customer is delinquent when any installment is missed', () => {
    const paid: InstallmentState = { status: 'paid', chargeReference: 'c1' };
    const failed: InstallmentState = { status: 'failed', chargeReference: 'c2', failedAttempts: 2 };
    const later = new Date(dueAt.getTime() + 30 * DAY_MS);
    expect(
      isDelinquent(
        [
          { state: paid, dueAt },
          { state: failed, dueAt },
        ],
        atDue,
      ),
    ).toBe(true);
    expect(
      isDelinquent(
        [
          { state: paid, dueAt },
          { state: { status: 'scheduled' }, dueAt: later },
        ],
        graceEnd,
      ),
    ).toBe(false);
    expect(isDelinquent([], atDue)).toBe(false);
  });
});
