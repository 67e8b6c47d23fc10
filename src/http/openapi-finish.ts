/**
 * The finishing pass's rewrites of what @fastify/swagger generated: schemas said the 2020-12 way,
 * shared parameters and success answers, examples, and the answers that are not JSON.
 */
import { exampleFor, type JsonSchema } from './openapi-examples.ts';
import { type JsonObject, objectAt, operations, SCHEMAS } from './openapi-json.ts';

/**
 * TypeBox writes a union of literals as `anyOf` of one-value enums and a nullable field as
 * `anyOf` with `{ type: 'null' }`; JSON Schema 2020-12 (OpenAPI 3.1) says both in one schema:
 * `{ type: 'string', enum: [...] }` and `{ type: ['string', 'null'] }`. Same meaning, a third
 * of the size, and what code generators turn into string unions and optional types.
 */
export function simplifySchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifySchemas);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) result[key] = simplifySchemas(value);
  const branches = result.anyOf;
  if (
    !Array.isArray(branches) ||
    Object.keys(result).some((k) => k !== 'anyOf' && k !== 'description')
  ) {
    return result;
  }
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
  if (literals && new Set(branches.map((b) => b.type)).size === 1) {
    return { type: branches[0]?.type, enum: branches.flatMap((b) => b.enum as unknown[]) };
  }
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
    if ('enum' in keywords) {
      return { type: [type, 'null'], ...keywords, enum: [...(keywords.enum as unknown[]), null] };
    }
    return { type: [type, 'null'], ...keywords };
  }
  return undefined;
}

/**
 * A query parameter with a default (`limit`) is one the caller may leave out: the server fills it
 * in. TypeBox lists it as required (it is, after Ajv applied the default), which would make
 * generated clients (the SDK) demand it.
 */
export function optionalWhenDefaulted(document: JsonObject): void {
  for (const operation of operations(document)) {
    for (const parameter of (operation.parameters as JsonObject[] | undefined) ?? []) {
      const schema = parameter.schema as JsonObject | undefined;
      if (parameter.in === 'query' && schema?.default !== undefined) parameter.required = false;
    }
  }
}

/** Parameters repeated across operations (`merchant_id`, `limit`, `cursor`, …) become components. */
export function shareParameters(document: JsonObject, store: JsonObject): void {
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
export function addExamples(
  operation: JsonObject,
  resolveRef: (ref: string) => JsonSchema | undefined,
): void {
  const body = jsonMedia(operation.requestBody);
  if (body?.schema && body.example === undefined) {
    body.example = exampleFor(body.schema as JsonSchema, resolveRef);
  }
  for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
    const answer = jsonMedia(response);
    if (!status.startsWith('2') || !answer?.schema) continue;
    (response as JsonObject).description = SUCCESS_DESCRIPTIONS[status] ?? 'Success';
    if (body?.example === undefined) {
      answer.example ??= exampleFor(answer.schema as JsonSchema, resolveRef);
    }
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
export function shareSuccessResponses(document: JsonObject, store: JsonObject): void {
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
export function describePaymentLinkPage(document: JsonObject): void {
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
  describePaymentLinkForm(document, html);
}

/** The form a link with questions posts (decision 0052): form-encoded in, HTML out. */
function describePaymentLinkForm(
  document: JsonObject,
  html: (description: string, example: string) => JsonObject,
): void {
  const form = (objectAt(document, 'paths')['/pay/{link_id}'] as JsonObject | undefined)?.post as
    JsonObject | undefined;
  if (!form) return;
  const body = form.requestBody as JsonObject | undefined;
  const content = body?.content as JsonObject | undefined;
  const schema = content && Object.values(content)[0];
  if (body && schema) {
    body.content = {
      'application/x-www-form-urlencoded': {
        ...(schema as JsonObject),
        example: {
          field_delivery_address: '12 Allen Avenue, Ikeja, Lagos',
          field_delivery_phone: '0803 123 4567',
        },
      },
    };
  }
  form.responses = {
    '303': {
      description:
        'The answers were accepted and a checkout session was created with them: follow `Location`.',
      headers: {
        Location: { description: 'The session’s `checkout_url`.', schema: { type: 'string' } },
      },
    },
    '400': html(
      'An answer is missing or wrong (the form again, each problem beside its field), or the body could not be read.',
      '<p class="problem" id="f-delivery_address-problem">Please fill in “Delivery address”.</p>',
    ),
    '403': html('The merchant cannot take payments now.', '<h1>Payments are paused</h1>'),
    '404': html('No such link.', '<h1>This link does not exist</h1>'),
    '410': html('The link was deactivated.', '<h1>This link is no longer available</h1>'),
  };
}

/** The sandbox event stream answers `text/event-stream`, which Fastify's schemas cannot say. */
export function describeEventStream(document: JsonObject): void {
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
