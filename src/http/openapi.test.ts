import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderOpenApiDocument } from './openapi.ts';

describe('docs/openapi.json', () => {
  it('is the document the routes generate (run `npm run openapi` after changing a schema)', async () => {
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(await renderOpenApiDocument());
  });
});
