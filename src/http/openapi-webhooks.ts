/**
 * The document's `webhooks`: the events Tranche sends, which no route of the API describes, with
 * the headers and answers every delivery shares.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../domain/webhook.ts';
import { exampleFor, type JsonSchema } from './openapi-examples.ts';
import { type JsonObject, SCHEMAS } from './openapi-json.ts';
import { webhookEventSchema, webhookEventSummary } from './webhook-payloads.ts';

/** The answers a webhook receiver may give, which every event's entry refers to. */
export function webhookResponses(): JsonObject {
  return {
    WebhookAcknowledged: { description: 'Any 2xx within 10 seconds acknowledges the event.' },
    WebhookGone: {
      description:
        'Gone: disables the endpoint of this mode until its `webhook_url` is set again; events keep queuing.',
    },
  };
}

export function webhookHeaders(): JsonObject {
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
export function webhooks(
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
