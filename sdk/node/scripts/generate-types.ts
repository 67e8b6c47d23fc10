// Regenerates src/openapi.d.ts (every type, by openapi-typescript) and src/operations.ts (how to
// call each merchant operation) from docs/openapi.json; `npm run openapi` runs it after writing
// the document. Nothing here is typed by hand: test/generated.test.ts fails when the committed
// files differ from what the current document generates.
import { readFileSync, writeFileSync } from 'node:fs';

import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

export const DOCUMENT_URL = new URL('../../../docs/openapi.json', import.meta.url);
export const TYPES_URL = new URL('../src/openapi.d.ts', import.meta.url);
export const OPERATIONS_URL = new URL('../src/operations.ts', import.meta.url);

const BANNER = `// Generated from docs/openapi.json by sdk/node/scripts/generate-types.ts. Do not edit: run
// \`npm run openapi\`.
`;

interface Parameter {
  in?: string;
  name?: string;
  $ref?: string;
}

interface Operation {
  operationId?: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
}

/** The merchant's operations: those a secret key may call, and reading a session by token. */
function isMerchantOperation(operation: Operation): boolean {
  // The sandbox event stream (server-sent events) is read by `tranche listen`, not by a
  // request-and-answer client.
  if (operation.operationId === 'streamTestWebhookEvents') return false;
  return (
    operation.operationId === 'getCheckoutSession' ||
    (operation.security ?? []).some((scheme) => 'secretKey' in scheme)
  );
}

async function prettier(source: string): Promise<string> {
  const config = await resolveConfig(TYPES_URL);
  return format(source, { ...config, parser: 'typescript' });
}

/** The files the given OpenAPI document generates, formatted as committed. */
export async function renderSdkFiles(
  documentJson: string,
): Promise<{ types: string; operations: string }> {
  const document = JSON.parse(documentJson) as {
    paths: Record<string, Record<string, Operation>>;
    components?: { parameters?: Record<string, Parameter> };
  };
  // Shared parameters are `$ref`s to components.parameters: read through them.
  const resolve = (p: Parameter): Parameter =>
    p.$ref ? (document.components?.parameters?.[p.$ref.split('/').pop() ?? ''] ?? p) : p;
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]);
  const types = await prettier(BANNER + astToString(ast));

  const entries: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId || !isMerchantOperation(operation)) continue;
      // The server honours Idempotency-Key only where the operation declares the header: only
      // there may a POST be retried after a failure that could have happened after the work.
      const idempotent = (operation.parameters ?? [])
        .map(resolve)
        .some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key');
      entries.push(
        `  ${operation.operationId}: { method: '${method.toUpperCase()}', path: '${path}', idempotent: ${idempotent} },`,
      );
    }
  }
  const operations = await prettier(`${BANNER}
/**
 * How to call each merchant operation of the API. \`idempotent\`: the server replays the first
 * answer for a repeated \`Idempotency-Key\`, so a POST may be retried after a 5xx or a network error.
 */
export const OPERATIONS = {
${entries.join('\n')}
} as const;

export type OperationId = keyof typeof OPERATIONS;
`);
  return { types, operations };
}

if (import.meta.main) {
  const files = await renderSdkFiles(readFileSync(DOCUMENT_URL, 'utf8'));
  writeFileSync(TYPES_URL, files.types);
  writeFileSync(OPERATIONS_URL, files.operations);
  process.stdout.write('sdk/node/src/openapi.d.ts and sdk/node/src/operations.ts written\n');
}
