// Builds the browser side into web/dist: the widget loader (connect.js, one small IIFE with no
// framework) and the Preact apps (multi-page). Run by `npm start` (development) when the sources
// changed since the last build, by the test run's global setup, and by `npm run build:web`
// (production images build once, then drop dev dependencies).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { precompressDirectory } from './web-precompress.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webRoot = join(root, 'web');
export const webDist = join(webRoot, 'dist');
const stampFile = join(webDist, '.sources-hash');

/** The pages of the multi-page build (HTML entries under web/). */
const PAGES = {
  home: 'home/index.html',
  dashboard: 'dashboard/index.html',
  checkout: 'checkout/index.html',
  'checkout-return': 'checkout/return.html',
  merchant: 'merchant/index.html',
  admin: 'admin/index.html',
} as const;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'dist' || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else out.push(path);
  }
  return out.sort();
}

/** What the build output depends on besides web/ itself. */
const BUILD_INPUTS = [
  fileURLToPath(import.meta.url),
  join(root, 'src', 'main', 'web-precompress.ts'),
  join(root, 'src', 'gateway', 'sandbox', 'test-data.ts'),
  join(root, 'package-lock.json'),
];

/** A digest of every input of the build: the output is fresh when its stamp matches. */
export function webSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(webRoot), ...BUILD_INPUTS]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function webBuildIsFresh(): boolean {
  // A production build (scripts/build-production.ts) carries web/dist but not the sources it was
  // built from: what it shipped is what it serves.
  if (!existsSync(join(webRoot, 'connect'))) return existsSync(stampFile);
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === webSourcesHash();
}

export async function buildWeb(log: (line: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  const { build } = await import('vite');
  const jsx = { runtime: 'automatic', importSource: 'preact' } as const;
  await build({
    configFile: false,
    root: webRoot,
    base: '/',
    logLevel: 'warn',
    oxc: { jsx },
    build: {
      outDir: webDist,
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2020',
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: Object.fromEntries(
          Object.entries(PAGES).map(([name, file]) => [name, join(webRoot, file)]),
        ),
      },
    },
  });
  // The loader: one classic script (merchants embed it with a plain <script> tag).
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    // Class fields as plain assignments: ES2017 has none, and the defineProperty helpers Oxc
    // writes otherwise cost the loader about 300 bytes gzipped of its 4 KB budget (decision 0056).
    build: {
      rolldownOptions: { transform: { assumptions: { setPublicClassFields: true } } },
      outDir: join(webDist, 'sdk'),
      emptyOutDir: true,
      target: 'es2017',
      lib: {
        entry: join(webRoot, 'connect', 'connect.ts'),
        formats: ['iife'],
        name: 'TrancheConnectLoader',
        fileName: () => 'connect.js',
      },
    },
  });
  // The messaging element's learn-more view: its own script, which connect.js loads only when a
  // shopper reaches for "Learn more", so the loader stays within its size budget (decision 0056).
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    // Class fields as plain assignments: ES2017 has none, and the defineProperty helpers Oxc
    // writes otherwise cost the loader about 300 bytes gzipped of its 4 KB budget (decision 0056).
    build: {
      rolldownOptions: { transform: { assumptions: { setPublicClassFields: true } } },
      outDir: join(webDist, 'sdk'),
      emptyOutDir: false,
      target: 'es2017',
      lib: {
        entry: join(webRoot, 'connect', 'messaging-dialog.ts'),
        formats: ['iife'],
        name: 'TrancheMessagingDialog',
        fileName: () => 'messaging-dialog.js',
      },
    },
  });
  await copyFile(join(webRoot, 'connect', 'types.ts'), join(webDist, 'sdk', 'connect.d.ts'));
  mkdirSync(webDist, { recursive: true });
  const compressed = precompressDirectory(webDist);
  log(
    `Compressed ${compressed.files} files: ${compressed.bytes} bytes, ${compressed.br} with Brotli`,
  );
  writeFileSync(stampFile, webSourcesHash());
  log(`Built the web pages in ${Date.now() - started} ms (web/dist)`);
}

/**
 * Before the API serves pages: in development and test, build when the sources changed (a fresh
 * clone's first `npm start` builds once, ~1 s); in production only say so, since images build
 * at deploy time (`npm run build:web`) and may not carry the build tools.
 */
export async function prepareWebBuild(
  environment: 'development' | 'test' | 'production',
  log: (line: string) => void,
): Promise<void> {
  if (webBuildIsFresh()) return;
  if (environment === 'production') {
    log(
      existsSync(join(webDist, 'sdk', 'connect.js'))
        ? 'Warning: web/dist is older than web/ sources; run `npm run build:web`.'
        : 'Warning: web/dist is missing: pages answer 503 until `npm run build:web` runs.',
    );
    return;
  }
  await buildWeb(log);
}
