import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type Expected, outcomeOf } from '../../test/harness/transitions.ts';
import {
  allSettled,
  ATTEMPTABLE_INSTALLMENT_STATUSES,
  CANCELLABLE_INSTALLMENT_STATUSES,
  type InstallmentEvent,
  type InstallmentState,
  statusesMovedBy,
  type Transition,
  transitionInstallment,
} from './plan.ts';

describe('installment states', () => {
  const scheduled: InstallmentState = { status: 'scheduled' };
  const processing: InstallmentState = {
    status: 'processing',
    chargeReference: 'chg_2',
    attempt: 2,
  };
  const failed: InstallmentState = {
    status: 'failed',
    chargeReference: 'chg_1',
    failedAttempts: 1,
  };
  const paid: InstallmentState = { status: 'paid', chargeReference: 'chg_2' };
  const cancelled: InstallmentState = { status: 'cancelled' };

  const start = (chargeReference: string): InstallmentEvent => ({
    type: 'attempt_started',
    chargeReference,
  });
  const success = (chargeReference: string): InstallmentEvent => ({
    type: 'charge_succeeded',
    chargeReference,
  });
  const failure = (chargeReference: string): InstallmentEvent => ({
    type: 'charge_failed',
    chargeReference,
  });
  const cancel: InstallmentEvent = { type: 'cancelled' };
  const customerFailure = (
    chargeReference: string,
    before: InstallmentState,
  ): InstallmentEvent => ({ type: 'customer_charge_failed', chargeReference, before });
  const firstAttempt: InstallmentState = {
    status: 'processing',
    chargeReference: 'pay_1',
    attempt: 1,
  };

  const cases: [string, InstallmentState, InstallmentEvent, Expected<InstallmentState>][] = [
    // scheduled
    [
      'first attempt',
      scheduled,
      start('chg_1'),
      ['applied', { status: 'processing', chargeReference: 'chg_1', attempt: 1 }],
    ],
    ['success never started', scheduled, success('chg_1'), ['refused']],
    ['failure never started', scheduled, failure('chg_1'), ['refused']],
    ['cancel before any attempt', scheduled, cancel, ['applied', cancelled]],
    // processing (attempt chg_2 in flight)
    ['replayed start', processing, start('chg_2'), ['unchanged']],
    ['second attempt while one is in flight', processing, start('chg_3'), ['refused']],
    ['success', processing, success('chg_2'), ['applied', paid]],
    [
      'late success of the earlier attempt',
      processing,
      success('chg_1'),
      ['applied', { status: 'paid', chargeReference: 'chg_1' }],
    ],
    [
      'failure',
      processing,
      failure('chg_2'),
      ['applied', { status: 'failed', chargeReference: 'chg_2', failedAttempts: 2 }],
    ],
    ['stale failure of the earlier attempt', processing, failure('chg_1'), ['unchanged']],
    ['cancel while money may move', processing, cancel, ['refused']],
    // a payment the customer started (pay now, pay off) failed: back to where it started
    [
      "customer's early payment failed",
      firstAttempt,
      customerFailure('pay_1', scheduled),
      ['applied', scheduled],
    ],
    [
      "customer's payment of a failed installment failed",
      processing,
      customerFailure('chg_2', failed),
      ['applied', failed],
    ],
    [
      'customer failure restoring a state the attempt cannot have started from',
      processing,
      customerFailure('chg_2', scheduled),
      ['refused'],
    ],
    [
      'customer failure restoring a failed state with the wrong count',
      firstAttempt,
      customerFailure('pay_1', failed),
      ['refused'],
    ],
    [
      'customer failure restoring a paid state',
      processing,
      customerFailure('chg_2', paid),
      ['refused'],
    ],
    ['stale customer failure', processing, customerFailure('chg_1', failed), ['unchanged']],
    ['customer failure never started', scheduled, customerFailure('pay_1', scheduled), ['refused']],
    [
      'customer failure after a failure',
      failed,
      customerFailure('chg_1', scheduled),
      ['unchanged'],
    ],
    ['customer failure after the success', paid, customerFailure('chg_2', failed), ['unchanged']],
    [
      'customer failure on a cancelled one',
      cancelled,
      customerFailure('x', scheduled),
      ['unchanged'],
    ],
    // failed (chg_1 failed)
    ['retry with a new reference', failed, start('chg_2'), ['applied', processing]],
    ['retry reusing the failed reference', failed, start('chg_1'), ['refused']],
    [
      'success reported after the failure',
      failed,
      success('chg_1'),
      ['applied', { status: 'paid', chargeReference: 'chg_1' }],
    ],
    ['duplicate failure', failed, failure('chg_1'), ['unchanged']],
    ['cancel after a failure', failed, cancel, ['applied', cancelled]],
    // paid by chg_2
    ['collector runs again', paid, start('chg_3'), ['unchanged']],
    ['duplicate success', paid, success('chg_2'), ['unchanged']],
    ['a second charge succeeded', paid, success('chg_3'), ['refused']],
    ['failure after the success', paid, failure('chg_2'), ['unchanged']],
    ['cancel a paid installment', paid, cancel, ['refused']],
    // cancelled
    ['stale collection job', cancelled, start('chg_1'), ['unchanged']],
    ['money for a cancelled installment', cancelled, success('chg_1'), ['refused']],
    ['stale failure', cancelled, failure('chg_1'), ['unchanged']],
    ['cancel twice', cancelled, cancel, ['unchanged']],
  ];

  it.each(cases)('%s', (_name, state, event, expected) => {
    expect(outcomeOf(transitionInstallment(state, event))).toEqual(expected);
  });

  // The reason is logged with every ignored or refused gateway event, and a refusal's reason is
  // the 409 detail a merchant reads (stateAfter): each one says what happened to this installment.
  it.each<[InstallmentState, InstallmentEvent, Transition<InstallmentState>['outcome'], string]>([
    [scheduled, success('chg_1'), 'refused', 'charge_succeeded for chg_1, which was never started'],
    [scheduled, failure('chg_1'), 'refused', 'charge_failed for chg_1, which was never started'],
    [processing, start('chg_2'), 'unchanged', 'attempt already started'],
    [
      processing,
      start('chg_3'),
      'refused',
      'attempt chg_2 is still in flight; wait for its outcome',
    ],
    [processing, failure('chg_1'), 'unchanged', 'stale failure of earlier attempt chg_1'],
    [processing, cancel, 'refused', 'a charge is in flight; cancel once it settles'],
    [failed, start('chg_1'), 'refused', 'a retry needs a new charge reference'],
    [failed, failure('chg_1'), 'unchanged', 'failure of chg_1 already recorded'],
    [paid, start('chg_3'), 'unchanged', 'already paid: do not charge'],
    [paid, success('chg_2'), 'unchanged', 'already paid'],
    [paid, success('chg_3'), 'refused', 'already paid by chg_2; refund chg_3'],
    [paid, failure('chg_2'), 'unchanged', 'already paid; the failure of chg_2 is stale'],
    [paid, cancel, 'refused', 'a paid installment cannot be cancelled; refund it'],
    [cancelled, start('chg_3'), 'unchanged', 'cancelled: nothing to collect'],
    [cancelled, success('chg_3'), 'refused', 'chg_3 charged a cancelled installment; refund it'],
    [cancelled, failure('chg_3'), 'unchanged', 'cancelled: the failure is stale'],
    [cancelled, cancel, 'unchanged', 'already cancelled'],
  ])('%j on %j is %s: "%s"', (state, event, outcome, reason) => {
    expect(transitionInstallment(state, event)).toEqual({ outcome, state, reason });
  });

  it('the table covers every state and event type', () => {
    const covered = new Set(cases.map(([, state, event]) => `${state.status}/${event.type}`));
    expect(covered.size).toBe(5 * 5);
  });

  it('a paid installment never goes back to processing', () => {
    const result = transitionInstallment(paid, start('chg_9'));
    expect(result).toEqual({
      outcome: 'unchanged',
      state: paid,
      reason: 'already paid: do not charge',
    });
  });

  const event: fc.Arbitrary<InstallmentEvent> = fc.oneof(
    fc.constant(cancel),
    fc
      .tuple(
        fc.constantFrom(
          'attempt_started' as const,
          'charge_succeeded' as const,
          'charge_failed' as const,
        ),
        fc.constantFrom('chg_1', 'chg_2', 'chg_3', 'chg_4'),
      )
      .map(([type, chargeReference]): InstallmentEvent => ({ type, chargeReference })),
  );

  it('under any stream of late, duplicated and reordered events, states only move forward', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state: InstallmentState = scheduled;
        let attemptsStarted = 0;
        for (const e of events) {
          const transition = transitionInstallment(state, e);
          if (transition.outcome !== 'applied') {
            expect(transition.state).toBe(state);
            continue;
          }
          const { from, to } = transition;
          expect(to).not.toEqual(from);
          expect(to.status).not.toBe('scheduled');
          expect(from.status === 'paid' || from.status === 'cancelled').toBe(false);
          if (to.status === 'processing') {
            attemptsStarted += 1;
            expect(to.attempt).toBe(attemptsStarted);
          }
          if (to.status === 'failed') expect(to.failedAttempts).toBe(attemptsStarted);
          state = to;
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('allSettled: every installment paid or cancelled', () => {
    expect(allSettled([paid, cancelled])).toBe(true);
    expect(allSettled([paid, failed])).toBe(false);
    expect(allSettled([processing])).toBe(false);
    expect(allSettled([])).toBe(true);
  });
});

describe('the statuses set-based writes use, derived from the machine', () => {
  it('a new attempt starts only from scheduled or failed; a cancel cancels only those', () => {
    expect(ATTEMPTABLE_INSTALLMENT_STATUSES).toEqual(['scheduled', 'failed']);
    expect(CANCELLABLE_INSTALLMENT_STATUSES).toEqual(['scheduled', 'failed']);
  });

  it('a success from another charge pays a processing or failed installment, never a paid one', () => {
    expect(statusesMovedBy({ type: 'charge_succeeded', chargeReference: 'chg_9' })).toEqual([
      'processing',
      'failed',
    ]);
  });

  it('a failure moves nothing but the attempt it is about (an earlier one is stale)', () => {
    expect(statusesMovedBy({ type: 'charge_failed', chargeReference: 'chg_9' })).toEqual([]);
  });
});
