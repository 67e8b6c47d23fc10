/**
 * The closed set of error codes a client can receive. Each has one HTTP status, chosen in
 * `http/error-mapper.ts`; `detail` is always safe to show to the caller.
 */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_json',
  'invalid_idempotency_key',
  'unauthenticated',
  'forbidden',
  'merchant_inactive',
  'merchant_not_approved',
  'payment_failed',
  'not_found',
  'conflict',
  'email_taken',
  'idempotency_key_reused',
  'session_completed',
  'session_not_pending',
  'setup_pending',
  'setup_expired',
  'payment_method_unusable',
  'payment_method_in_use',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'method_not_allowed',
  'rate_limited',
  'login_throttled',
  'internal_error',
  'service_unavailable',
  'gateway_unavailable',
  // identity verification and eligibility (decision 0010)
  'bvn_malformed',
  'bvn_not_found',
  'bvn_dob_mismatch',
  'bvn_in_use',
  'identity_already_verified',
  'verification_throttled',
  'identity_provider_unavailable',
  // consent and the phone code (decision 0046)
  'consent_required',
  'consent_text_outdated',
  'phone_code_rejected',
  'phone_code_expired',
  'no_phone_code_pending',
  'delinquent',
  'insufficient_trust_tier',
  'tier_restricted',
  'no_payment_method',
  // credit bureau checks (decision 0047)
  'credit_check_required',
  'credit_report',
  'credit_consent_required',
  'credit_bvn_not_verified',
  'credit_bureau_unavailable',
  // payment links (decision 0011)
  'payment_link_inactive',
  // password reset (decision 0024)
  'reset_link_invalid',
  // the settlement account (decision 0057)
  'reauthentication_required',
  'account_not_resolved',
  // two-factor sign-in (decision 0065)
  'second_factor_required',
  'second_factor_enrolment_required',
  'step_up_required',
  // merchant due diligence before approval (decision 0074)
  'business_details_incomplete',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One field of a request that is wrong, in words a form can show beside it (`errors[]`). */
export interface FieldError {
  /** The body field's path, dotted (`email`, `constraints.min_upfront_pct`). */
  field: string;
  message: string;
}

/**
 * Said with a refused payment method whose ₦50 verification charge the gateway had taken: the
 * charge is being refunded (decision 0042). Answered as the error's `verification_charge`.
 */
export interface VerificationChargeRefund {
  /** Kobo: the whole amount the gateway took (5,000 for the ₦50 asked). */
  amount: number;
  currency: string;
  /** `refund_queued`: the refund job is queued; the gateway returns it to the card or account. */
  status: 'refund_queued';
}

export interface DomainErrorOptions {
  /** Whether the same request may succeed later without change (shown to clients as `retryable`). */
  retryable?: boolean;
  retryAfterSeconds?: number;
  /** The fields at fault, when the error is about what was typed. */
  fields?: readonly FieldError[];
  verificationCharge?: VerificationChargeRefund;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly detail: string;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly fields: readonly FieldError[] | undefined;
  readonly verificationCharge: VerificationChargeRefund | undefined;

  constructor(code: ErrorCode, detail: string, options: DomainErrorOptions = {}) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.retryable = options.retryable ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fields = options.fields;
    this.verificationCharge = options.verificationCharge;
  }
}

export const notFound = (what: string): DomainError =>
  new DomainError('not_found', `${what} was not found.`);
export const invalid = (detail: string): DomainError => new DomainError('invalid_request', detail);
