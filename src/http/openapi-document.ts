/**
 * The OpenAPI 3.1 document's frame and its finishing pass (decision 0019). The routes' schemas
 * give paths, parameters and bodies; this adds what Fastify's schemas cannot say: named
 * components (TypeBox `$id`s), one shared response per error status, an example on every
 * operation, and the outbound `webhooks`. Each part is an openapi-*.ts; here they are put
 * together, in the order the passes depend on: examples and optional defaults before the
 * answers and parameters that repeat are shared.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

import { errorResponses, referenceErrorResponses } from './openapi-errors.ts';
import type { JsonSchema } from './openapi-examples.ts';
import {
  addExamples,
  describeEventStream,
  describePaymentLinkPage,
  optionalWhenDefaulted,
  shareParameters,
  shareSuccessResponses,
  simplifySchemas,
} from './openapi-finish.ts';
import { documentFrame } from './openapi-frame.ts';
import { type JsonObject, objectAt, operations, SCHEMAS } from './openapi-json.ts';
import { webhookHeaders, webhookResponses, webhooks } from './openapi-webhooks.ts';

export function swaggerOptions(publicBaseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: documentFrame(publicBaseUrl),
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
    referenceErrorResponses(operation, usedErrors);
    addExamples(operation, resolveRef);
  }
  describePaymentLinkPage(document);
  describeEventStream(document);
  shareSuccessResponses(document, objectAt(components, 'responses'));
  optionalWhenDefaulted(document);
  shareParameters(document, objectAt(components, 'parameters'));

  Object.assign(
    objectAt(components, 'responses'),
    errorResponses([...usedErrors].sort()),
    webhookResponses(),
  );
  Object.assign(objectAt(components, 'parameters'), webhookHeaders());
  document.webhooks = webhooks(schemas, resolveRef);
  return simplifySchemas(document) as JsonObject;
}
