/**
 * Every failure the SDK reports is a `TrancheError`. An answer from the API becomes the subclass
 * of its status, carrying the error envelope (`{ ok: false, code, detail, request_id }`); a
 * request that got no answer is a `TrancheConnectionError`.
 */
export class TrancheError extends Error {
  /** HTTP status; undefined when no answer arrived. */
  readonly status: number | undefined;
  /** The API's stable error code (`rate_limited`, `session_not_pending`, …) when it sent one. */
  readonly code: string | undefined;
  /** What went wrong, in words safe to show (the envelope's `detail`). */
  readonly detail: string;
  /** The envelope's `request_id` (also the `X-Request-Id` header): quote it to support. */
  readonly requestId: string | undefined;
  /** The API says the same request may succeed later (`retryable: true`). */
  readonly retryable: boolean;
  /** The response headers, lower-cased, when an answer arrived. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    detail: string,
    fields: {
      status?: number;
      code?: string;
      requestId?: string;
      retryable?: boolean;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = new.target.name;
    this.status = fields.status;
    this.code = fields.code;
    this.detail = detail;
    this.requestId = fields.requestId;
    this.retryable = fields.retryable ?? false;
    this.headers = fields.headers ?? {};
  }
}

/** 400, 413, 414, 415, 422: the request is malformed or was refused as it stands. */
export class TrancheInvalidRequestError extends TrancheError {}
/** 401: missing, unknown, expired or revoked secret key. */
export class TrancheAuthenticationError extends TrancheError {}
/** 402: the gateway declined a payment. */
export class TranchePaymentError extends TrancheError {}
/** 403: the key is valid but may not do this (inactive or unapproved merchant, …). */
export class TranchePermissionError extends TrancheError {}
/** 404: no such object for this key (another merchant's or mode's objects read as 404). */
export class TrancheNotFoundError extends TrancheError {}
/** 409: the object is not in a state that allows this, or an Idempotency-Key was reused. */
export class TrancheConflictError extends TrancheError {}

/** 429: still rate limited after the SDK's retries (or `Retry-After` was too long to wait). */
export class TrancheRateLimitError extends TrancheError {
  /** Seconds the API asked to wait, when it said. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    detail: string,
    fields: ConstructorParameters<typeof TrancheError>[1] & { retryAfterSeconds?: number },
  ) {
    super(detail, fields);
    this.retryAfterSeconds = fields.retryAfterSeconds;
  }
}

/** 5xx (or an unexpected answer): the failure is on Tranche's side or between. */
export class TrancheAPIError extends TrancheError {}

/** No answer: the connection failed or was reset. The request may or may not have been handled. */
export class TrancheConnectionError extends TrancheError {}
/** No answer within `timeoutMs`. */
export class TrancheTimeoutError extends TrancheConnectionError {}

/** `webhooks.constructEvent` refused a delivery: no signature matched the raw body. */
export class TrancheSignatureVerificationError extends TrancheError {}
/** `webhooks.constructEvent`: the signature matched, but the body is not a Tranche event. */
export class TrancheWebhookPayloadError extends TrancheError {}

/** The subclass for an HTTP status. */
export function errorClassFor(status: number): typeof TrancheError {
  switch (status) {
    case 400:
    case 413:
    case 414:
    case 415:
    case 422:
      return TrancheInvalidRequestError;
    case 401:
      return TrancheAuthenticationError;
    case 402:
      return TranchePaymentError;
    case 403:
      return TranchePermissionError;
    case 404:
      return TrancheNotFoundError;
    case 409:
      return TrancheConflictError;
    default:
      return status >= 400 && status < 500 ? TrancheInvalidRequestError : TrancheAPIError;
  }
}
