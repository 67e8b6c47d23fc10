import { int } from './db.ts';
import { transactionFeeKobo, transferFeeKobo } from './fees.ts';
import type { AuthorizationRow, CustomerRow, TransactionRow } from './store.ts';
import type { RefundRow } from './store-refunds.ts';
import type { RecipientRow, TransferRow } from './store-transfers.ts';
import { findBank } from './test-data.ts';

/**
 * Rows rendered as Paystack's wire objects (fact sheet §3, §7, §8, §9). Field names, nesting and
 * the odd types (string `exp_month`, `card_type: "visa "`) follow Paystack so the adapter is
 * exercised against what it will really receive.
 */

/** Every sandbox object belongs to one test-mode integration. */
export const SANDBOX_INTEGRATION = { id: 100032, is_live: false, business_name: 'Tranche Sandbox' };
export const DOMAIN = 'test';

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

export interface WireAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: string;
  card_type: string;
  bank: string;
  country_code: 'NG';
  brand: string;
  reusable: boolean;
  signature: string | null;
  account_name: string | null;
  /** A dedicated-account transfer (§22): who sent it and the account it was paid into. */
  sender_bank?: string;
  sender_bank_account_number?: string;
  sender_name?: string;
  narration?: string;
  receiver_bank_account_number?: string;
  receiver_bank?: string;
}

/**
 * The authorization of a bank transfer into a dedicated account, as in Paystack's sample (§22):
 * a transfer leaves nothing reusable; the sender is the sandbox's one test sender.
 */
export function dedicatedTransferAuthorization(
  reference: string,
  receiverAccountNumber: string,
  receiverBank: string,
): WireAuthorization {
  return {
    authorization_code: `AUTH_${reference.slice(0, 10)}`,
    bin: '000XXX',
    last4: 'X000',
    exp_month: '12',
    exp_year: '9999',
    channel: 'dedicated_nuban',
    card_type: 'transfer',
    bank: receiverBank,
    country_code: 'NG',
    brand: 'Managed Account',
    reusable: false,
    signature: null,
    account_name: null,
    sender_bank: 'Test Bank',
    sender_bank_account_number: 'XXXXXX0000',
    sender_name: 'SANDBOX TEST SENDER',
    narration: 'Tranche repayment',
    receiver_bank_account_number: receiverAccountNumber,
    receiver_bank: receiverBank,
  };
}

export function authorizationView(row: AuthorizationRow): WireAuthorization {
  return {
    authorization_code: row.authorization_code,
    bin: row.bin,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    channel: row.channel,
    card_type: row.card_type,
    bank: row.bank,
    country_code: 'NG',
    brand: row.brand,
    reusable: row.reusable,
    signature: row.signature,
    account_name: row.account_name,
  };
}

export interface WireCustomer {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  customer_code: string;
  phone: string | null;
  metadata: null;
  risk_action: 'default';
  international_format_phone: string | null;
}

export function customerView(row: CustomerRow): WireCustomer {
  return {
    id: row.id,
    first_name: null,
    last_name: null,
    email: row.email,
    customer_code: row.customer_code,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
}

export interface WireTransaction {
  id: number;
  domain: string;
  status: string;
  reference: string;
  receipt_number: null;
  amount: number;
  requested_amount: number;
  message: string | null;
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  paidAt: string | null;
  createdAt: string;
  transaction_date: string;
  channel: string;
  currency: string;
  ip_address: string | null;
  metadata: Record<string, unknown> | null;
  log: null;
  fees: number | null;
  fees_split: null;
  fees_breakdown: null;
  authorization: WireAuthorization | Record<string, never>;
  customer: WireCustomer;
  plan: null;
  plan_object: Record<string, never>;
  split: Record<string, never>;
  subaccount: Record<string, never>;
  order_id: null;
  source: null;
  connect: null;
  pos_transaction_data: null;
}

/** Fees are what Paystack kept: only a settled payment has them. */
function feesOf(row: TransactionRow): number | null {
  return row.status === 'success' || row.status === 'reversed'
    ? transactionFeeKobo(row.amount)
    : null;
}

/** A partial debit's `requested_amount` is what it asked for; any other payment's is its amount. */
function requestedAmount(row: TransactionRow): number {
  const requested = row.requested_amount ?? null;
  return requested === null ? row.amount : int(requested);
}

export function transactionView(
  row: TransactionRow,
  authorization: AuthorizationRow | undefined,
  customer: CustomerRow,
): WireTransaction {
  return {
    id: row.id,
    domain: DOMAIN,
    status: row.status,
    reference: row.reference,
    receipt_number: null,
    amount: row.amount,
    requested_amount: requestedAmount(row),
    message: row.message,
    gateway_response: row.gateway_response,
    paid_at: iso(row.paid_at),
    created_at: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    createdAt: row.created_at.toISOString(),
    transaction_date: row.created_at.toISOString(),
    channel: row.channel,
    currency: row.currency,
    ip_address: row.ip_address,
    metadata: row.metadata,
    log: null,
    fees: feesOf(row),
    fees_split: null,
    fees_breakdown: null,
    // Paystack sends an empty object until a payment instrument is known.
    authorization:
      row.channel === 'dedicated_nuban' && row.receiver_account_number
        ? dedicatedTransferAuthorization(row.reference, row.receiver_account_number, 'Test Bank')
        : authorization === undefined
          ? {}
          : authorizationView(authorization),
    customer: customerView(customer),
    plan: null,
    plan_object: {},
    split: {},
    subaccount: {},
    order_id: null,
    source: null,
    connect: null,
    pos_transaction_data: null,
  };
}

export interface WireRecipient {
  active: boolean;
  createdAt: string;
  currency: string;
  description: string | null;
  domain: string;
  email: null;
  id: number;
  integration: number;
  metadata: Record<string, unknown> | null;
  name: string;
  recipient_code: string;
  type: string;
  updatedAt: string;
  is_deleted: boolean;
  details: {
    authorization_code: null;
    account_number: string;
    account_name: string;
    bank_code: string;
    bank_name: string;
  };
}

export function recipientView(row: RecipientRow): WireRecipient {
  return {
    active: true,
    createdAt: row.created_at.toISOString(),
    currency: row.currency,
    description: row.description,
    domain: DOMAIN,
    email: null,
    id: row.id,
    integration: SANDBOX_INTEGRATION.id,
    metadata: row.metadata,
    name: row.name,
    recipient_code: row.recipient_code,
    type: row.type,
    updatedAt: row.created_at.toISOString(),
    is_deleted: false,
    details: {
      authorization_code: null,
      account_number: row.account_number,
      account_name: row.name,
      bank_code: row.bank_code,
      bank_name: findBank(row.bank_code)?.name ?? '',
    },
  };
}

/** POST /transfer's answer: `recipient` is the integer id there. */
export function transferCreatedView(row: TransferRow, recipient: RecipientRow) {
  return {
    transfersessionid: [],
    transfertrials: [],
    domain: DOMAIN,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    source: row.source,
    source_details: null,
    reason: row.reason,
    status: row.status,
    failures: null,
    transfer_code: row.transfer_code,
    titan_code: null,
    transferred_at: iso(row.transferred_at),
    id: row.id,
    integration: SANDBOX_INTEGRATION.id,
    request: row.id,
    recipient: recipient.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET /transfer/verify and transfer.* events: the recipient object is embedded. */
export function transferView(row: TransferRow, recipient: RecipientRow) {
  return {
    amount: row.amount,
    currency: row.currency,
    domain: DOMAIN,
    failures: null,
    id: row.id,
    integration: SANDBOX_INTEGRATION,
    reason: row.reason,
    reference: row.reference,
    source: row.source,
    source_details: null,
    status: row.status,
    titan_code: null,
    transfer_code: row.transfer_code,
    transferred_at: iso(row.transferred_at),
    recipient: recipientView(recipient),
    session: { provider: row.session_id === null ? null : 'nip', id: row.session_id },
    fee_charged: transferFeeKobo(row.amount),
    fees_breakdown: null,
    gateway_response: row.gateway_response,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function refundView(refund: RefundRow, transaction: TransactionRow) {
  const expectedAt = new Date(refund.created_at.getTime() + 24 * 60 * 60 * 1000);
  return {
    transaction: {
      id: transaction.id,
      domain: DOMAIN,
      reference: transaction.reference,
      amount: transaction.amount,
      paid_at: iso(transaction.paid_at),
      channel: transaction.channel,
      currency: transaction.currency,
    },
    integration: SANDBOX_INTEGRATION.id,
    deducted_amount: refund.status === 'processed' ? refund.amount : 0,
    channel: null,
    merchant_note: refund.merchant_note,
    customer_note: refund.customer_note,
    status: refund.status,
    refunded_by: 'sandbox@tranche.test',
    expected_at: expectedAt.toISOString(),
    currency: refund.currency,
    domain: DOMAIN,
    amount: refund.amount,
    fully_deducted: refund.status === 'processed',
    id: refund.id,
    createdAt: refund.created_at.toISOString(),
    updatedAt: refund.updated_at.toISOString(),
  };
}

/** refund.* events (fact sheet §8); `id` is extra, so receivers can dedupe on it. */
export function refundEventData(
  refund: RefundRow,
  transaction: TransactionRow,
  customer: CustomerRow,
) {
  return {
    id: refund.id,
    status: refund.status,
    transaction_reference: transaction.reference,
    refund_reference: null,
    amount: refund.amount,
    currency: refund.currency,
    processor: 'sandbox',
    customer: { first_name: null, last_name: null, email: customer.email },
    integration: SANDBOX_INTEGRATION.id,
    domain: DOMAIN,
  };
}
