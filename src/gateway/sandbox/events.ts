import { randomBytes } from 'node:crypto';

import type { AuthorizationRow, CustomerRow } from './store.ts';
import {
  authorizationView,
  customerView,
  DOMAIN,
  SANDBOX_INTEGRATION,
  type WireTransaction,
} from './views.ts';

/**
 * Events a test provokes through POST /_sandbox/events: things that happen to a payment
 * instrument outside any API call. Shapes follow fact sheet §9 where Paystack documents them
 * (charge.dispute.create, subscription.disable). Paystack documents no revocation event
 * (§6 "unconfirmed or absent"), so `authorization.revoked` and `mandate.*` are the sandbox's own,
 * modelled on the direct_debit.authorization.* payloads.
 */

export const REVOCATION_EVENTS = [
  'charge.dispute.create',
  'authorization.revoked',
  'mandate.revoked',
  'mandate.cancelled',
  'subscription.disable',
] as const;

export type RevocationEvent = (typeof REVOCATION_EVENTS)[number];

export function isRevocationEvent(value: unknown): value is RevocationEvent {
  return typeof value === 'string' && (REVOCATION_EVENTS as readonly string[]).includes(value);
}

/** Whether the event leaves the authorization unusable for charge_authorization. */
export function deactivatesAuthorization(event: RevocationEvent): boolean {
  return (
    event === 'authorization.revoked' ||
    event === 'mandate.revoked' ||
    event === 'mandate.cancelled'
  );
}

export interface RevocationContext {
  authorization: AuthorizationRow;
  customer: CustomerRow;
  /** The latest successful payment with this authorization (required for disputes). */
  transaction: WireTransaction | undefined;
  now: Date;
}

function disputeData(c: RevocationContext, transaction: WireTransaction) {
  const now = c.now.toISOString();
  const due = new Date(c.now.getTime() + 2 * 24 * 60 * 60 * 1000).toISOString();
  return {
    id: Number.parseInt(randomBytes(3).toString('hex'), 16),
    refund_amount: transaction.amount,
    currency: transaction.currency,
    status: 'awaiting-merchant-feedback',
    resolution: null,
    domain: DOMAIN,
    transaction,
    transaction_reference: transaction.reference,
    category: 'chargeback',
    customer: customerView(c.customer),
    authorization: authorizationView(c.authorization),
    bin: c.authorization.bin,
    last4: c.authorization.last4,
    dueAt: due,
    resolvedAt: null,
    evidence: null,
    attachments: null,
    note: null,
    history: [{ status: 'awaiting-merchant-feedback', by: c.customer.email, createdAt: now }],
    messages: [
      { sender: c.customer.email, body: 'I do not recognise this charge', createdAt: now },
    ],
    created_at: now,
    updated_at: now,
  };
}

function subscriptionDisableData(c: RevocationContext) {
  const amount = c.transaction?.amount ?? 0;
  return {
    domain: DOMAIN,
    status: 'cancelled',
    subscription_code: `SUB_${randomBytes(8).toString('hex')}`,
    email_token: randomBytes(8).toString('hex'),
    amount,
    cron_expression: '0 0 1 * *',
    next_payment_date: null,
    open_invoice: null,
    plan: {
      id: 1,
      name: 'Sandbox installments',
      plan_code: 'PLN_sandbox',
      description: null,
      amount,
      interval: 'monthly',
      send_invoices: false,
      send_sms: false,
      currency: 'NGN',
    },
    authorization: authorizationView(c.authorization),
    customer: customerView(c.customer),
    created_at: c.now.toISOString(),
  };
}

function mandateData(c: RevocationContext, status: 'revoked' | 'cancelled') {
  const a = c.authorization;
  return {
    authorization_code: a.authorization_code,
    active: false,
    status,
    last4: a.last4,
    channel: a.channel === 'bank' ? 'direct_debit' : a.channel,
    card_type: a.channel === 'bank' ? 'mandate' : a.card_type,
    bank: a.bank,
    exp_month: Number(a.exp_month),
    exp_year: Number(a.exp_year),
    country_code: 'NG',
    brand: a.brand,
    reusable: false,
    signature: a.signature,
    account_name: a.account_name,
    integration: SANDBOX_INTEGRATION.id,
    domain: DOMAIN,
    authorization: authorizationView(a),
    customer: { ...customerView(c.customer), code: c.customer.customer_code },
  };
}

/** `undefined` when the event needs a payment the authorization never made (disputes). */
export function revocationEventData(event: RevocationEvent, c: RevocationContext): unknown {
  switch (event) {
    case 'charge.dispute.create':
      return c.transaction === undefined ? undefined : disputeData(c, c.transaction);
    case 'authorization.revoked':
      return {
        domain: DOMAIN,
        reason: 'Revoked by the customer',
        authorization: authorizationView(c.authorization),
        customer: customerView(c.customer),
        revoked_at: c.now.toISOString(),
      };
    case 'mandate.revoked':
      return mandateData(c, 'revoked');
    case 'mandate.cancelled':
      return mandateData(c, 'cancelled');
    case 'subscription.disable':
      return subscriptionDisableData(c);
  }
}
