import { LAGOS_UTC_OFFSET_MS } from './lagos-time.ts';
import { formatNaira } from './money.ts';
import type {
  NotificationContent,
  PaymentFailedFacts,
  PaymentPosition,
  ReceiptFacts,
  RefundReceiptFacts,
  ReminderFacts,
} from './notification.ts';
import { RETRY_DELAYS_DAYS } from './plan.ts';

/**
 * The words of each customer notification, for both channels: an e-mail (subject and plain-text
 * body) and the one-sentence in-app notice. Amounts are naira from integer kobo; dates and times
 * are Lagos wall clock, said as such. Pure: the same facts always give the same text.
 */
export interface RenderedNotification {
  subject: string;
  /** The in-app notice: one or two sentences that stand on their own. */
  summary: string;
  /** The e-mail body, plain text. */
  text: string;
  /** The SMS text where it differs from `Tranche: <summary>` (a one-time code). */
  sms?: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function lagosWallClock(iso: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not a date: ${iso}`);
  // A Date whose UTC fields read as Lagos wall-clock time.
  return new Date(at.getTime() + LAGOS_UTC_OFFSET_MS);
}

/** "Friday 12 March 2027" (the Lagos calendar day). */
export function formatLagosDay(iso: string): string {
  const d = lagosWallClock(iso);
  return `${WEEKDAYS[d.getUTCDay()] ?? ''} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`;
}

/** "09:00" (Lagos wall clock, 24-hour). */
export function formatLagosTime(iso: string): string {
  const d = lagosWallClock(iso);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

function paymentName(position: PaymentPosition): string {
  return position.sequence === 0
    ? 'deposit'
    : `installment ${position.sequence} of ${position.installmentCount}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const FOOTER = [
  '',
  // The conventional signature separator ("-- ", with its space): mail clients fold what follows.
  '-- ',
  'Tranche: pay for your purchase in installments.',
  'You can choose which notices you get by e-mail in your notification preferences.',
];

function testModeLines(livemode: boolean): string[] {
  return livemode ? [] : ['This is a test-mode (sandbox) plan: no real money moves.', ''];
}

function withTestPrefix(livemode: boolean, subject: string): string {
  return livemode ? subject : `[Test] ${subject}`;
}

function reminder(f: ReminderFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  const day = formatLagosDay(f.dueAt);
  const time = formatLagosTime(f.dueAt);
  return {
    subject: withTestPrefix(f.livemode, `Reminder: ${amount} due on ${day}`),
    summary: `${capitalised(paymentName(f))} of ${amount} for ${f.merchantName} is due on ${day}. We will debit ${f.methodLabel} at ${time} (Lagos time).`,
    text: [
      ...testModeLines(f.livemode),
      `Your ${paymentName(f)} for order ${f.orderReference} at ${f.merchantName} is due on ${day}.`,
      '',
      `  Amount:     ${amount}`,
      `  Due:        ${day}, ${time} (Lagos time)`,
      `  Paid from:  ${f.methodLabel}`,
      '',
      `We will debit it automatically at ${time} that day. Please make sure ${f.methodLabel} has at least ${amount} available, or choose another payment method in your Tranche account before then.`,
      ...FOOTER,
    ].join('\n'),
  };
}

function receipt(f: ReceiptFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  const paidOn = `${formatLagosDay(f.paidAt)}, ${formatLagosTime(f.paidAt)} (Lagos time)`;
  const next = f.nextPayment
    ? `Left to pay: ${formatNaira(f.outstandingKobo)}. Next payment: ${formatNaira(f.nextPayment.amountKobo)} on ${formatLagosDay(f.nextPayment.dueAt)}.`
    : f.outstandingKobo > 0
      ? `Left to pay: ${formatNaira(f.outstandingKobo)}.`
      : 'Your plan is fully paid. Nothing more will be debited.';
  return {
    subject: withTestPrefix(f.livemode, `Receipt: ${amount} paid to ${f.merchantName}`),
    summary: `We received your ${paymentName(f)} of ${amount} for ${f.merchantName}. ${next}`,
    text: [
      ...testModeLines(f.livemode),
      `We received your payment for order ${f.orderReference} at ${f.merchantName}. Thank you.`,
      '',
      `  Amount:       ${amount}`,
      `  Payment:      ${paymentName(f)}`,
      `  Paid on:      ${paidOn}`,
      `  Paid with:    ${f.methodLabel}`,
      `  Receipt no.:  ${f.chargeReference}`,
      '',
      next,
      ...FOOTER,
    ].join('\n'),
  };
}

/**
 * Why a debit failed, in the customer's words, from what the gateway said: the sandbox's decline
 * messages ("Insufficient Funds", "Declined", "Token Not Generated…") and Paystack's documented
 * `gateway_response` values for a failed charge_authorization. Matched loosely (case, spacing,
 * "honor"/"honour"), first match wins, so "Do Not Honor" is not read as a plain decline. A message
 * not in the table is never shown as it is (it may be a bank's code or an internal string): the
 * customer gets the safe general sentence instead. Fraud-flavoured answers (lost, stolen, pick up
 * card) get the general sentence too: it is the bank's business to say that, not ours.
 */
const FAILURE_REASONS: readonly (readonly [RegExp, string])[] = [
  [
    /insufficient|not sufficient|not enough (funds|balance)|balance (is )?(too )?low/,
    'Your bank said there was not enough money in the account.',
  ],
  [/expired/, 'Your bank said the card has expired.'],
  [
    /exceeds? .*limit|limit exceeded|withdrawal limit|frequency/,
    'Your bank said the payment is over a spending limit on the card or account.',
  ],
  [/invalid amount/, 'Your bank did not accept the amount of the payment.'],
  [
    /not permitted|restricted card|not allowed/,
    'Your bank does not allow this card or account to make this kind of payment.',
  ],
  [
    /token not generated|not registered on token/,
    'Your bank has not enabled this card for automatic payments.',
  ],
  [
    /timed? ?out|no response|issuer (or switch )?(is )?(inoperative|unavailable)|try again later/,
    'Your bank did not answer in time.',
  ],
  [/do not hono(u)?r/, 'Your bank declined the payment without giving a reason.'],
  [/declined|not approved/, 'Your bank declined the payment.'],
];
export const GENERAL_FAILURE_REASON = 'Your bank did not approve the payment; it can tell you why.';

export function plainFailureReason(gatewayMessage: string | null | undefined): string {
  const said = (gatewayMessage ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (said === '') return GENERAL_FAILURE_REASON;
  for (const [pattern, sentence] of FAILURE_REASONS) {
    if (pattern.test(said)) return sentence;
  }
  return GENERAL_FAILURE_REASON;
}

/** What happens next after a failed debit: the retry, or the plan's end. */
function nextStep(f: PaymentFailedFacts): string {
  if (f.retryAt) {
    return `We will try again automatically on ${formatLagosDay(f.retryAt)} at ${formatLagosTime(f.retryAt)} (Lagos time). Please make sure ${f.methodLabel} has at least ${formatNaira(f.amountKobo)} available by then, or choose another payment method in your Tranche account.`;
  }
  if (f.planStatus === 'cancelled') {
    return `That was the last attempt to collect the deposit, so the plan has been cancelled and nothing more will be debited. Contact ${f.merchantName} if you still want the order.`;
  }
  return 'That was the last automatic attempt: your plan is now in default and automatic debits have stopped. You can still pay what is due; once it is paid, your plan is active again.';
}

function paymentFailed(f: PaymentFailedFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  const step = nextStep(f);
  const reason = plainFailureReason(f.gatewayMessage);
  return {
    subject: withTestPrefix(
      f.livemode,
      f.retryAt
        ? `We could not collect your ${amount} payment to ${f.merchantName}`
        : `Action needed: your ${amount} payment to ${f.merchantName} failed`,
    ),
    summary: `Your ${paymentName(f)} of ${amount} for ${f.merchantName} could not be collected from ${f.methodLabel}. ${reason} ${step}`,
    text: [
      ...testModeLines(f.livemode),
      `We tried to collect your ${paymentName(f)} for order ${f.orderReference} at ${f.merchantName} from ${f.methodLabel}, but the payment did not go through.`,
      '',
      `Why: ${reason}`,
      '',
      `  Amount:   ${amount}`,
      `  Attempt:  ${f.attempt} of ${RETRY_DELAYS_DAYS.length + 1}`,
      '',
      `What happens next: ${step}`,
      ...FOOTER,
    ].join('\n'),
  };
}

function refundReceipt(f: RefundReceiptFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  const parts = [
    ...(f.offBalanceKobo > 0
      ? [`  ${formatNaira(f.offBalanceKobo)} was taken off what you still owe.`]
      : []),
    ...(f.cashBackKobo > 0
      ? [
          `  ${formatNaira(f.cashBackKobo)} is on its way back to the card or account you paid with; your bank may take a few working days to show it.`,
        ]
      : []),
  ];
  const left =
    f.outstandingKobo > 0
      ? `Left to pay: ${formatNaira(f.outstandingKobo)}.`
      : 'Nothing is left to pay on this plan.';
  return {
    subject: withTestPrefix(f.livemode, `Refund: ${amount} from ${f.merchantName}`),
    summary: `${f.merchantName} refunded ${amount} on order ${f.orderReference}. ${left}`,
    text: [
      ...testModeLines(f.livemode),
      `${f.merchantName} refunded ${amount} on order ${f.orderReference} on ${formatLagosDay(f.refundedAt)}.`,
      '',
      ...parts,
      '',
      left,
      `Refund reference: ${f.refundId}`,
      ...FOOTER,
    ].join('\n'),
  };
}

export function renderNotification(
  content: NotificationContent,
  recipient: { firstName: string },
): RenderedNotification {
  const rendered =
    content.kind === 'payment_reminder'
      ? reminder(content.facts)
      : content.kind === 'payment_receipt'
        ? receipt(content.facts)
        : content.kind === 'payment_failed'
          ? paymentFailed(content.facts)
          : refundReceipt(content.facts);
  return { ...rendered, text: `Hi ${recipient.firstName},\n\n${rendered.text}\n` };
}
