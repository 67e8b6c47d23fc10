/**
 * The OpenAPI document's error answers: every route lists the same error envelope, so each status
 * is written once, as a shared response, and the operations refer to it.
 */
import { ERROR_CODES } from '../domain/errors.ts';
import { statusForCode } from './error-mapper.ts';
import type { JsonSchema } from './openapi-examples.ts';
import { type JsonObject, objectAt, SCHEMAS } from './openapi-json.ts';

/** Error statuses, each one shared response named as clients' libraries name them. */
const ERROR_RESPONSES: Record<string, { name: string; summary: string }> = {
  '400': { name: 'BadRequest', summary: 'The request is malformed or fails validation.' },
  '401': { name: 'Unauthorized', summary: 'Missing, unknown, expired or revoked credentials.' },
  '402': { name: 'PaymentFailed', summary: 'The gateway declined the payment.' },
  '403': { name: 'Forbidden', summary: 'The credentials are valid but may not do this.' },
  '404': {
    name: 'NotFound',
    summary: 'No such object for this caller (another merchant’s or mode’s objects read as 404).',
  },
  '409': { name: 'Conflict', summary: 'The object is not in a state that allows this.' },
  '413': { name: 'PayloadTooLarge', summary: 'The body is larger than BODY_LIMIT_BYTES.' },
  '415': {
    name: 'UnsupportedMediaType',
    summary: 'Send JSON with `Content-Type: application/json`.',
  },
  '422': {
    name: 'UnprocessableEntity',
    summary: 'Well formed, but the identity check refused it.',
  },
  '429': {
    name: 'TooManyRequests',
    summary: 'Rate limited: wait `Retry-After` seconds, then retry.',
  },
  '500': {
    name: 'InternalError',
    summary: 'Something went wrong on our side; quote `request_id` to support.',
  },
  '502': { name: 'BadGateway', summary: 'The payment gateway did not answer; safe to retry.' },
  '503': { name: 'ServiceUnavailable', summary: 'A dependency is unavailable; retry later.' },
};

/** Errors any operation may answer, listed once under `default`. */
const RARE_ERRORS = ['413', '415', '500'];

function errorResponseName(key: string): string {
  return key === 'default' ? 'OtherError' : (ERROR_RESPONSES[key]?.name ?? key);
}

/**
 * Replaces the operation's inlined error envelopes by references; `used` gathers their keys, as
 * only the shared responses some operation refers to are written (`errorResponses`).
 */
export function referenceErrorResponses(operation: JsonObject, used: Set<string>): void {
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
    if (!isErrorResponse(response) || !ERROR_RESPONSES[status]) {
      responses[status] = response;
      continue;
    }
    // 413, 415 and 500 can answer any operation: one `default` says so instead of three.
    const key = RARE_ERRORS.includes(status) ? 'default' : status;
    used.add(key);
    responses[key] = { $ref: `#/components/responses/${errorResponseName(key)}` };
  }
  operation.responses = responses;
}

function jsonSchemaOf(response: unknown): JsonSchema | undefined {
  const content = (response as { content?: { 'application/json'?: { schema?: JsonSchema } } })
    .content;
  return content?.['application/json']?.schema;
}

/** The error envelope, inlined by @fastify/swagger wherever a route lists `ErrorResponse`. */
function isErrorResponse(response: unknown): boolean {
  const schema = jsonSchemaOf(response);
  if (!schema) return false;
  if (schema.$ref === `${SCHEMAS}Error`) return true;
  const ok = (schema.properties as { ok?: { enum?: unknown[] } } | undefined)?.ok;
  return ok?.enum?.length === 1 && ok.enum[0] === false;
}

export function errorResponses(statuses: string[]): JsonObject {
  const responses: JsonObject = {};
  for (const status of statuses) {
    const name = errorResponseName(status);
    const rare = status === 'default' ? RARE_ERRORS : [status];
    const summary =
      status === 'default'
        ? `Any operation may also answer ${RARE_ERRORS.map((s) => `${s} (${ERROR_RESPONSES[s]?.name ?? s})`).join(', ')}, with the same envelope.`
        : (ERROR_RESPONSES[status]?.summary ?? '');
    const codes = ERROR_CODES.filter((code) => rare.includes(String(statusForCode(code))));
    const example = {
      ok: false,
      code: codes[0] ?? 'invalid_request',
      detail: summary,
      request_id: 'req_7fK2mQ9xL4vB1nP8',
    };
    responses[name] = {
      description: `${summary} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
      ...(status === '429' && {
        headers: {
          'Retry-After': {
            description: 'Seconds to wait before retrying.',
            schema: { type: 'integer' },
          },
          'X-RateLimit-Limit': { schema: { type: 'integer' } },
          'X-RateLimit-Remaining': { schema: { type: 'integer' } },
          'X-RateLimit-Reset': {
            description: 'Seconds until the window resets.',
            schema: { type: 'integer' },
          },
        },
      }),
      content: { 'application/json': { schema: { $ref: `${SCHEMAS}Error` }, example } },
    };
  }
  return responses;
}
