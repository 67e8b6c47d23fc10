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

/**
 * `otp`: the account requires an OTP for transfers and the gateway holds this one until
 * `finalizeTransfer` gives it (docs/gateway-protocol.md §14); nothing has been sent yet.
 */
export type TransferStatus = 'pending' | 'otp' | 'success' | 'failed' | 'reversed';
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
  /** The gateway's own id of the transaction (Paystack's `id`), what `GET /dispute?transaction=` takes. */
  gatewayId?: string | null;
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

/**
 * A dispute (chargeback) as the gateway reports it (docs/gateway-protocol.md §21). `status` and
 * `resolution` are the gateway's own words, kept as they are: src/domain/dispute.ts decides what
 * they mean, and an unknown resolution never gives money back.
 */
export interface GatewayDispute {
  id: string;
  /** `awaiting-merchant-feedback`, `awaiting-bank-feedback`, `pending`, `resolved`. */
  status: string;
  /** `merchant-accepted`, `declined`, `auto-accepted`; null while open. */
  resolution: string | null;
  /** What the customer gets back, in kobo (Paystack's `refund_amount`). */
  refundAmountKobo: Kobo;
  currency: string;
  /** The disputed charge's reference (ours), from `transaction.reference`. */
  transactionReference: string | null;
  category: string | null;
  /** The customer's words, the first message of the dispute, when there is one. */
  reason: string | null;
  dueAt: Date | null;
  resolvedAt: Date | null;
}

/** The merchant's evidence (Paystack's `POST /dispute/:id/evidence` fields). */
export interface DisputeEvidence {
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  serviceDetails: string;
  deliveryAddress?: string;
  /** YYYY-MM-DD. */
  deliveryDate?: string;
}

export type GatewayEvent =
  | { kind: 'charge.success'; transaction: GatewayTransaction }
  | {
      kind: 'charge.dispute.create' | 'charge.dispute.remind' | 'charge.dispute.resolve';
      dispute: GatewayDispute;
      /** The card behind the disputed charge, when the event names it (for the revocation). */
      authorizationCode: string | null;
    }
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
  | {
      kind: 'direct_debit.authorization.created' | 'direct_debit.authorization.active';
      mandate: GatewayMandate;
      /** The initialize reference (`.active` only; that it is the same value is unconfirmed, §19). */
      reference: string | null;
    }
  | { kind: 'unknown'; name: string };

// ---------------------------------------------------------------------------------------------
// Direct Debit mandates (docs/gateway-protocol.md §13). `reusable` says nothing there: a mandate
// is chargeable only once `active` (§13.3).

export type MandateStatus = 'pending' | 'active' | 'revoked';

export interface GatewayMandateInitialization {
  /** The gateway's consent page: the customer opens it (an opaque URL, §13.2). */
  redirectUrl: string;
  accessCode: string;
  /** The gateway's reference of this authorization request (its own, not ours). */
  reference: string;
}

/** What verify and the `direct_debit.authorization.*` events say about one mandate. */
export interface GatewayMandate {
  /** A secret like any authorization code: store it sealed. */
  authorizationCode: string;
  active: boolean;
  bank: string | null;
  customerCode: string | null;
  customerEmail: string | null;
}

/** One row of the mandate lists (§13.5): the only place `revoked` and the integer ids appear. */
export interface GatewayMandateRecord {
  authorizationId: number | null;
  customerId: number | null;
  authorizationCode: string;
  /** Anything else the gateway says is `unknown` (never `active`). */
  status: MandateStatus | 'unknown';
  accountNumber: string | null;
  bankCode: string | null;
}

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
  /**
   * GET /bank/resolve (docs/gateway-protocol.md §7, §20): the name the bank holds for a NUBAN.
   * null when the gateway cannot resolve it (a 422: unknown account, or a bank it cannot ask);
   * a GatewayError when there is no usable answer.
   */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<{
    accountNumber: string;
    accountName: string;
  } | null>;
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
  // --- Transfer OTP (docs/gateway-protocol.md §14) ---
  /**
   * POST /transfer/finalize_transfer: sends a transfer held at `otp` with the OTP the gateway
   * sent to the business phone. A wrong OTP is `rejected` and changes nothing. Finalizing cannot
   * send a transfer twice: the transfer code names one transfer, sent at most once.
   */
  finalizeTransfer(input: { transferCode: string; otp: string }): Promise<GatewayTransfer>;
  /** POST /transfer/resend_otp: the gateway sends the transfer's OTP again. */
  resendTransferOtp(input: {
    transferCode: string;
    reason: 'resend_otp' | 'transfer';
  }): Promise<void>;
  /**
   * POST /transfer/disable_otp: step 1 of turning transfer OTPs off for the whole account (the
   * documented way to automate payouts); the gateway sends an OTP to the business phone. Returns
   * the gateway's words ("OTP has been sent to mobile number ending with 4321").
   */
  disableTransferOtp(): Promise<{ message: string }>;
  /** POST /transfer/disable_otp_finalize: step 2, with that OTP. A wrong OTP is `rejected`. */
  finalizeDisableTransferOtp(otp: string): Promise<{ message: string }>;
  /** POST /transfer/enable_otp: transfers need an OTP again. */
  enableTransferOtp(): Promise<{ message: string }>;
  // --- end of transfer OTP ---

  // Direct Debit mandates (§13), grouped.
  /** POST /customer/authorization/initialize with `channel: direct_debit`, the account and address. */
  initializeMandate(input: {
    email: string;
    bankCode: string;
    accountNumber: string;
    /** Sent whole when given; whether Paystack requires it beside `account` is unconfirmed (§13.2). */
    address?: { street: string; city: string; state: string };
    callbackUrl?: string;
  }): Promise<GatewayMandateInitialization>;
  /** GET /customer/authorization/verify/:reference; null until the customer approved (404). */
  verifyMandate(reference: string): Promise<GatewayMandate | null>;
  /** PUT /customer/:id/directdebit-activation-charge: asks the bank to check a stuck mandate again. */
  retryMandateActivation(input: { customerId: number; authorizationId: number }): Promise<void>;
  /** GET /directdebit/mandate-authorizations: one page of the integration's mandates by status. */
  listMandates(input: {
    status: MandateStatus;
    cursor?: string | null;
    perPage?: number;
  }): Promise<{ mandates: GatewayMandateRecord[]; next: string | null }>;
  /** GET /customer/:id/directdebit-mandate-authorizations. */
  listCustomerMandates(customerId: number): Promise<GatewayMandateRecord[]>;
  /** POST /customer/authorization/deactivate (any channel); false when the gateway has no such code. */
  deactivateAuthorization(authorizationCode: string): Promise<boolean>;
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
  // --- Disputes (gateway-protocol.md §21; decision 0069) ---
  /** GET /dispute/:id; null when the gateway has no such dispute. */
  fetchDispute(id: string): Promise<GatewayDispute | null>;
  /** GET /dispute?transaction=: the disputes of one charge (by the gateway's transaction id or reference). */
  listDisputes(input: { transaction?: string; status?: string }): Promise<GatewayDispute[]>;
  /** POST /dispute/:id/evidence. Returns the gateway's evidence id. */
  addDisputeEvidence(id: string, evidence: DisputeEvidence): Promise<{ evidenceId: string | null }>;
  /**
   * GET /dispute/:id/upload_url?upload_filename=, then PUT the bytes to the signed URL it gives.
   * Returns the `fileName` to name in `resolveDispute`.
   */
  uploadDisputeFile(
    id: string,
    file: { filename: string; contentType: string; bytes: Buffer },
  ): Promise<{ uploadedFilename: string }>;
  /**
   * PUT /dispute/:id/resolve: `merchant-accepted` (the customer is refunded `refundAmountKobo`)
   * or `declined` (the merchant contests, with the uploaded file as proof).
   */
  resolveDispute(
    id: string,
    input: {
      resolution: 'merchant-accepted' | 'declined';
      message: string;
      refundAmountKobo: Kobo;
      uploadedFilename: string;
      evidenceId?: string | null;
    },
  ): Promise<GatewayDispute>;
  /** Checks the signature over the exact raw bytes, in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Parses a verified webhook body; unknown events come back as `{ kind: 'unknown' }`. */
  parseWebhook(rawBody: Buffer): GatewayEvent;
}
