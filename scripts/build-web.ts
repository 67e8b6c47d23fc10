// `npm run build:web`: builds web/dist (see src/main/web-build.ts).
import { buildWeb } from '../src/main/web-build.ts';

await buildWeb((line) => process.stdout.write(`${line}\n`));
