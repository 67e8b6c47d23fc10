/**
 * What Tranche needs from a payment gateway, one method per operation. Wire formats stay in the
 * provider folders (paystack/); callers see only these types. Every outcome the gateway reports
 * goes through one exhaustive mapping per provider, and anything unknown is `pending`, never
 * `success`: value is given only on an explicit success.
 */
import type { Kobo } from '../domain/money.ts';

export type ChargeStatus = 'success' | 'failed' | 'pending' | 'reversed';

/** Next step of a bank (direct-debit) authorization charge, in the gateway's own order. */
export type BankChargeStep =
  | 'send_otp'
  | 'send_birthday'
  | 'send_phone'
  | 'send_pin'
  | 'open_url'
  | 'success'
  | 'failed'
  | 'pending';

export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';
export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface GatewayBank {
  name: string;
  /** Our bank code, the CBN's (3 digits for banks); every `bankCode` below is one of ours too. */
  code: string;
  supportsDirectDebit: boolean;
}

/** A reusable authorization: card token or bank mandate. `code` is a secret (store it sealed). */
export interface GatewayAuthorization {
  code: string;
  reusable: boolean;
  channel: 'card' | 'bank';
  brand: string;
  bank: string | null;
  last4: string;
  expMonth: string | null;
  expYear: string | null;
  /** The same for the same card or account: used to spot duplicates. */
  signature: string | null;
}

export interface GatewayTransaction {
  reference: string;
  status: ChargeStatus;
  amountKobo: Kobo;
  currency: string;
  /** The gateway's words for the outcome ("Approved", "Insufficient Funds"). */
  message: string;
  paidAt: Date | null;
  authorization: GatewayAuthorization | null;
  customerEmail: string | null;
  /**
   * What was asked for, when the gateway says (Paystack's `requested_amount`). A partial debit
   * is a success whose `amountKobo` is below it (gateway-protocol.md §17).
   */
  requestedAmountKobo?: Kobo | null;
}

export interface BankChargeProgress {
  reference: string;
  step: BankChargeStep;
  displayText: string | null;
  url: string | null;
  /** Present once the step is `success` or `failed`. */
  transaction: GatewayTransaction | null;
  message: string;
}

export interface GatewayTransfer {
  reference: string;
  transferCode: string | null;
  status: TransferStatus;
  amountKobo: Kobo;
  reason: string | null;
}

export interface GatewayRefund {
  /** The gateway's id of the refund (null in events that do not carry it). */
  id: string | null;
  transactionReference: string;
  status: RefundStatus;
  amountKobo: Kobo;
  /** What we sent as `merchant_note`: our reference of the refund, to find it again. */
  merchantNote: string | null;
}

export type GatewayEvent =
  | { kind: 'charge.success'; transaction: GatewayTransaction }
  | {
      kind: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
      transfer: GatewayTransfer;
    }
  | { kind: 'refund'; refund: GatewayRefund }
  | {
      kind: 'authorization.revoked';
      cause: RevocationCause;
      authorizationCode: string | null;
      signature: string | null;
      transactionReference: string | null;
    }
  | { kind: 'unknown'; name: string };

export type RevocationCause =
  | 'charge.dispute.create'
  | 'authorization.revoked'
  | 'mandate.revoked'
  | 'mandate.cancelled'
  | 'subscription.disable';

/**
 * Why a gateway call failed. `rejected`: the gateway answered and said no (4xx with a message):
 * nothing happened. `unavailable`: no usable answer (timeout, network, 5xx, unparsable): the
 * operation may or may not have happened, so callers treat the outcome as unknown and settle it
 * later with a verify call or a webhook.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  readonly kind: 'rejected' | 'unavailable' | 'not_found';
  readonly httpStatus: number | null;
  readonly gatewayCode: string | null;

  constructor(
    kind: GatewayError['kind'],
    message: string,
    httpStatus: number | null = null,
    gatewayCode: string | null = null,
  ) {
    super(message);
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.gatewayCode = gatewayCode;
  }
}

export interface PaymentGateway {
  listBanks(): Promise<GatewayBank[]>;
  /** Starts a card authorization: the customer pays `amountKobo` on the gateway's hosted page. */
  initializeCardAuthorization(input: {
    email: string;
    amountKobo: Kobo;
    reference: string;
    callbackUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ authorizationUrl: string; reference: string }>;
  /** null when the gateway does not know the reference. */
  verifyTransaction(reference: string): Promise<GatewayTransaction | null>;
  /** Merchant-initiated debit of a stored authorization, with our own idempotent reference. */
  chargeAuthorization(input: {
    email: string;
    amountKobo: Kobo;
    authorizationCode: string;
    reference: string;
    metadata: Record<string, string>;
  }): Promise<GatewayTransaction>;
  startBankCharge(input: {
    email: string;
    amountKobo: Kobo;
    bankCode: string;
    accountNumber: string;
    reference: string;
    metadata: Record<string, string>;
  }): Promise<BankChargeProgress>;
  submitOtp(reference: string, otp: string): Promise<BankChargeProgress>;
  submitBirthday(reference: string, birthday: string): Promise<BankChargeProgress>;
  submitPhone(reference: string, phone: string): Promise<BankChargeProgress>;
  checkPendingCharge(reference: string): Promise<BankChargeProgress>;
  createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  initiateTransfer(input: {
    amountKobo: Kobo;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<GatewayTransfer>;
  verifyTransfer(reference: string): Promise<GatewayTransfer | null>;
  refund(input: {
    transactionReference: string;
    amountKobo?: Kobo;
    merchantNote?: string;
  }): Promise<GatewayRefund>;
  /** GET /refund/:id; null when the gateway has no such refund. */
  fetchRefund(id: string): Promise<GatewayRefund | null>;
  /** GET /refund?transaction=: every refund of one charge (how an unanswered refund is found). */
  listRefunds(transactionReference: string): Promise<GatewayRefund[]>;
  // --- Partial debits (gateway-protocol.md §17; decision 0045) ---
  /**
   * Debits a saved card for `amountKobo`, or for less when the account holds less, but never for
   * less than `atLeastKobo`: the answer's `amountKobo` is what was taken. Cards only (Paystack:
   * Mastercard and Verve, on request); the gateway rejects it otherwise.
   */
  partialDebit(input: {
    email: string;
    amountKobo: Kobo;
    atLeastKobo: Kobo;
    authorizationCode: string;
    reference: string;
    metadata: Record<string, string>;
  }): Promise<GatewayTransaction>;
  /** Checks the signature over the exact raw bytes, in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Parses a verified webhook body; unknown events come back as `{ kind: 'unknown' }`. */
  parseWebhook(rawBody: Buffer): GatewayEvent;
}
