import { createHmac, timingSafeEqual } from 'node:crypto';

import { TrancheSignatureVerificationError, TrancheWebhookPayloadError } from './errors.ts';
import type { HttpClient, RequestOptions } from './http.ts';
import { call } from './resources.ts';
import type { ResponseData, WebhookEvent } from './types.ts';

export const SIGNATURE_HEADER = 'x-tranche-signature';
export const PREVIOUS_SIGNATURE_HEADER = 'x-tranche-signature-previous';

/** Node's `req.headers`, a fetch `Headers`, or any record of header values. */
export type HeadersLike =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The signature(s) to check: the request's headers (both `X-Tranche-Signature` and, during a
 * secret roll, `X-Tranche-Signature-Previous` are read from them), or the header values
 * themselves.
 */
export type SignatureInput = string | readonly string[] | HeadersLike | null | undefined;

/**
 * Verifies a webhook delivery and returns its event. `rawBody` must be the exact bytes received
 * (Express: `express.raw({ type: 'application/json' })`; fetch: `await request.text()`): a body
 * parsed and serialised again has other bytes and is refused. The delivery is accepted when any
 * signature is the HMAC-SHA512 of those bytes with any of `secret` (pass the old and the new
 * secret while you switch), compared in constant time. Throws
 * `TrancheSignatureVerificationError` otherwise, and `TrancheWebhookPayloadError` when a
 * correctly signed body is not a `{ id, event, created_at, data }` event.
 */
export function constructEvent(
  rawBody: string | Uint8Array,
  signature: SignatureInput,
  secret: string | readonly string[],
): WebhookEvent {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError(
      'Tranche: constructEvent needs the raw request body (a string or Buffer), not a parsed object: the signature covers the exact bytes received.',
    );
  }
  const secrets = (typeof secret === 'string' ? [secret] : secret).filter((s) => s.length > 0);
  if (secrets.length === 0) {
    throw new TypeError('Tranche: constructEvent needs the webhook secret.');
  }
  const given = signaturesFrom(signature);
  if (given.length === 0) {
    throw new TrancheSignatureVerificationError('No X-Tranche-Signature header on the request.');
  }

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  let verified = false;
  for (const key of secrets) {
    const expected = Buffer.from(createHmac('sha512', key).update(body).digest('hex'), 'utf8');
    // Every pair is compared, matched or not, so the time taken says nothing about which one.
    for (const candidate of given) {
      const received = Buffer.from(candidate, 'utf8');
      if (received.length === expected.length && timingSafeEqual(received, expected)) {
        verified = true;
      }
    }
  }
  if (!verified) {
    throw new TrancheSignatureVerificationError(
      'The webhook signature does not match the raw body with this secret: check the secret of this mode, and pass the body exactly as received.',
    );
  }

  let event: unknown;
  try {
    event = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch (cause) {
    throw new TrancheWebhookPayloadError('The signed webhook body is not JSON.', { cause });
  }
  if (!isEventShape(event)) {
    throw new TrancheWebhookPayloadError(
      'The signed webhook body is not a Tranche event ({ id, event, created_at, data }).',
    );
  }
  // Signed by Tranche and of the documented envelope: its `data` is that event's (openapi.json).
  return event as WebhookEvent;
}

function isEventShape(
  value: unknown,
): value is { id: string; event: string; created_at: string; data: object } {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.id === 'string' &&
    typeof event.event === 'string' &&
    typeof event.created_at === 'string' &&
    typeof event.data === 'object' &&
    event.data !== null
  );
}

function signaturesFrom(input: SignatureInput): string[] {
  if (input === null || input === undefined) return [];
  if (typeof input === 'string') return [input];
  if (isStringArray(input)) return [...input];
  if ('get' in input && typeof input.get === 'function') {
    const headers = input as { get(name: string): string | null };
    return [headers.get(SIGNATURE_HEADER), headers.get(PREVIOUS_SIGNATURE_HEADER)].filter(
      (value): value is string => typeof value === 'string' && value.length > 0,
    );
  }
  const record = input as Readonly<Record<string, string | readonly string[] | undefined>>;
  const values: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    const lower = name.toLowerCase();
    if (lower !== SIGNATURE_HEADER && lower !== PREVIOUS_SIGNATURE_HEADER) continue;
    if (typeof value === 'string') values.push(value);
    else if (value) values.push(...value);
  }
  return values.filter((value) => value.length > 0);
}

function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value);
}

/** Webhook verification, and the webhook endpoint's operations. */
export class Webhooks {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** See the exported `constructEvent`. */
  constructEvent(
    rawBody: string | Uint8Array,
    signature: SignatureInput,
    secret: string | readonly string[],
  ): WebhookEvent {
    return constructEvent(rawBody, signature, secret);
  }

  /** Sends a signed `webhook.test` event to the key's mode's webhook URL now, and says how it went. */
  sendTest(options?: RequestOptions): Promise<ResponseData<'sendTestWebhook'>> {
    return call(this.http, 'sendTestWebhook', {}, options);
  }

  /**
   * A new signing secret for the key's mode. For 24 hours each delivery also carries the
   * previous secret's signature (`X-Tranche-Signature-Previous`), so receivers keep verifying.
   */
  rollSecret(options?: RequestOptions): Promise<ResponseData<'rollWebhookSecret'>> {
    return call(this.http, 'rollWebhookSecret', {}, options);
  }
}
