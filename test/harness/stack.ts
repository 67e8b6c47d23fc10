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
import { OPERATOR_PASSWORD, operatorLogin, type TestOperator, testOperator } from './operators.ts';
import { freePort } from './sandbox.ts';

export interface Stack {
  /** The API and pages, on `localhost` (the checkout's origin). */
  apiUrl: string;
  sandboxUrl: string;
  /** The demo store, on `127.0.0.1`: another origin than the checkout. */
  storeUrl: string | undefined;
  /** The Termii simulator (any free port): what was texted is at `/simulator/messages`. */
  smsUrl: string | undefined;
  api: HttpClient;
  databaseUrl: string;
  gatewayKey: string;
  /**
   * A new operator account, made as an operator makes one: `tranche operators add` against the
   * stack's database and key file. Its `code(unixSeconds)` is the authenticator app's.
   */
  addOperator(name: string): Promise<TestOperator>;
  /** A signed-in token for /api/v1/admin (one operator account per stack, signed in once). */
  operatorToken(): Promise<string>;
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
  // A port freePort() handed out can be taken by another process before `tranche start` binds
  // it (CI runs many files at once): that start is thrown away and tried again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startStackOnce(options: {
  demoStore: boolean;
  env?: Record<string, string>;
}): Promise<Stack> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tranche-stack-'));
  const [port, sandboxPort, storePort] = [await freePort(), await freePort(), await freePort()];
  const gatewayKey = `sk_test_sandbox${randomUUID().replace(/-/g, '')}`;
  const apiUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: apiUrl,
    SANDBOX_GATEWAY_PORT: String(sandboxPort),
    SANDBOX_CREDIT_BUREAU_PORT: '0',
    SANDBOX_SMS_PORT: '0',
    GATEWAY_SECRET_KEY: gatewayKey,
    TRANCHE_DATA_DIR: dataDir,
    STORE_PORT: String(storePort),
    DEMO_STORE: options.demoStore ? 'on' : 'off',
    LOG_LEVEL: 'warn',
    // The browser suites written before Direct Debit drive the pay-with-bank steps; a Direct
    // Debit suite passes BANK_MANDATE_API=direct_debit (production's default, decision 0044).
    BANK_MANDATE_API: 'pay_with_bank',
    // The in-process test provider (no phone code) unless a test asks for the Dojah simulator.
    IDENTITY_PROVIDER: 'sandbox',
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
    () => output.includes('operators add') || child.exitCode !== null,
    90_000,
    () => output,
  );
  if (child.exitCode !== null) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`tranche start exited:\n${output}`);
  }
  const storeLine = /Demo store\s+(\S+)/.exec(output);
  const smsLine = /Customer SMS\s+Termii simulator at (\S+)/.exec(output);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let stopping: Promise<void> | undefined;
  const api = new HttpClient(apiUrl);
  const addOperator = (name: string) => addOperatorWithCli(env, name);
  let operatorSession: Promise<string> | undefined;
  return {
    apiUrl,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    storeUrl: storeLine?.[1]?.replace('localhost', '127.0.0.1'),
    smsUrl: smsLine?.[1],
    api,
    databaseUrl: database.url,
    gatewayKey,
    addOperator,
    operatorToken: () =>
      (operatorSession ??= addOperator('Stack Operator')
        .then((operator) => operatorLogin(api, operator, Date.now() / 1000))
        .then((session) => session.token)),
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

/** `tranche operators add --json` with the stack's settings (its database and its key file). */
async function addOperatorWithCli(env: NodeJS.ProcessEnv, name: string): Promise<TestOperator> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}-${randomUUID().slice(0, 8)}@ops.tranche.test`;
  const child = spawn(
    process.execPath,
    [
      'bin/tranche.mjs',
      'operators',
      'add',
      '--email',
      email,
      '--name',
      name,
      '--password',
      OPERATOR_PASSWORD,
      '--json',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`tranche operators add exited ${String(code)}:\n${out}${err}`);
  const created = JSON.parse(out) as { operator: { id: string }; totp_secret: string };
  return testOperator({
    id: created.operator.id,
    email,
    name,
    password: OPERATOR_PASSWORD,
    totpSecret: created.totp_secret,
  });
}
