import type { ErrorCode, FieldError, VerificationChargeRefund } from '../domain/errors.ts';

/** The single place where an error code becomes an HTTP status (spec §7.2). */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'invalid_request':
    case 'invalid_json':
    case 'invalid_idempotency_key':
    case 'bvn_malformed':
    case 'reset_link_invalid':
    case 'consent_required':
    case 'consent_text_outdated':
      return 400;
    case 'unauthenticated':
    case 'second_factor_required':
      return 401;
    case 'payment_failed':
      return 402;
    case 'forbidden':
    case 'merchant_inactive':
    case 'merchant_not_approved':
    case 'delinquent':
    case 'insufficient_trust_tier':
    case 'tier_restricted':
    case 'no_payment_method':
    case 'credit_check_required':
    case 'credit_report':
    case 'reauthentication_required':
    case 'second_factor_enrolment_required':
    case 'step_up_required':
      return 403;
    case 'not_found':
      return 404;
    case 'method_not_allowed':
      return 405;
    case 'conflict':
    case 'email_taken':
    case 'idempotency_key_reused':
    case 'session_completed':
    case 'session_not_pending':
    case 'setup_pending':
    case 'setup_expired':
    case 'payment_method_unusable':
    case 'payment_method_in_use':
    case 'bvn_in_use':
    case 'identity_already_verified':
    case 'payment_link_inactive':
    case 'no_phone_code_pending':
    case 'business_details_incomplete':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'uri_too_long':
      return 414;
    case 'unsupported_media_type':
      return 415;
    case 'bvn_not_found':
    case 'credit_consent_required':
    case 'credit_bvn_not_verified':
    case 'bvn_dob_mismatch':
    case 'phone_code_rejected':
    case 'phone_code_expired':
    case 'account_not_resolved':
      return 422;
    case 'rate_limited':
    case 'login_throttled':
    case 'verification_throttled':
      return 429;
    case 'internal_error':
      return 500;
    case 'gateway_unavailable':
      return 502;
    case 'service_unavailable':
    case 'identity_provider_unavailable':
    case 'credit_bureau_unavailable':
      return 503;
  }
}

export interface ErrorBody {
  ok: false;
  code: ErrorCode;
  detail: string;
  request_id: string;
  retryable?: boolean;
  errors?: FieldError[];
  verification_charge?: VerificationChargeRefund;
}

export function errorBody(
  code: ErrorCode,
  detail: string,
  requestId: string,
  retryable?: boolean,
  extra: { fields?: readonly FieldError[]; verificationCharge?: VerificationChargeRefund } = {},
): ErrorBody {
  const { fields, verificationCharge } = extra;
  return {
    ok: false,
    code,
    detail,
    request_id: requestId,
    ...(retryable !== undefined && { retryable }),
    ...(fields !== undefined && fields.length > 0 && { errors: [...fields] }),
    ...(verificationCharge && { verification_charge: verificationCharge }),
  };
}

interface AjvErrorLike {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns the first schema violation into a sentence that names the field. */
export function describeValidationError(
  context: string | undefined,
  errors: readonly AjvErrorLike[],
): string {
  const first = errors[0];
  if (!first) return 'The request is invalid.';
  const where = `${context ?? 'body'}${(first.instancePath ?? '').replace(/\//g, '.')}`;
  switch (first.keyword) {
    case 'additionalProperties':
      return `${where} has an unknown field "${String(first.params?.additionalProperty)}".`;
    case 'required':
      return `${where} is missing the required field "${String(first.params?.missingProperty)}".`;
    case 'type':
      return `${where} must be of type ${String(first.params?.type)}.`;
    case 'enum':
    case 'const':
      return `${where} must be one of: ${JSON.stringify(first.params?.allowedValues ?? first.params?.allowedValue)}.`;
    default:
      return `${where} ${first.message ?? 'is invalid'}.`;
  }
}

/** At most this many fields are named: a form has fewer, and a hostile body gets no echo. */
const MAX_FIELD_ERRORS = 20;

/**
 * Every body field at fault, once each, in words a form can show beside it (issue 27 fix 3).
 * `detail` stays the first violation in the API's terms; this is for people. Only the body's
 * fields: a bad query string or path parameter is a caller's bug, not something typed.
 */
export function fieldErrors(
  context: string | undefined,
  errors: readonly AjvErrorLike[],
): FieldError[] {
  if ((context ?? 'body') !== 'body') return [];
  const named = new Map<string, string>();
  for (const error of errors) {
    const base = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const child =
      error.keyword === 'required'
        ? String(error.params?.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params?.additionalProperty)
          : undefined;
    const field = child === undefined ? base : base === '' ? child : `${base}.${child}`;
    if (field === '' || named.has(field)) continue;
    named.set(field, plainMessage(error));
    if (named.size === MAX_FIELD_ERRORS) break;
  }
  return [...named].map(([field, message]) => ({ field, message }));
}

const FORMATS: Record<string, string> = {
  email: 'Enter an email address, such as name@example.com.',
  uri: 'Enter a full web address, starting with https://.',
  'date-time': 'Enter a date and time, such as 2026-11-27T14:00:00Z.',
  date: 'Enter a date, such as 1990-01-15.',
  uuid: 'Enter a UUID, such as 3b241101-e2bb-4255-8caf-4136c566a962.',
};

function plainMessage(error: AjvErrorLike): string {
  const limit = Number(error.params?.limit);
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'This field is not accepted here.';
    case 'format':
      return FORMATS[String(error.params?.format)] ?? 'This is not in the expected format.';
    case 'minLength':
      return limit <= 1 ? 'This field is required.' : `Enter at least ${limit} characters.`;
    case 'maxLength':
      return `Enter at most ${limit} characters.`;
    case 'minimum':
      return `Enter ${limit} or more.`;
    case 'maximum':
      return `Enter ${limit} or less.`;
    case 'type':
      return `This must be ${typeInWords(String(error.params?.type))}.`;
    case 'enum':
    case 'const':
      return 'Choose one of the allowed values.';
    case 'pattern':
      return 'This is not in the expected format.';
    case 'minItems':
      return `Give at least ${limit}.`;
    case 'maxItems':
      return `Give at most ${limit}.`;
    case 'finite':
      return 'Enter a number.';
    default:
      return 'This value is not accepted.';
  }
}

function typeInWords(type: string): string {
  switch (type) {
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return `of type ${type}`;
  }
}
