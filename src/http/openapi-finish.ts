import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { TSchema } from 'typebox';
import { ERROR_CODES } from '../domain/errors.ts';
import { assert } from '../platform/assert.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../domain/webhook.ts';
import { statusForCode } from './error-mapper.ts';
import { exampleFor, type JsonSchema } from './openapi-examples.ts';
import { webhookEventSchema, webhookEventSummary } from './webhook-payloads.ts';

/**
 * The OpenAPI 3.1 document's frame and its finishing pass (decision 0019). The routes' schemas
 * give paths, parameters and bodies; this adds what Fastify's schemas cannot say: named
 * components (TypeBox `$id`s), one shared response per error status, an example on every
 * operation, and the outbound `webhooks`.
 */

type JsonObject = { [key: string]: unknown };

const SCHEMAS = '#/components/schemas/';

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
 * The named components shared by several responses (`sharedSchema`), in the order the document
 * lists them. Modules register them as they load, and the load order follows imports, so the
 * document fixes its own order: moving a module must not reorder the published document.
 */
const SHARED_SCHEMA_ORDER = [
  'PlanCountsByStatus',
  'WebhookEndpointHealth',
  'NotificationSwitches',
  'NotificationPreferences',
];

export function sharedSchemasInDocumentOrder(registered: ReadonlyMap<string, TSchema>): TSchema[] {
  const unplaced = [...registered.keys()].filter((id) => !SHARED_SCHEMA_ORDER.includes(id));
  assert(
    unplaced.length === 0,
    `shared schemas without a place in the document: ${unplaced.join(', ')}`,
  );
  return SHARED_SCHEMA_ORDER.flatMap((id) => registered.get(id) ?? []);
}

export function swaggerOptions(publicBaseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tranche API',
        version: '1.0.0',
        description:
          'Installment checkout for Nigerian merchants. Every response has `ok`; errors are `{ ok: false, code, detail, request_id }`. Amounts are integer kobo. Timestamps are ISO 8601 UTC. Outbound events are under `webhooks`; how to verify and de-duplicate them: docs/webhooks.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicBaseUrl }],
      tags: [
        {
          name: 'Webhooks',
          description:
            'Events Tranche POSTs to your webhook URL, signed with HMAC-SHA512 of the raw body (`X-Tranche-Signature`). Delivered at least once, in no guaranteed order: de-duplicate on `id` and act on the state in `data`.',
        },
      ],
      components: {
        securitySchemes: {
          secretKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Merchant secret key, sk_test_… or sk_live_…',
          },
          merchantJwt: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Merchant dashboard token from /api/v1/merchant/login',
          },
          customerJwt: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Customer access token from /api/v1/customers/login',
          },
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Operator token (ADMIN_API_TOKEN)',
          },
        },
      },
    },
    // Components are named by their TypeBox `$id` (`Merchant`, `PaymentPlan`), not `def-N`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('Tranche writes OpenAPI 3, not Swagger 2');
      return finishDocument(input.openapiObject);
    },
  };
}

/** The finishing pass over the document @fastify/swagger generated; returns it. */
export function finishDocument(document: JsonObject): JsonObject {
  const components = objectAt(document, 'components');
  const schemas = objectAt(components, 'schemas');
  const resolveRef = (ref: string) =>
    ref.startsWith(SCHEMAS) ? (schemas[ref.slice(SCHEMAS.length)] as JsonSchema) : undefined;

  const usedErrors = new Set<string>();
  for (const operation of operations(document)) {
    const responses: JsonObject = {};
    for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
      if (!isErrorResponse(response) || !ERROR_RESPONSES[status]) {
        responses[status] = response;
        continue;
      }
      // 413, 415 and 500 can answer any operation: one `default` says so instead of three.
      const key = RARE_ERRORS.includes(status) ? 'default' : status;
      usedErrors.add(key);
      responses[key] = { $ref: `#/components/responses/${errorResponseName(key)}` };
    }
    operation.responses = responses;
    addExamples(operation, resolveRef);
  }
  describePaymentLinkPage(document);
  describeEventStream(document);
  shareSuccessResponses(document, objectAt(components, 'responses'));
  optionalWhenDefaulted(document);
  shareParameters(document, objectAt(components, 'parameters'));

  Object.assign(objectAt(components, 'responses'), errorResponses([...usedErrors].sort()), {
    WebhookAcknowledged: { description: 'Any 2xx within 10 seconds acknowledges the event.' },
    WebhookGone: {
      description:
        'Gone: disables the endpoint of this mode until its `webhook_url` is set again; events keep queuing.',
    },
  });
  Object.assign(objectAt(components, 'parameters'), webhookHeaders());
  document.webhooks = webhooks(schemas, resolveRef);
  return simplifySchemas(document) as JsonObject;
}

/**
 * TypeBox writes a union of literals as `anyOf` of one-value enums and a nullable field as
 * `anyOf` with `{ type: 'null' }`; JSON Schema 2020-12 (OpenAPI 3.1) says both in one schema:
 * `{ type: 'string', enum: [...] }` and `{ type: ['string', 'null'] }`. Same meaning, a third
 * of the size, and what code generators turn into string unions and optional types.
 */
function simplifySchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifySchemas);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) result[key] = simplifySchemas(value);
  const branches = result.anyOf;
  if (
    !Array.isArray(branches) ||
    Object.keys(result).some((k) => k !== 'anyOf' && k !== 'description')
  )
    return result;
  const merged = mergeBranches(branches as JsonObject[]);
  return merged
    ? { ...merged, ...(result.description !== undefined && { description: result.description }) }
    : result;
}

function mergeBranches(branches: JsonObject[]): JsonObject | undefined {
  const plain = (b: JsonObject, allowed: string[]) =>
    Object.keys(b).every((k) => allowed.includes(k));
  // [{ type: T, enum: [a] }, { type: T, enum: [b] }, …] → { type: T, enum: [a, b, …] }
  const literals = branches.every(
    (b) => plain(b, ['type', 'enum']) && Array.isArray(b.enum) && typeof b.type === 'string',
  );
  if (literals && new Set(branches.map((b) => b.type)).size === 1)
    return { type: branches[0]?.type, enum: branches.flatMap((b) => b.enum as unknown[]) };
  // [{ type: T, …keywords of T }, { type: 'null' }] → { type: [T, 'null'], …keywords }
  const nulls = branches.filter((b) => b.type === 'null' && plain(b, ['type']));
  const others = branches.filter((b) => !nulls.includes(b));
  const [only] = others;
  if (
    nulls.length === 1 &&
    others.length === 1 &&
    only &&
    typeof only.type === 'string' &&
    only.type !== 'object' &&
    only.type !== 'array' &&
    !('$ref' in only)
  ) {
    const { type, ...keywords } = only;
    if ('enum' in keywords)
      return { type: [type, 'null'], ...keywords, enum: [...(keywords.enum as unknown[]), null] };
    return { type: [type, 'null'], ...keywords };
  }
  return undefined;
}

/**
 * A query parameter with a default (`limit`) is one the caller may leave out: the server fills it
 * in. TypeBox lists it as required (it is, after Ajv applied the default), which would make
 * generated clients (the SDK) demand it.
 */
function optionalWhenDefaulted(document: JsonObject): void {
  for (const operation of operations(document))
    for (const parameter of (operation.parameters as JsonObject[] | undefined) ?? []) {
      const schema = parameter.schema as JsonObject | undefined;
      if (parameter.in === 'query' && schema?.default !== undefined) parameter.required = false;
    }
}

/** Parameters repeated across operations (`merchant_id`, `limit`, `cursor`, …) become components. */
function shareParameters(document: JsonObject, store: JsonObject): void {
  const counts = new Map<string, number>();
  const all = operations(document).flatMap(
    (op) => (op.parameters as JsonObject[] | undefined) ?? [],
  );
  for (const parameter of all) {
    const key = JSON.stringify(parameter);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const names = new Map<string, string>();
  for (const operation of operations(document)) {
    const parameters = operation.parameters as JsonObject[] | undefined;
    if (!parameters) continue;
    operation.parameters = parameters.map((parameter) => {
      const key = JSON.stringify(parameter);
      if ((counts.get(key) ?? 0) < 3) return parameter;
      let name = names.get(key);
      if (name === undefined) {
        const base = camelCase(`${String(parameter.name)}_${String(parameter.in)}`);
        name = base;
        for (let i = 2; name in store; i++) name = `${base}${i}`;
        names.set(key, name);
        store[name] = parameter;
      }
      return { $ref: `#/components/parameters/${name}` };
    });
  }
}

function camelCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`))
    .join('');
}

function operations(document: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  for (const item of Object.values(objectAt(document, 'paths')))
    for (const [method, operation] of Object.entries(item as JsonObject))
      if (['get', 'put', 'post', 'patch', 'delete'].includes(method))
        found.push(operation as JsonObject);
  return found;
}

function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value === 'object' && value !== null) return value as JsonObject;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
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

function errorResponses(statuses: string[]): JsonObject {
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

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: queued, done shortly.',
};

/**
 * A request example for a body; a response example for each success answer of an operation
 * without one. Writes whose answer is a resource the reads already show (a plan, a refund) would
 * otherwise repeat that resource's whole example, which keeps the document over its 200 KB budget.
 */
function addExamples(
  operation: JsonObject,
  resolveRef: (ref: string) => JsonSchema | undefined,
): void {
  const body = jsonMedia(operation.requestBody);
  if (body?.schema && body.example === undefined)
    body.example = exampleFor(body.schema as JsonSchema, resolveRef);
  for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
    const answer = jsonMedia(response);
    if (!status.startsWith('2') || !answer?.schema) continue;
    (response as JsonObject).description = SUCCESS_DESCRIPTIONS[status] ?? 'Success';
    if (body?.example === undefined)
      answer.example ??= exampleFor(answer.schema as JsonSchema, resolveRef);
  }
}

function jsonMedia(holder: unknown): JsonObject | undefined {
  return (holder as { content?: { 'application/json'?: JsonObject } } | undefined)?.content?.[
    'application/json'
  ];
}

/**
 * Success answers that several operations share (five answer `{ ok, data: Merchant }`) are kept
 * once in `components.responses`, with their example, and referenced.
 */
function shareSuccessResponses(document: JsonObject, store: JsonObject): void {
  const uses = new Map<string, number>();
  const successes = operations(document).flatMap((operation) =>
    Object.entries(objectAt(operation, 'responses'))
      .filter(([status, response]) => status.startsWith('2') && jsonMedia(response))
      .map(([status, response]) => ({ operation, status, response: response as JsonObject })),
  );
  for (const { response } of successes) {
    const key = JSON.stringify(response);
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  const names = new Map<string, string>();
  for (const { operation, status, response } of successes) {
    const key = JSON.stringify(response);
    if ((uses.get(key) ?? 0) < 2) continue;
    let name = names.get(key);
    if (name === undefined) {
      const base = `${responseNameOf(response) ?? capitalised(String(operation.operationId))}Response`;
      name = base;
      for (let i = 2; name in store; i++) name = `${base}${i}`;
      names.set(key, name);
      store[name] = response;
    }
    objectAt(operation, 'responses')[status] = { $ref: `#/components/responses/${name}` };
  }
}

/** `{ ok, data: Merchant }` → `Merchant`; `{ ok, data: [PaymentLink] }` → `PaymentLinkList`. */
function responseNameOf(response: JsonObject): string | undefined {
  const schema = jsonMedia(response)?.schema as JsonSchema | undefined;
  const data = (schema?.properties as { data?: JsonSchema } | undefined)?.data;
  const single = typeof data?.$ref === 'string' ? data.$ref : undefined;
  const items = (data?.items as JsonSchema | undefined)?.$ref;
  const ref = single ?? (typeof items === 'string' ? items : undefined);
  if (!ref) return undefined;
  const name = ref.slice(SCHEMAS.length);
  return single ? name : `${name}List`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The payment link page answers HTML (a redirect, a form, or a refusal page): Fastify's response
 * schemas describe JSON only, so its answers are written here.
 */
function describePaymentLinkPage(document: JsonObject): void {
  const page = (objectAt(document, 'paths')['/pay/{link_id}'] as JsonObject | undefined)?.get as
    JsonObject | undefined;
  if (!page) return;
  const html = (description: string, example: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' }, example } },
  });
  page.responses = {
    '200': html(
      'The amount form (links where the customer enters the amount).',
      '<!doctype html><title>Pay Ada Stores</title><form method="get">…</form>',
    ),
    '303': {
      description: 'A checkout session was created for this visit: follow `Location`.',
      headers: {
        Location: { description: 'The session’s `checkout_url`.', schema: { type: 'string' } },
      },
    },
    '400': html('The address is malformed.', '<h1>This address is not valid</h1>'),
    '403': html('The merchant cannot take payments now.', '<h1>Payments are paused</h1>'),
    '404': html('No such link.', '<h1>This link does not exist</h1>'),
    '410': html('The link was deactivated.', '<h1>This link is no longer available</h1>'),
  };
}

/** The sandbox event stream answers `text/event-stream`, which Fastify's schemas cannot say. */
function describeEventStream(document: JsonObject): void {
  const path = '/api/v1/merchant/{merchant_id}/webhook-events/stream';
  const stream = (objectAt(document, 'paths')[path] as JsonObject | undefined)?.get as
    JsonObject | undefined;
  if (!stream) return;
  stream.parameters = [
    ...((stream.parameters as JsonObject[] | undefined) ?? []),
    {
      name: 'Last-Event-ID',
      in: 'header',
      description: 'The `id` of the last message received: resume after it.',
      schema: { type: 'string' },
    },
  ];
  objectAt(stream, 'responses')['200'] = {
    description: 'Messages until the client disconnects.',
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        example:
          'id: 7342:evt_4kQ2nV8sLm0pXc7RtY1a\nevent: payment.success\ndata: {"id":"evt_4kQ2nV8sLm0pXc7RtY1a","type":"payment.success","headers":{"content-type":"application/json","x-tranche-signature":"5e0c…"},"body":"{\\"id\\":\\"evt_4kQ2nV8sLm0pXc7RtY1a\\",…}"}\n\n',
      },
    },
  };
}

function webhookHeaders(): JsonObject {
  const header = (name: string, description: string, required: boolean, example: string) => ({
    name,
    in: 'header',
    required,
    description,
    schema: { type: 'string' },
    example,
  });
  return {
    TrancheSignature: header(
      'X-Tranche-Signature',
      'Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.',
      true,
      '5e0c9d…',
    ),
    TrancheSignaturePrevious: header(
      'X-Tranche-Signature-Previous',
      'During the 24 hours after a secret roll: the same HMAC with the previous secret.',
      false,
      '91ab4f…',
    ),
    TrancheEventId: header(
      'X-Tranche-Event-Id',
      'The body’s `id`: de-duplicate on it.',
      true,
      'evt_4kQ2nV8sLm0pXc7RtY1a',
    ),
    TrancheEvent: header('X-Tranche-Event', 'The body’s `event`.', true, 'payment.success'),
  };
}

/**
 * One `webhooks` entry per event type. Schemas with an `$id` become components (shared with the
 * API's responses: a payload's `payment_plan` is the `PaymentPlan` that GET returns).
 */
function webhooks(
  schemas: JsonObject,
  resolveRef: (ref: string) => JsonSchema | undefined,
): JsonObject {
  const result: JsonObject = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const schema = toComponents(structuredJson(webhookEventSchema(type)), schemas, true);
    result[type] = {
      post: {
        operationId: webhookOperationId(type),
        tags: ['Webhooks'],
        summary: type,
        description: webhookEventSummary(type),
        security: [],
        parameters: [
          'TrancheSignature',
          'TrancheSignaturePrevious',
          'TrancheEventId',
          'TrancheEvent',
        ].map((name) => ({ $ref: `#/components/parameters/${name}` })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema, example: exampleFor(schema, resolveRef) },
          },
        },
        responses: {
          '2XX': { $ref: '#/components/responses/WebhookAcknowledged' },
          '410': { $ref: '#/components/responses/WebhookGone' },
        },
      },
    };
  }
  return result;
}

/** `payment_plan.installment_paid` → `paymentPlanInstallmentPaidWebhook`. */
export function webhookOperationId(type: WebhookEventType): string {
  const words = type.split(/[._]/);
  return (
    words.map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join('') +
    'Webhook'
  );
}

/** TypeBox schemas carry symbol keys: a JSON copy is the plain schema. */
function structuredJson(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/**
 * Replaces every sub-schema with an `$id` by a reference to the component of that name, adding
 * the component when the API's routes did not already define it. `const` becomes `enum`, as
 * @fastify/swagger writes it everywhere else in the document.
 */
function toComponents(schema: JsonSchema, schemas: JsonObject, root = false): JsonSchema {
  const id = schema.$id;
  if (!root && typeof id === 'string') {
    if (!(id in schemas)) {
      schemas[id] = {}; // claimed first, so a schema that contains itself terminates
      schemas[id] = toComponents(schema, schemas, true);
    }
    return { $ref: `${SCHEMAS}${id}` };
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (key === 'const') {
      result.enum = [value];
    } else if (key === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(value as JsonObject).map(([name, child]) => [
          name,
          toComponents(child as JsonSchema, schemas),
        ]),
      );
    } else if (key === 'items') {
      result.items = toComponents(value as JsonSchema, schemas);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      result[key] = (value as JsonSchema[]).map((child) => toComponents(child, schemas));
    } else {
      result[key] = value;
    }
  }
  return result;
}
