import { DomainError } from './errors.ts';
import { DAY_MS } from './lagos-time.ts';
import type { Kobo } from './money.ts';

/**
 * Payment plan states:
 *
 *   pending_deposit --deposit_paid--> active           (a plan with a 0-kobo deposit starts active)
 *   pending_deposit --cancelled--> cancelled           (deposit never collected; terminal)
 *   active --settled--> completed                      (all paid or refunded away; terminal)
 *   active --retries_exhausted--> defaulted            (an installment failed its last retry)
 *   active --cancelled--> cancelled                    (merchant cancels or refunds the order)
 *   defaulted --arrears_cleared--> active              (the customer paid what was overdue)
 *   defaulted --settled--> completed
 *   defaulted --cancelled--> cancelled                 (merchant stops collecting; written off)
 *
 * Installment states (each carries the gateway charge reference it is about):
 *
 *   scheduled --attempt_started(r)--> processing(r)
 *   processing(r) --charge_succeeded(r')--> paid(r')   (r' ≠ r: an earlier attempt's late success)
 *   processing(r) --charge_failed(r)--> failed(r)
 *   failed --attempt_started(r, new)--> processing(r)  (a retry, always with a new reference)
 *   failed --charge_succeeded(r')--> paid(r')          (the gateway's truth wins over our failure)
 *   processing(r) --customer_charge_failed(r)--> as before the attempt
 *                                                      (a payment the customer started changes
 *                                                       nothing when it fails: money-rules.md §4)
 *   scheduled | failed --cancelled--> cancelled        (plan cancelled, or refunded to 0)
 *
 * Gateway events come late, twice and out of order, and states only move forward (I10). So an
 * event that is already reflected, or stale, is `unchanged` with the reason: a second success of
 * the same charge is "already paid", a failure after the success is ignored. An event that must
 * not happen is `refused`: the caller alerts and, when money arrived for nothing (a second
 * charge on a paid installment, a charge on a cancelled one), refunds it.
 */

export type PlanStatus = 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';

export type PlanEvent =
  'deposit_paid' | 'settled' | 'retries_exhausted' | 'arrears_cleared' | 'cancelled';

export type InstallmentState =
  | { status: 'scheduled' }
  | { status: 'processing'; chargeReference: string; attempt: number }
  | { status: 'failed'; chargeReference: string; failedAttempts: number }
  | { status: 'paid'; chargeReference: string }
  | { status: 'cancelled' };

export type InstallmentStatus = InstallmentState['status'];

export type InstallmentEvent =
  | { type: 'attempt_started'; chargeReference: string }
  | { type: 'charge_succeeded'; chargeReference: string }
  | { type: 'charge_failed'; chargeReference: string }
  /**
   * A charge the customer started (pay now, pay off) failed. `before` is the state the attempt
   * started from: scheduled, or failed with the automatic attempt's reference that failed last.
   */
  | { type: 'customer_charge_failed'; chargeReference: string; before: InstallmentState }
  | { type: 'cancelled' };

export type Transition<S> =
  | { outcome: 'applied'; from: S; to: S }
  | { outcome: 'unchanged'; state: S; reason: string }
  | { outcome: 'refused'; state: S; reason: string };

const applied = <S>(from: S, to: S): Transition<S> => ({ outcome: 'applied', from, to });
const unchanged = <S>(state: S, reason: string): Transition<S> => ({
  outcome: 'unchanged',
  state,
  reason,
});
const refused = <S>(state: S, reason: string): Transition<S> => ({
  outcome: 'refused',
  state,
  reason,
});

/** A plan waits for its deposit unless there is none to wait for. */
export function initialPlanStatus(depositKobo: Kobo): PlanStatus {
  return depositKobo > 0 ? 'pending_deposit' : 'active';
}

export function transitionPlan(status: PlanStatus, event: PlanEvent): Transition<PlanStatus> {
  switch (status) {
    case 'pending_deposit':
      if (event === 'deposit_paid') return applied(status, 'active');
      if (event === 'cancelled') return applied(status, 'cancelled');
      return refused(status, `${event} before the deposit was paid`);
    case 'active':
      if (event === 'settled') return applied(status, 'completed');
      if (event === 'retries_exhausted') return applied(status, 'defaulted');
      if (event === 'cancelled') return applied(status, 'cancelled');
      if (event === 'deposit_paid') return unchanged(status, 'deposit already paid');
      return unchanged(status, 'nothing is overdue');
    case 'defaulted':
      if (event === 'arrears_cleared') return applied(status, 'active');
      if (event === 'settled') return applied(status, 'completed');
      if (event === 'cancelled') return applied(status, 'cancelled');
      if (event === 'deposit_paid') return unchanged(status, 'deposit already paid');
      return unchanged(status, 'already defaulted');
    case 'completed':
      if (event === 'cancelled') {
        return refused(status, 'a completed plan cannot be cancelled; refund it');
      }
      return unchanged(status, `plan already completed; ${event} is stale`);
    case 'cancelled':
      if (event === 'deposit_paid' || event === 'settled') {
        return refused(status, `${event} on a cancelled plan: refund the money`);
      }
      return unchanged(status, `plan already cancelled; ${event} is stale`);
  }
}

export function transitionInstallment(
  state: InstallmentState,
  event: InstallmentEvent,
): Transition<InstallmentState> {
  switch (state.status) {
    case 'scheduled':
      return fromScheduled(state, event);
    case 'processing':
      return fromProcessing(state, event);
    case 'failed':
      return fromFailed(state, event);
    case 'paid':
      return fromPaid(state, event);
    case 'cancelled':
      return fromCancelled(state, event);
  }
}

type StateOf<S extends InstallmentStatus> = Extract<InstallmentState, { status: S }>;

function fromScheduled(
  state: StateOf<'scheduled'>,
  event: InstallmentEvent,
): Transition<InstallmentState> {
  switch (event.type) {
    case 'attempt_started':
      return applied<InstallmentState>(state, processing(event.chargeReference, 1));
    case 'cancelled':
      return applied<InstallmentState>(state, { status: 'cancelled' });
    case 'charge_succeeded':
    case 'charge_failed':
    case 'customer_charge_failed':
      return refused(state, `${event.type} for ${event.chargeReference}, which was never started`);
  }
}

function fromProcessing(
  state: StateOf<'processing'>,
  event: InstallmentEvent,
): Transition<InstallmentState> {
  switch (event.type) {
    case 'attempt_started':
      return event.chargeReference === state.chargeReference
        ? unchanged(state, 'attempt already started')
        : refused(
            state,
            `attempt ${state.chargeReference} is still in flight; wait for its outcome`,
          );
    case 'charge_succeeded':
      return applied<InstallmentState>(state, {
        status: 'paid',
        chargeReference: event.chargeReference,
      });
    case 'charge_failed':
      return event.chargeReference === state.chargeReference
        ? applied<InstallmentState>(state, failed(state.chargeReference, state.attempt))
        : unchanged(state, `stale failure of earlier attempt ${event.chargeReference}`);
    case 'customer_charge_failed':
      if (event.chargeReference !== state.chargeReference) {
        return unchanged(state, `stale failure of earlier attempt ${event.chargeReference}`);
      }
      return restorable(event.before, state.attempt)
        ? applied<InstallmentState>(state, event.before)
        : refused(
            state,
            `attempt ${state.attempt} cannot have started from ${event.before.status} ` +
              `with ${'failedAttempts' in event.before ? event.before.failedAttempts : 0} failures`,
          );
    case 'cancelled':
      return refused(state, 'a charge is in flight; cancel once it settles');
  }
}

function fromFailed(
  state: StateOf<'failed'>,
  event: InstallmentEvent,
): Transition<InstallmentState> {
  switch (event.type) {
    case 'attempt_started':
      return event.chargeReference === state.chargeReference
        ? refused(state, 'a retry needs a new charge reference')
        : applied<InstallmentState>(
            state,
            processing(event.chargeReference, state.failedAttempts + 1),
          );
    case 'charge_succeeded':
      return applied<InstallmentState>(state, {
        status: 'paid',
        chargeReference: event.chargeReference,
      });
    case 'charge_failed':
    case 'customer_charge_failed':
      return unchanged(state, `failure of ${event.chargeReference} already recorded`);
    case 'cancelled':
      return applied<InstallmentState>(state, { status: 'cancelled' });
  }
}

function fromPaid(state: StateOf<'paid'>, event: InstallmentEvent): Transition<InstallmentState> {
  switch (event.type) {
    case 'attempt_started':
      return unchanged(state, 'already paid: do not charge');
    case 'charge_succeeded':
      return event.chargeReference === state.chargeReference
        ? unchanged(state, 'already paid')
        : refused(
            state,
            `already paid by ${state.chargeReference}; refund ${event.chargeReference}`,
          );
    case 'charge_failed':
    case 'customer_charge_failed':
      return unchanged(state, `already paid; the failure of ${event.chargeReference} is stale`);
    case 'cancelled':
      return refused(state, 'a paid installment cannot be cancelled; refund it');
  }
}

function fromCancelled(
  state: StateOf<'cancelled'>,
  event: InstallmentEvent,
): Transition<InstallmentState> {
  switch (event.type) {
    case 'attempt_started':
      return unchanged(state, 'cancelled: nothing to collect');
    case 'charge_succeeded':
      return refused(state, `${event.chargeReference} charged a cancelled installment; refund it`);
    case 'charge_failed':
    case 'customer_charge_failed':
      return unchanged(state, 'cancelled: the failure is stale');
    case 'cancelled':
      return unchanged(state, 'already cancelled');
  }
}

function processing(chargeReference: string, attempt: number): InstallmentState {
  return { status: 'processing', chargeReference, attempt };
}

function failed(chargeReference: string, failedAttempts: number): InstallmentState {
  return { status: 'failed', chargeReference, failedAttempts };
}

/** Attempt n starts from scheduled (n = 1) or from failed after n − 1 automatic failures. */
function restorable(before: InstallmentState, attempt: number): boolean {
  if (before.status === 'scheduled') return attempt === 1;
  if (before.status === 'failed') return before.failedAttempts === attempt - 1;
  return false;
}

/**
 * The statuses from which `event` moves an installment, for writes that change many rows in one
 * statement: the SQL names these instead of repeating the machine's rules. Each status is tried
 * with a state whose charge reference differs from the event's (a new attempt, another charge).
 */
export function statusesMovedBy(event: InstallmentEvent): InstallmentStatus[] {
  const other = `${'chargeReference' in event ? event.chargeReference : ''}-earlier`;
  const samples: InstallmentState[] = [
    { status: 'scheduled' },
    processing(other, 1),
    failed(other, 1),
    { status: 'paid', chargeReference: other },
    { status: 'cancelled' },
  ];
  return samples
    .filter((state) => transitionInstallment(state, event).outcome === 'applied')
    .map((state) => state.status);
}

/** Where a new collection attempt (with a new charge reference) may start. */
export const ATTEMPTABLE_INSTALLMENT_STATUSES = statusesMovedBy({
  type: 'attempt_started',
  chargeReference: 'new',
});

/** What cancelling a plan (or refunding an installment to nothing) cancels. */
export const CANCELLABLE_INSTALLMENT_STATUSES = statusesMovedBy({ type: 'cancelled' });

/**
 * For callers answering a person (a merchant cancelling a plan): the new state, the same state
 * when the request was already satisfied (idempotent), or a 409 that names the state.
 */
export function stateAfter<S>(transition: Transition<S>, action: string): S {
  switch (transition.outcome) {
    case 'applied':
      return transition.to;
    case 'unchanged':
      return transition.state;
    case 'refused':
      throw new DomainError('conflict', `Cannot ${action}: ${transition.reason}.`);
  }
}

// ── retries and delinquency ──────────────────────────────────────────────────────────────

/**
 * Failed auto-debits are retried 1, 3 and 7 days after the due date (so at the due hour, 09:00
 * Lagos), four attempts in all over a week: that spans a weekend and, for monthly plans, usually
 * a salary day, without hammering a customer who is short. A retry is never sooner than 24 hours
 * after the failure it follows (a late first attempt does not bunch the retries). After the
 * fourth failure the plan is `defaulted`: automatic debits stop, and the customer can still pay.
 */
export const RETRY_DELAYS_DAYS = [1, 3, 7] as const;
export const MIN_RETRY_GAP_MS = DAY_MS;

/** What one collection run did with an installment (`partially_paid`: a partial debit, decision 0045). */
export type CollectionOutcome = 'paid' | 'partially_paid' | 'failed' | 'pending' | 'nothing_to_do';

export type CollectionDecision = { action: 'retry'; retryAt: Date } | { action: 'default_plan' };

export function decideAfterFailedAttempt(input: {
  dueAt: Date;
  /** Failed attempts so far on this installment, the one just failed included (≥ 1). */
  failedAttempts: number;
  failedAt: Date;
}): CollectionDecision {
  const { dueAt, failedAttempts, failedAt } = input;
  if (!Number.isSafeInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError('failedAttempts must be a whole number of at least 1');
  }
  const delayDays = RETRY_DELAYS_DAYS[failedAttempts - 1];
  if (delayDays === undefined) return { action: 'default_plan' };
  const scheduledMs = dueAt.getTime() + delayDays * DAY_MS;
  const earliestMs = failedAt.getTime() + MIN_RETRY_GAP_MS;
  return { action: 'retry', retryAt: new Date(Math.max(scheduledMs, earliestMs)) };
}

/**
 * An installment is missed (the customer is delinquent) once an attempt on or after its due date
 * failed, or when it is still unpaid a day after its due date (no attempt could be made). A
 * charge in flight is not a miss: the customer is not blamed for the bank's pending state.
 */
export const DELINQUENCY_GRACE_MS = DAY_MS;

export interface DueInstallment {
  state: InstallmentState;
  dueAt: Date;
}

export function isMissed(installment: DueInstallment, now: Date): boolean {
  const dueMs = installment.dueAt.getTime();
  switch (installment.state.status) {
    case 'paid':
    case 'cancelled':
    case 'processing':
      return false;
    case 'failed':
      return now.getTime() >= dueMs;
    case 'scheduled':
      return now.getTime() >= dueMs + DELINQUENCY_GRACE_MS;
  }
}

export function isDelinquent(installments: Iterable<DueInstallment>, now: Date): boolean {
  for (const installment of installments) if (isMissed(installment, now)) return true;
  return false;
}

/** Every installment is paid or was cancelled by a refund: the plan can complete. */
export function allSettled(states: Iterable<InstallmentState>): boolean {
  for (const state of states) {
    if (state.status !== 'paid' && state.status !== 'cancelled') return false;
  }
  return true;
}
