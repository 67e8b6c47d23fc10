import { assert } from '../platform/assert.ts';
import type { Kobo } from './money.ts';
import {
  type ChannelName,
  reminderSendAt,
  reminderTargetAt,
  sendableAt,
} from './notification-timing.ts';

/**
 * Customer notifications (decision 0017): what kinds exist, which preference switches each, and
 * whether one may be delivered now. Pure.
 *
 * States of an outbox row (one notification on one channel):
 *   pending ──send──▶ sent
 *      │  └─transient failure─▶ retrying ──send──▶ sent
 *      ├─preference off, installment already paid, too late, cause gone──▶ skipped
 *      └─permanent failure or out of attempts──▶ failed   (retrying too)
 * `sent`, `skipped` and `failed` are final.
 */

export type { ChannelName } from './notification-timing.ts';
export const CHANNELS = ['email', 'in_app', 'sms'] as const satisfies readonly ChannelName[];

export type NotificationKind =
  'payment_reminder' | 'payment_failed' | 'payment_receipt' | 'refund_receipt';

/** What a customer switches on or off, per channel. */
export type NotificationTopic = 'reminders' | 'receipts' | 'failed_payments';
export const TOPICS = [
  'reminders',
  'receipts',
  'failed_payments',
] as const satisfies readonly NotificationTopic[];

export const TOPIC_OF: Readonly<Record<NotificationKind, NotificationTopic>> = {
  payment_reminder: 'reminders',
  payment_failed: 'failed_payments',
  payment_receipt: 'receipts',
  refund_receipt: 'receipts',
};

export type NotificationPreferences = Record<ChannelName, Record<NotificationTopic, boolean>>;

/**
 * A customer who never chose gets every notice by e-mail and in the app, and reminders and
 * failure notices by SMS once their phone is verified (decision 0053: receipts ask nothing of
 * them, so they do not interrupt by text). SMS goes only to a verified phone, whatever the
 * switches say.
 */
export function defaultPreferences(): NotificationPreferences {
  return {
    email: { reminders: true, receipts: true, failed_payments: true },
    in_app: { reminders: true, receipts: true, failed_payments: true },
    sms: { reminders: true, receipts: false, failed_payments: true },
  };
}

/** Which of a plan's payments: the deposit (sequence 0) or installment `sequence` of `count`. */
export interface PaymentPosition {
  sequence: number;
  installmentCount: number;
}

/** Facts fixed when the notification is written; stored as JSON (dates as ISO strings). */
export interface PlanFacts {
  planId: string;
  merchantName: string;
  orderReference: string;
  livemode: boolean;
}

export interface ReminderFacts extends PlanFacts, PaymentPosition {
  installmentId: string;
  amountKobo: Kobo;
  dueAt: string;
  methodLabel: string;
}

export interface ReceiptFacts extends PlanFacts, PaymentPosition {
  chargeReference: string;
  amountKobo: Kobo;
  paidAt: string;
  methodLabel: string;
  /** What is left to pay on the plan after this payment. */
  outstandingKobo: Kobo;
  nextPayment: { amountKobo: Kobo; dueAt: string } | null;
}

export interface PaymentFailedFacts extends PlanFacts, PaymentPosition {
  chargeReference: string;
  amountKobo: Kobo;
  attempt: number;
  methodLabel: string;
  /** The next automatic attempt, or null when this was the last one. */
  retryAt: string | null;
  /** The plan after this failure: `defaulted` or `cancelled` when no retry is left. */
  planStatus: 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
  /** What the gateway said, as it said it (absent on notices written before it was kept). The
   *  notice says it in plain words (`plainFailureReason`), never raw. */
  gatewayMessage?: string | null;
}

export interface RefundReceiptFacts extends PlanFacts {
  refundId: string;
  amountKobo: Kobo;
  /** The part taken off what the customer still owed (money-rules.md §5): nothing moves. */
  offBalanceKobo: Kobo;
  /** The part paid back to the customer's card or account. */
  cashBackKobo: Kobo;
  outstandingKobo: Kobo;
  refundedAt: string;
}

export type NotificationContent =
  | { kind: 'payment_reminder'; facts: ReminderFacts }
  | { kind: 'payment_receipt'; facts: ReceiptFacts }
  | { kind: 'payment_failed'; facts: PaymentFailedFacts }
  | { kind: 'refund_receipt'; facts: RefundReceiptFacts };

/** When a notification written at `createdAt` is first due on `channel`. */
export function firstDueAt(
  content: NotificationContent,
  channel: ChannelName,
  createdAt: Date,
): Date | null {
  if (content.kind === 'payment_reminder') {
    return reminderSendAt(channel, new Date(content.facts.dueAt), createdAt);
  }
  return sendableAt(channel, createdAt);
}

/** The installment a reminder is about, as it stands when the reminder is about to go. */
export interface ReminderSubject {
  installmentStatus: 'scheduled' | 'processing' | 'failed' | 'paid' | 'cancelled';
  planStatus: PaymentFailedFacts['planStatus'];
  dueAt: Date;
}

/**
 * The installment a failure notice is about, as it stands when the notice is about to go, and
 * what the notice said about the plan when it was written.
 */
export interface FailureSubject {
  installmentStatus: ReminderSubject['installmentStatus'];
  planStatus: PaymentFailedFacts['planStatus'];
  /** The plan's status written in the notice (its facts), right after the failure. */
  planStatusWhenFailed: PaymentFailedFacts['planStatus'];
  /**
   * The newest charge of the installment created after the failed one that tells its own story:
   * an automatic attempt (its failure has its own notice, its success a receipt, a pending one
   * will end in one or the other), or a payment the customer started that is pending or
   * succeeded. A payment the customer started that failed is not one: it sends no notice
   * (decision 0031) and leaves the automatic retry where it was, so this notice is still true.
   */
  laterCharge: { reference: string; initiatedBy: 'schedule' | 'customer' } | null;
}

/**
 * Why a failure notice is no longer true, or null when it still is. Checked at send time (a
 * notice held by quiet hours may wait ten hours): the installment paid since, a later attempt
 * that superseded this one, or the plan ended (completed, or cancelled by something other than
 * this very failure: the last failed deposit attempt cancels the plan and its installments, and
 * that is exactly what its notice says).
 */
export function staleFailureReason(subject: FailureSubject): string | null {
  if (subject.installmentStatus === 'paid') return 'the installment has been paid since';
  if (subject.laterCharge) {
    return subject.laterCharge.initiatedBy === 'schedule'
      ? `a later attempt (${subject.laterCharge.reference}) superseded it`
      : `a payment the customer started (${subject.laterCharge.reference}) superseded it`;
  }
  const endedByThisFailure = subject.planStatusWhenFailed === 'cancelled';
  if (subject.planStatus === 'completed') return 'the plan has been completed since';
  if (subject.planStatus === 'cancelled' && !endedByThisFailure) {
    return 'the plan has been cancelled since';
  }
  if (subject.installmentStatus === 'cancelled' && !endedByThisFailure) {
    return 'the installment has been cancelled since';
  }
  return null;
}

export type DeliveryDecision =
  { action: 'send' } | { action: 'wait'; until: Date } | { action: 'skip'; reason: string };

/**
 * Whether a due outbox row goes out now. In order: the customer's switch for this topic and
 * channel (read at send time, so switching off also stops what is already queued); for a failure
 * notice, that its cause is still true (`staleFailureReason`); quiet hours for e-mail; and for a
 * reminder, that its installment still waits for its first debit (not
 * paid, cancelled or already being collected), that the debit has not started, and that it is
 * not early (a due date moved by sandbox time travel).
 */
export function decideDelivery(input: {
  kind: NotificationKind;
  channel: ChannelName;
  now: Date;
  preferences: NotificationPreferences;
  /** Required for reminders: the installment now. */
  reminder?: ReminderSubject;
  /** Required for failure notices: the installment and its charges now. */
  failure?: FailureSubject;
}): DeliveryDecision {
  const { kind, channel, now } = input;
  const topic = TOPIC_OF[kind];
  if (!input.preferences[channel][topic]) {
    return { action: 'skip', reason: `the customer turned off ${topic} by ${channel}` };
  }
  if (kind === 'payment_failed') {
    assert(input.failure, 'a failure notice needs its installment to decide');
    const stale = staleFailureReason(input.failure);
    if (stale) return { action: 'skip', reason: stale };
  }
  if (kind === 'payment_reminder') {
    const subject = input.reminder;
    assert(subject, 'a reminder needs its installment to decide');
    if (subject.installmentStatus !== 'scheduled') {
      return { action: 'skip', reason: `the installment is ${subject.installmentStatus}` };
    }
    if (subject.planStatus !== 'active') {
      return { action: 'skip', reason: `the plan is ${subject.planStatus}` };
    }
    if (now.getTime() >= subject.dueAt.getTime()) {
      return { action: 'skip', reason: 'the due date has passed' };
    }
    const target = reminderTargetAt(subject.dueAt);
    if (now.getTime() < target.getTime()) {
      const at = reminderSendAt(channel, subject.dueAt, now);
      return at ? { action: 'wait', until: at } : { action: 'skip', reason: 'too late' };
    }
  }
  const at = sendableAt(channel, now);
  if (at.getTime() !== now.getTime()) {
    if (kind === 'payment_reminder' && input.reminder && at >= input.reminder.dueAt) {
      return { action: 'skip', reason: 'quiet hours last until the debit' };
    }
    return { action: 'wait', until: at };
  }
  return { action: 'send' };
}
