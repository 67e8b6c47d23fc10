import type { ErrorCode } from '../domain/errors.ts';

/** The single place where an error code becomes an HTTP status (spec §7.2). */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'invalid_request':
    case 'invalid_json':
    case 'invalid_idempotency_key':
    case 'bvn_malformed':
    case 'reset_link_invalid':
      return 400;
    case 'unauthenticated':
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
}

export function errorBody(
  code: ErrorCode,
  detail: string,
  requestId: string,
  retryable?: boolean,
): ErrorBody {
  return retryable === undefined
    ? { ok: false, code, detail, request_id: requestId }
    : { ok: false, code, detail, request_id: requestId, retryable };
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
