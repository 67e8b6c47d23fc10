// Builds an SDK package (sdk/*) for npm (decision 0022). Run in the package's folder:
//   node ../../scripts/build-sdk-package.ts            src/ to dist/ (JavaScript and declarations)
//   node ../../scripts/build-sdk-package.ts --pack     the same, then package.json points at dist/
//   node ../../scripts/build-sdk-package.ts --restore  the source package.json back (postpack)
// In this repository the packages run from their TypeScript sources (Node's type stripping);
// Node refuses to strip types under node_modules, so what npm installs elsewhere is JavaScript.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = process.cwd();
const manifest = join(root, 'package.json');
const saved = join(root, '.package.source.json');

if (process.argv.includes('--restore')) {
  if (existsSync(saved)) renameSync(saved, manifest);
  process.exit(0);
}

rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });

// Generated declaration files are inputs tsc does not copy; declarations keep the sources' `.ts`
// import specifiers, which a consumer's TypeScript resolves only as `.js`.
for (const file of readdirSync(join(root, 'src'))) {
  if (file.endsWith('.d.ts')) copyFileSync(join(root, 'src', file), join(root, 'dist', file));
}
for (const file of readdirSync(join(root, 'dist')).filter((f) => f.endsWith('.d.ts'))) {
  const path = join(root, 'dist', file);
  const text = readFileSync(path, 'utf8').replace(
    /(from\s+['"]\.{1,2}\/[^'"]+?)(\.d)?\.ts(['"])/g,
    '$1.js$3',
  );
  writeFileSync(path, text);
}

if (process.argv.includes('--pack')) {
  const source = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(source) as Record<string, unknown>;
  pkg.exports = { '.': { types: './dist/index.d.ts', default: './dist/index.js' } };
  if (!existsSync(saved)) writeFileSync(saved, source);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}
