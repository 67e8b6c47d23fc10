import type {
  BankChargeProgress,
  BankChargeStep,
  ChargeStatus,
  GatewayAuthorization,
  GatewayBank,
  GatewayDispute,
  GatewayEvent,
  GatewayMandate,
  GatewayMandateRecord,
  GatewayRefund,
  GatewayTransaction,
  GatewayTransfer,
  MandateStatus,
  RefundStatus,
  RevocationCause,
  TransferStatus,
} from '../port.ts';
import type {
  WireAuthorization,
  WireBank,
  WireChargeStep,
  WireDispute,
  WireMandate,
  WireMandateRecord,
  WireRefund,
  WireTransaction,
  WireTransfer,
} from './wire.ts';

/**
 * The only place Paystack's statuses become ours. Each switch lists every status the fact sheet
 * documents; anything else is pending (never success), so an unknown answer can only delay value.
 */
export function mapChargeStatus(raw: string | undefined): ChargeStatus {
  switch (raw) {
    case 'success':
      return 'success';
    case 'failed':
    case 'timeout':
      return 'failed';
    case 'reversed':
      return 'reversed';
    case 'abandoned':
    case 'ongoing':
    case 'pending':
    case 'processing':
    case 'queued':
    case 'send_pin':
    case 'send_otp':
    case 'send_phone':
    case 'send_birthday':
    case 'send_address':
    case 'open_url':
    case 'pay_offline':
      return 'pending';
    default:
      return 'pending';
  }
}

export function mapBankChargeStep(raw: string | undefined): BankChargeStep {
  switch (raw) {
    case 'send_otp':
    case 'send_birthday':
    case 'send_phone':
    case 'send_pin':
    case 'open_url':
    case 'success':
    case 'failed':
    case 'pending':
      return raw;
    case 'timeout':
      return 'failed';
    case 'processing':
    case 'ongoing':
    case 'pay_offline':
    case 'send_address':
      return 'pending';
    default:
      return 'pending';
  }
}

export function mapTransferStatus(raw: string | undefined): TransferStatus {
  switch (raw) {
    case 'success':
      return 'success';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    case 'reversed':
      return 'reversed';
    // Held until finalize_transfer gives the OTP (§14): nothing sent yet, and nothing will be
    // without it.
    case 'otp':
      return 'otp';
    case 'pending':
    case 'received':
      return 'pending';
    default:
      return 'pending';
  }
}

export function mapRefundStatus(raw: string | undefined): RefundStatus {
  switch (raw) {
    case 'processed':
      return 'processed';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'processing':
    case 'needs-attention':
      return 'pending';
    default:
      return 'pending';
  }
}

/** Amounts arrive as numbers or digit strings; anything else is not an amount. */
export function toKobo(raw: number | string | undefined | null): number {
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`gateway amount is not an integer number of kobo: ${JSON.stringify(raw)}`);
  }
  return value;
}

const text = (v: string | number | null | undefined): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).trim();

export function mapAuthorization(
  wire: WireAuthorization | null | undefined,
): GatewayAuthorization | null {
  const code = text(wire?.authorization_code);
  if (!wire || !code) return null;
  const channel = wire.channel === 'card' ? 'card' : 'bank';
  return {
    code,
    reusable: wire.reusable === true,
    channel,
    brand: text(wire.brand) ?? text(wire.card_type) ?? (channel === 'card' ? 'card' : 'bank'),
    bank: text(wire.bank),
    last4: text(wire.last4) ?? '',
    expMonth: text(wire.exp_month),
    expYear: text(wire.exp_year),
    signature: text(wire.signature),
  };
}

export function mapTransaction(wire: WireTransaction): GatewayTransaction {
  const paidAt = text(wire.paid_at) ?? text(wire.paidAt);
  return {
    reference: text(wire.reference) ?? '',
    status: mapChargeStatus(wire.status),
    amountKobo: toKobo(wire.amount),
    currency: text(wire.currency) ?? 'NGN',
    message: text(wire.gateway_response) ?? text(wire.message) ?? '',
    paidAt: paidAt ? new Date(paidAt) : null,
    authorization: mapAuthorization(wire.authorization),
    customerEmail: text(wire.customer?.email),
    requestedAmountKobo:
      wire.requested_amount === undefined || wire.requested_amount === null
        ? null
        : toKobo(wire.requested_amount),
    gatewayId: typeof wire.id === 'number' ? String(wire.id) : null,
  };
}

export function mapBankChargeProgress(
  wire: WireChargeStep,
  message: string,
  fallbackReference: string,
): BankChargeProgress {
  const step = mapBankChargeStep(wire.status);
  const finished = step === 'success' || step === 'failed';
  return {
    // The sample reply after submit_birthday has no reference; keep the one we asked about.
    reference: text(wire.reference) ?? fallbackReference,
    step,
    displayText: text(wire.display_text),
    url: text(wire.url),
    transaction:
      finished && wire.amount !== undefined
        ? mapTransaction({ ...wire, reference: text(wire.reference) ?? fallbackReference })
        : null,
    message: text(wire.message) ?? text(wire.gateway_response) ?? message,
  };
}

/**
 * Bank codes. Ours are the CBN's 3-digit codes (spec §2.2); Paystack lists a few banks under
 * codes of its own. This table is the only place the two meet: listed banks come back with our
 * code, and every call that sends a bank code (bank charges, transfer recipients) sends Paystack's.
 */
const PAYSTACK_BANK_CODES: Readonly<Record<string, string>> = {
  '103': '00103', // Globus Bank
};
const OUR_BANK_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PAYSTACK_BANK_CODES).map(([ours, theirs]) => [theirs, ours]),
);

export function toPaystackBankCode(code: string): string {
  return PAYSTACK_BANK_CODES[code] ?? code;
}

export function fromPaystackBankCode(code: string): string {
  return OUR_BANK_CODES[code] ?? code;
}

export function mapBank(wire: WireBank): GatewayBank | null {
  if (!wire.name || !wire.code || wire.is_deleted === true || wire.active === false) return null;
  return {
    name: wire.name,
    code: fromPaystackBankCode(wire.code),
    supportsDirectDebit: wire.available_for_direct_debit === true,
  };
}

export function mapTransfer(wire: WireTransfer): GatewayTransfer {
  return {
    reference: text(wire.reference) ?? '',
    transferCode: text(wire.transfer_code),
    status: mapTransferStatus(wire.status),
    amountKobo: toKobo(wire.amount),
    reason: text(wire.reason),
  };
}

export function mapRefund(wire: WireRefund): GatewayRefund {
  const tx = wire.transaction;
  const reference =
    text(wire.transaction_reference) ??
    (tx && typeof tx === 'object' ? text(tx.reference) : text(tx ?? null)) ??
    '';
  return {
    id: wire.id === undefined ? null : String(wire.id),
    transactionReference: reference,
    status: mapRefundStatus(wire.status),
    amountKobo: toKobo(wire.amount),
    merchantNote: text(wire.merchant_note ?? null),
  };
}

/**
 * A dispute from an event or the Disputes API. The amount is required (a dispute without one is
 * not one we can book); the disputed charge is `transaction.reference`, or
 * `transaction_reference` when that is all there is (it is `null` in Paystack's event samples).
 */
export function mapDispute(wire: WireDispute): GatewayDispute {
  const id = text(wire.id);
  if (id === null) throw new TypeError('dispute without an id');
  const tx =
    typeof wire.transaction === 'object' && wire.transaction !== null ? wire.transaction : null;
  const refund = wire.refund_amount ?? tx?.amount;
  const dueAt = text(wire.dueAt);
  const resolvedAt = text(wire.resolvedAt);
  const firstMessage = Array.isArray(wire.messages) ? wire.messages[0] : undefined;
  return {
    id,
    status: text(wire.status) ?? 'pending',
    resolution: text(wire.resolution),
    refundAmountKobo: toKobo(refund),
    currency: text(wire.currency) ?? 'NGN',
    transactionReference: text(tx?.reference) ?? text(wire.transaction_reference),
    category: text(wire.category),
    reason: text(firstMessage?.body ?? null),
    dueAt: dueAt ? new Date(dueAt) : null,
    resolvedAt: resolvedAt ? new Date(resolvedAt) : null,
  };
}

const DISPUTE_EVENTS = [
  'charge.dispute.create',
  'charge.dispute.remind',
  'charge.dispute.resolve',
] as const;

const REVOCATIONS: readonly RevocationCause[] = [
  'authorization.revoked',
  'mandate.revoked',
  'mandate.cancelled',
  'subscription.disable',
];

interface WireEventData extends WireTransaction, WireTransfer {
  authorization_code?: string | null;
  transaction_reference?: string | null;
  transaction?: { reference?: string; authorization?: WireAuthorization | null } | null;
}

// ---------------------------------------------------------------------------------------------
// Direct Debit mandates (gateway-protocol.md §13).

/** `pending`, `active`, `revoked` are documented (§13.3); anything else is `unknown`, never `active`. */
export function mapMandateStatus(raw: string | null | undefined): MandateStatus | 'unknown' {
  switch (raw) {
    case 'pending':
    case 'active':
    case 'revoked':
      return raw;
    default:
      return 'unknown';
  }
}

/** Null without an authorization code. Only `active: true` makes a mandate chargeable. */
export function mapMandate(wire: WireMandate | null | undefined): GatewayMandate | null {
  const code = text(wire?.authorization_code);
  if (!wire || !code) return null;
  return {
    authorizationCode: code,
    active: wire.active === true,
    bank: text(wire.bank),
    customerCode: text(wire.customer?.code),
    customerEmail: text(wire.customer?.email),
  };
}

export function mapMandateRecord(wire: WireMandateRecord): GatewayMandateRecord | null {
  const code = text(wire.authorization_code);
  if (!code) return null;
  const id = (v: number | null | undefined) =>
    typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
  const bankCode = text(wire.bank_code);
  return {
    authorizationId: id(wire.authorization_id),
    customerId: id(wire.customer?.id),
    authorizationCode: code,
    status: mapMandateStatus(wire.status),
    accountNumber: text(wire.account_number),
    bankCode: bankCode === null ? null : fromPaystackBankCode(bankCode),
  };
}

/** Maps a parsed webhook body. Unknown events (and malformed known ones) stay `unknown`. */
export function mapEvent(body: unknown): GatewayEvent {
  if (typeof body !== 'object' || body === null) return { kind: 'unknown', name: '' };
  const { event, data } = body as { event?: unknown; data?: unknown };
  const name = typeof event === 'string' ? event : '';
  if (typeof data !== 'object' || data === null) return { kind: 'unknown', name };
  const d = data as WireEventData;
  try {
    if (name === 'charge.success') {
      return { kind: 'charge.success', transaction: mapTransaction(d) };
    }
    if (name === 'transfer.success' || name === 'transfer.failed' || name === 'transfer.reversed') {
      return { kind: name, transfer: mapTransfer(d) };
    }
    if (name.startsWith('refund.')) return { kind: 'refund', refund: mapRefund(d) };
    const disputeEvent = DISPUTE_EVENTS.find((e) => e === name);
    if (disputeEvent) {
      const wire = data as WireDispute & { authorization?: WireAuthorization | null };
      const tx = typeof wire.transaction === 'object' ? wire.transaction : null;
      const authorization = wire.authorization ?? tx?.authorization ?? null;
      return {
        kind: disputeEvent,
        dispute: mapDispute(wire),
        authorizationCode: text(authorization?.authorization_code),
      };
    }
    if (
      name === 'direct_debit.authorization.created' ||
      name === 'direct_debit.authorization.active'
    ) {
      const wire = data as WireMandate;
      const mandate = mapMandate(wire);
      if (mandate) return { kind: name, mandate, reference: text(wire.reference) };
      return { kind: 'unknown', name };
    }
  } catch {
    return { kind: 'unknown', name };
  }
  const cause = REVOCATIONS.find((r) => r === name);
  if (cause) {
    const authorization = d.authorization ?? d.transaction?.authorization ?? null;
    return {
      kind: 'authorization.revoked',
      cause,
      authorizationCode: text(d.authorization_code) ?? text(authorization?.authorization_code),
      signature: text(authorization?.signature),
      transactionReference: text(d.transaction_reference) ?? text(d.transaction?.reference),
    };
  }
  return { kind: 'unknown', name };
}
