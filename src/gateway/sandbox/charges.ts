import { createHash } from 'node:crypto';

import type { CardFlowState } from './card-flow.ts';
import type { SandboxContext } from './context.ts';
import type { Queryable } from './db.ts';
import {
  getAuthorization,
  getCustomer,
  insertAuthorization,
  type NewAuthorization,
  type TransactionRow,
  updateTransaction,
} from './store.ts';
import { cardBrand, cardIsReusable, findBank, type TestCard } from './test-data.ts';
import { transactionView, type WireTransaction } from './views.ts';

/**
 * How a payment ends, shared by the card page, pay-with-bank, charge_authorization and the
 * settlement scheduler: record the outcome (and the authorization it leaves behind) inside the
 * caller's database transaction, then, after commit, announce a success with `charge.success`.
 * There is no `charge.failed` event (fact sheet §9), so failures are announced to no one.
 */

export interface ChargeOutcome {
  status: 'success' | 'failed';
  gatewayResponse: string;
  /** Paystack's `message` field (e.g. "madePayment", or the failure reason for bank charges). */
  message?: string | null;
  /** The instrument to remember, when the charge reached the issuer. */
  authorization?: NewAuthorization;
}

export async function finishTransaction(
  q: Queryable,
  transaction: TransactionRow,
  outcome: ChargeOutcome,
  now: Date,
): Promise<TransactionRow> {
  let authorizationCode = transaction.authorization_code;
  if (outcome.authorization !== undefined) {
    authorizationCode = (await insertAuthorization(q, outcome.authorization)).authorization_code;
  }
  return updateTransaction(
    q,
    transaction.id,
    {
      status: outcome.status,
      gateway_response: outcome.gatewayResponse,
      message: outcome.message ?? null,
      authorization_code: authorizationCode,
      flow: null,
      settle_at: null,
      settle_status: null,
      settle_gateway_response: null,
      paid_at: outcome.status === 'success' ? now : null,
    },
    now,
  );
}

/** `SIG_…` is the same for the same card number, whoever pays with it (fact sheet §3). */
export function cardSignature(cardNumber: string): string {
  return `SIG_${createHash('sha256').update(`sandbox-card:${cardNumber}`).digest('hex').slice(0, 20)}`;
}

export function cardAuthorization(
  customerId: number,
  card: TestCard,
  state: CardFlowState,
  now: Date,
): NewAuthorization {
  const brand = cardBrand(card.number);
  return {
    customer_id: customerId,
    channel: 'card',
    bin: card.number.slice(0, 6),
    last4: card.number.slice(-4),
    exp_month: state.expMonth,
    exp_year: state.expYear,
    // Paystack really sends "visa " with a trailing space; adapters must trim.
    card_type: brand === 'visa' ? 'visa ' : brand,
    bank: 'TEST BANK',
    brand,
    reusable: cardIsReusable(card.behaviour),
    signature: cardSignature(card.number),
    account_name: null,
    behaviour: card.behaviour,
    created_at: now,
  };
}

/**
 * The authorization a successful pay-with-bank charge leaves. Deviation from Paystack's sample
 * (`reusable: false`): the sandbox marks it reusable because Tranche uses it as a direct-debit
 * mandate, charged later with charge_authorization (which then answers `processing`).
 */
export function bankAuthorization(
  customerId: number,
  bankCode: string,
  accountNumber: string,
  now: Date,
): NewAuthorization {
  const bank = findBank(bankCode);
  return {
    customer_id: customerId,
    channel: 'bank',
    bin: `${accountNumber.slice(0, 3)}XXX`,
    last4: accountNumber.slice(-4),
    exp_month: '12',
    exp_year: '9999',
    card_type: '',
    bank: bank?.name ?? bankCode,
    brand: `${bank?.shortName ?? bankCode} Emandate`,
    reusable: true,
    signature: null,
    account_name: null,
    behaviour: 'success',
    created_at: now,
  };
}

export async function transactionPayload(
  q: Queryable,
  transaction: TransactionRow,
): Promise<WireTransaction> {
  const authorization =
    transaction.authorization_code === null
      ? undefined
      : await getAuthorization(q, transaction.authorization_code);
  const customer = await getCustomer(q, transaction.customer_id);
  return transactionView(transaction, authorization, customer);
}

/**
 * Queues `charge.success` for a committed successful payment (failures have no event). The
 * webhook is queued before the caller answers, so webhooks follow the order of API calls; the
 * promise resolves once delivered or given up and never rejects.
 */
export function announceCharge(ctx: SandboxContext, payload: WireTransaction): Promise<boolean> {
  if (payload.status !== 'success') return Promise.resolve(false);
  return ctx.webhooks.send(ctx.webhookUrl, 'charge.success', payload);
}
