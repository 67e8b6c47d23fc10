import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { createTestDatabase } from './database.ts';
import { waitFor } from './e2e.ts';
import { HttpClient } from './http-client.ts';
import { assertInvariants } from './invariants.ts';
import { freePort } from './sandbox.ts';

export interface Stack {
  /** The API and pages, on `localhost` (the checkout's origin). */
  apiUrl: string;
  sandboxUrl: string;
  /** The demo store, on `127.0.0.1`: another origin than the checkout. */
  storeUrl: string | undefined;
  api: HttpClient;
  databaseUrl: string;
  gatewayKey: string;
  /** The operator's token for /api/v1/admin. */
  adminToken: string;
  output(): string;
  /** One SQL statement against the stack's database (test set-up only, e.g. ageing a session). */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * The real service as a newcomer runs it: `tranche start` (API, worker, sandbox gateway, and
 * the demo store when asked) as a child process over a fresh database.
 */
export async function startStack(options: {
  demoStore: boolean;
  /** More settings for `tranche start` (e.g. SMTP_URL of a test mail server). */
  env?: Record<string, string>;
}): Promise<Stack> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tranche-stack-'));
  const [port, sandboxPort, storePort] = [await freePort(), await freePort(), await freePort()];
  const gatewayKey = `sk_test_sandbox${randomUUID().replace(/-/g, '')}`;
  const adminToken = `adm_${randomUUID().replace(/-/g, '')}`;
  const apiUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: apiUrl,
    SANDBOX_GATEWAY_PORT: String(sandboxPort),
    GATEWAY_SECRET_KEY: gatewayKey,
    ADMIN_API_TOKEN: adminToken,
    TRANCHE_DATA_DIR: dataDir,
    STORE_PORT: String(storePort),
    DEMO_STORE: options.demoStore ? 'on' : 'off',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, ['bin/tranche.mjs', 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => output.includes('admin-token') || child.exitCode !== null,
    90_000,
    () => output,
  );
  if (child.exitCode !== null) throw new Error(`tranche start exited:\n${output}`);
  const storeLine = /Demo store\s+(\S+)/.exec(output);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let stopping: Promise<void> | undefined;
  return {
    apiUrl,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    storeUrl: storeLine?.[1]?.replace('localhost', '127.0.0.1'),
    api: new HttpClient(apiUrl),
    databaseUrl: database.url,
    gatewayKey,
    adminToken,
    output: () => output,
    sql: async (text, values) => (await pool.query(text, values)).rows,
    // Once, however often it is called. With the processes stopped and before the database is
    // dropped, the invariants I1–I12 (test/invariants.sql) must hold: any violation fails the
    // test file. The database and the data folder go either way.
    stop: () =>
      (stopping ??= (async () => {
        try {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await exited;
          }
          await pool.end();
          await assertInvariants(database.url);
        } finally {
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      })()),
  };
}
