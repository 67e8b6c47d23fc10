// Regenerates docs/openapi.json from the route schemas: `npm run openapi`.
import { writeFileSync } from 'node:fs';

import { renderOpenApiDocument } from '../src/main/openapi-render.ts';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), await renderOpenApiDocument());
process.stdout.write('docs/openapi.json written\n');
