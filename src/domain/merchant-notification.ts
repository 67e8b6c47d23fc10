import { DomainError } from './errors.ts';
import type { Kobo } from './money.ts';
import { formatNaira } from './money.ts';
import {
  formatLagosDay,
  formatLagosTime,
  type RenderedNotification,
} from './notification-content.ts';

/**
 * Merchant e-mails (decision 0067): what kinds exist, which preference switches each, and their
 * words. They share the customers' outbox and delivery (decision 0017) but not their rules: no
 * quiet hours (a business wants to hear of a failed payout at once), e-mail only, and sent to the
 * address the merchant chose, else the account e-mail. Pure.
 */

export const MERCHANT_NOTIFICATION_KINDS = [
  'merchant_approved',
  'merchant_deactivated',
  'payout_paid',
  'payout_failed',
  'payout_reversed',
  'webhooks_failing',
  'webhooks_recovered',
  'dispute_opened',
  'payment_reversed',
] as const;
export type MerchantNotificationKind = (typeof MERCHANT_NOTIFICATION_KINDS)[number];

/** What a merchant switches on or off. */
export const MERCHANT_TOPICS = ['account', 'payouts', 'webhooks', 'disputes'] as const;
export type MerchantTopic = (typeof MERCHANT_TOPICS)[number];

export const MERCHANT_TOPIC_OF: Readonly<Record<MerchantNotificationKind, MerchantTopic>> = {
  merchant_approved: 'account',
  merchant_deactivated: 'account',
  payout_paid: 'payouts',
  payout_failed: 'payouts',
  payout_reversed: 'payouts',
  webhooks_failing: 'webhooks',
  webhooks_recovered: 'webhooks',
  dispute_opened: 'disputes',
  payment_reversed: 'disputes',
};

export interface MerchantNotificationPreferences {
  /** Where the e-mails go; null: the account e-mail, whatever it is when one is sent. */
  email: string | null;
  topics: Record<MerchantTopic, boolean>;
}

/** A merchant who never chose gets every e-mail at the account address. */
export function defaultMerchantPreferences(): MerchantNotificationPreferences {
  return { email: null, topics: { account: true, payouts: true, webhooks: true, disputes: true } };
}

export interface AccountFacts {
  businessName: string;
  at: string;
}

export interface DeactivatedFacts extends AccountFacts {
  /** The operator's reason, as the merchant's 403 answers give it. */
  reason: string;
}

export interface PayoutFacts {
  payoutId: string;
  reference: string;
  amountKobo: Kobo;
  /** The settlement account it was sent to: bank code, the last 4 digits, the resolved name. */
  bankCode: string;
  accountLast4: string;
  accountName: string | null;
  livemode: boolean;
  at: string;
  /** Why it failed or came back, as the gateway said it (failed and reversed only). */
  reason: string | null;
}

export interface WebhookIncidentFacts {
  incidentId: string;
  livemode: boolean;
  url: string | null;
  failingSince: string;
  /** The last attempt's error or HTTP status, as recorded. */
  lastError: string | null;
  /** When it was delivered again (recovery only). */
  recoveredAt?: string;
}

export interface DisputeFacts {
  disputeId: string;
  amountKobo: Kobo;
  /** The charge disputed and its plan, when known. */
  chargeReference: string | null;
  planId: string | null;
  reason: string | null;
  /** By when the merchant must answer, when the gateway says. */
  respondBy: string | null;
  livemode: boolean;
}

export interface ReversalFacts {
  reversalId: string;
  /** What the gateway took back (the payment less what was already refunded through Tranche). */
  amountKobo: Kobo;
  /** Of which out of the merchant's available balance (the rest is Tranche's fee, returned). */
  merchantShareKobo: Kobo;
  chargeReference: string;
  planId: string;
  livemode: boolean;
}

/** The facts of each kind, fixed when it is written; stored as JSON (dates as ISO strings). */
export interface MerchantFacts {
  merchant_approved: AccountFacts;
  merchant_deactivated: DeactivatedFacts;
  payout_paid: PayoutFacts;
  payout_failed: PayoutFacts;
  payout_reversed: PayoutFacts;
  webhooks_failing: WebhookIncidentFacts;
  webhooks_recovered: WebhookIncidentFacts;
  dispute_opened: DisputeFacts;
  payment_reversed: ReversalFacts;
}

export type MerchantNotificationContent = {
  [K in MerchantNotificationKind]: { kind: K; facts: MerchantFacts[K] };
}[MerchantNotificationKind];

export type MerchantDeliveryDecision = { action: 'send' } | { action: 'skip'; reason: string };

/** Read at send time, so switching a topic off also stops what is already queued. */
export function decideMerchantDelivery(
  kind: MerchantNotificationKind,
  preferences: MerchantNotificationPreferences,
): MerchantDeliveryDecision {
  const topic = MERCHANT_TOPIC_OF[kind];
  return preferences.topics[topic]
    ? { action: 'send' }
    : { action: 'skip', reason: `the merchant turned off ${topic} e-mails` };
}

const FOOTER = [
  '',
  '-- ',
  'Tranche for merchants.',
  'You can choose which e-mails you get, and where, in your dashboard under Settings → E-mail notifications.',
];

function when(iso: string): string {
  return `${formatLagosDay(iso)}, ${formatLagosTime(iso)} (Lagos time)`;
}

function modeWord(livemode: boolean): string {
  return livemode ? 'live' : 'test';
}

function testPrefix(livemode: boolean, subject: string): string {
  return livemode ? subject : `[Test] ${subject}`;
}

function accountLine(f: PayoutFacts): string {
  const name = f.accountName ? `${f.accountName}, ` : '';
  return `${name}account ending ${f.accountLast4} (bank code ${f.bankCode})`;
}

function payout(
  kind: 'payout_paid' | 'payout_failed' | 'payout_reversed',
  f: PayoutFacts,
): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  const lines = [
    `  Amount:     ${amount}`,
    `  To:         ${accountLine(f)}`,
    `  Reference:  ${f.reference}`,
    `  When:       ${when(f.at)}`,
  ];
  const sandbox = f.livemode
    ? []
    : ['This is a test-mode (sandbox) payout: no real money moved.', ''];
  if (kind === 'payout_paid') {
    return {
      subject: testPrefix(f.livemode, `Payout of ${amount} sent to your bank account`),
      summary: `We sent your payout of ${amount} to ${accountLine(f)}.`,
      text: [
        ...sandbox,
        `We sent your payout of ${amount} to your bank account. Banks usually show it within minutes.`,
        '',
        ...lines,
        ...FOOTER,
      ].join('\n'),
    };
  }
  const why = f.reason ? `The bank or the payment gateway said: “${f.reason}”.` : '';
  if (kind === 'payout_failed') {
    return {
      subject: testPrefix(f.livemode, `Payout of ${amount} failed`),
      summary: `Your payout of ${amount} failed; the money is back in your Tranche wallet.`,
      text: [
        ...sandbox,
        `Your payout of ${amount} could not be sent. ${why}`.trim(),
        'The money is back in your Tranche wallet: nothing is lost. Check the settlement account in Settings, then pay out again from the Wallet page (or wait for the next daily payout).',
        '',
        ...lines,
        ...FOOTER,
      ].join('\n'),
    };
  }
  return {
    subject: testPrefix(f.livemode, `Payout of ${amount} was returned by the bank`),
    summary: `Your payout of ${amount} was returned by the bank; the money is back in your Tranche wallet.`,
    text: [
      ...sandbox,
      `The bank returned your payout of ${amount} after it was sent (a reversal). ${why}`.trim(),
      'The money is back in your Tranche wallet. Check the settlement account in Settings, then pay out again from the Wallet page.',
      '',
      ...lines,
      ...FOOTER,
    ].join('\n'),
  };
}

function webhooks(
  kind: 'webhooks_failing' | 'webhooks_recovered',
  f: WebhookIncidentFacts,
): RenderedNotification {
  const endpoint = `your ${modeWord(f.livemode)} webhook URL${f.url ? ` (${f.url})` : ''}`;
  if (kind === 'webhooks_failing') {
    return {
      subject: testPrefix(f.livemode, 'Your webhooks have been failing for an hour'),
      summary: `Every delivery to ${endpoint} has failed since ${when(f.failingSince)}.`,
      text: [
        `Every webhook we sent to ${endpoint} has failed since ${when(f.failingSince)}.`,
        f.lastError ? `The last attempt: ${f.lastError}.` : '',
        '',
        'We keep retrying each event for 72 hours, so nothing is lost yet, but your shop does not hear about payments until your server answers again. Look at Developers → Webhooks in your dashboard for each attempt and its answer, and re-send events from there once it is fixed.',
        '',
        'We will e-mail you once when deliveries work again, and not again about this until then.',
        ...FOOTER,
      ].join('\n'),
    };
  }
  const recovered = f.recoveredAt ?? f.failingSince;
  return {
    subject: testPrefix(f.livemode, 'Your webhooks are being delivered again'),
    summary: `Deliveries to ${endpoint} work again since ${when(recovered)}.`,
    text: [
      `Deliveries to ${endpoint} work again: one was accepted at ${when(recovered)}, after failing since ${when(f.failingSince)}.`,
      '',
      'Events that gave up after 72 hours of retries are marked dead in Developers → Webhooks; re-send them from there if your shop still needs them.',
      ...FOOTER,
    ].join('\n'),
  };
}

function dispute(f: DisputeFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  return {
    subject: testPrefix(f.livemode, `A customer disputed a payment of ${amount}`),
    summary: `A customer disputed a payment of ${amount} with their bank.`,
    text: [
      `A customer told their bank they dispute a payment of ${amount}.`,
      '',
      `  Amount:     ${amount}`,
      ...(f.chargeReference ? [`  Payment:    ${f.chargeReference}`] : []),
      ...(f.planId ? [`  Plan:       ${f.planId}`] : []),
      ...(f.reason ? [`  Reason:     ${f.reason}`] : []),
      ...(f.respondBy ? [`  Answer by:  ${when(f.respondBy)}`] : []),
      '',
      'Send your evidence (proof of delivery, the customer’s order) from the dispute in your dashboard before the deadline, or the amount may be taken back from your wallet.',
      ...FOOTER,
    ].join('\n'),
  };
}

function reversal(f: ReversalFacts): RenderedNotification {
  const amount = formatNaira(f.amountKobo);
  return {
    subject: testPrefix(f.livemode, `A payment of ${amount} was reversed`),
    summary: `The payment gateway reversed a collected payment of ${amount}.`,
    text: [
      `The payment gateway reported a collected payment reversed, without a refund from you or a dispute we know of. The money went back to the customer.`,
      '',
      `  Amount:       ${amount}`,
      `  From wallet:  ${formatNaira(f.merchantShareKobo)} (Tranche's fee on it was returned too)`,
      `  Payment:      ${f.chargeReference}`,
      `  Plan:         ${f.planId}`,
      '',
      'The installment stays paid: the customer is not debited again for it. If a dispute about this payment reaches us later, it replaces this reversal and you can answer it. Contact Tranche support if you think this is wrong.',
      ...FOOTER,
    ].join('\n'),
  };
}

/** The e-mail of one merchant notification, from its facts. Throws on facts it cannot word. */
export function renderMerchantNotification(
  content: MerchantNotificationContent,
): RenderedNotification {
  switch (content.kind) {
    case 'merchant_approved':
      return {
        subject: `${content.facts.businessName} is approved: you can take live payments`,
        summary: `${content.facts.businessName} was approved on ${when(content.facts.at)}.`,
        text: [
          `Good news: ${content.facts.businessName} was approved on ${when(content.facts.at)}.`,
          '',
          'Your live secret key now works: live checkout sessions and payment links take real money, and collected payments are paid out to your settlement account every day. Check that your settlement account and live webhook URL are set in Settings and Developers.',
          ...FOOTER,
        ].join('\n'),
      };
    case 'merchant_deactivated':
      return {
        subject: `${content.facts.businessName} has been deactivated`,
        summary: `${content.facts.businessName} was deactivated: ${content.facts.reason}`,
        text: [
          `${content.facts.businessName} was deactivated on ${when(content.facts.at)}.`,
          '',
          `The reason given: ${content.facts.reason}`,
          '',
          'While it is deactivated your API keys are refused and no new checkout can start. Plans already running are not cancelled. Reply to this e-mail or contact Tranche support to have it looked at again.',
          ...FOOTER,
        ].join('\n'),
      };
    case 'payout_paid':
    case 'payout_failed':
    case 'payout_reversed':
      return payout(content.kind, content.facts);
    case 'webhooks_failing':
    case 'webhooks_recovered':
      return webhooks(content.kind, content.facts);
    case 'dispute_opened':
      return dispute(content.facts);
    case 'payment_reversed':
      return reversal(content.facts);
  }
}

/** How long every delivery to an endpoint must have failed before the merchant is told. */
export const WEBHOOK_INCIDENT_AFTER_MS = 60 * 60_000;

/**
 * Whether an endpoint's recent attempts make an incident (pure part of the hourly check): failing
 * since its first failed attempt after the last delivered one, for at least an hour.
 */
export function webhookIncidentStarts(endpoint: { failingSince: Date | null }, now: Date): boolean {
  return (
    endpoint.failingSince !== null &&
    now.getTime() - endpoint.failingSince.getTime() >= WEBHOOK_INCIDENT_AFTER_MS
  );
}

const ADDRESS = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The address a merchant chose for its e-mails, as stored: trimmed; empty or null means the
 * account e-mail. Anything that is not an address is refused, naming the field.
 */
export function normaliseNotificationEmail(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed.length > 254 || !ADDRESS.test(trimmed)) {
    throw new DomainError(
      'invalid_request',
      'email must be an e-mail address, or null for the account e-mail.',
    );
  }
  return trimmed;
}
