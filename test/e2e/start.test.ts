import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { HttpClient } from '../harness/http-client.ts';
import { freePort } from '../harness/sandbox.ts';

/**
 * `npm start` as a new developer runs it: no DATABASE_URL, so the real processes start on an
 * embedded PostgreSQL in a fresh data folder, migrate it, and serve the API and the worker.
 */
describe('tranche start (all-in-one, embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tranche-start-'));
  chmodSync(dataDir, 0o755);
  let child: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('boots, serves merchants and sessions, and shuts down cleanly on SIGTERM', async () => {
    // Ports the OS says are free now: a random block of four could collide with another test's
    // ephemeral port (it did, once, under CI load).
    const [port, pgPort, sandboxPort, storePort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      TRANCHE_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SANDBOX_GATEWAY_PORT: String(sandboxPort),
      SANDBOX_CREDIT_BUREAU_PORT: '0',
      SANDBOX_SMS_PORT: '0',
      // Not 4020: another file's `tranche start` may run at the same time (two workers).
      DOJAH_SIMULATOR_PORT: String(await freePort()),
      STORE_PORT: String(storePort),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const proc = spawn(process.execPath, ['bin/tranche.mjs', 'start'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready after 60 s:\n${output}`)), 60_000);
      const check = setInterval(() => {
        if (output.includes('Tranche is running') && output.includes('operators add')) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 100);
      proc.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    expect(output).toContain(`http://localhost:${port}/docs`);
    expect(output).toContain(`http://localhost:${port}/admin`);
    expect(output).toContain('embedded PostgreSQL');
    expect(output).toMatch(
      new RegExp(`sandbox gateway at http://(localhost|127\\.0\\.0\\.1):${sandboxPort}`),
    );
    const banks = await fetch(`http://127.0.0.1:${sandboxPort}/bank`, {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(banks.status).toBe(401);
    // The Termii simulator (decision 0053) on any free port, its texts readable.
    const sms = /Customer SMS\s+Termii simulator at (\S+)/.exec(output)?.[1];
    expect(sms, output).toBeDefined();
    const texts = await fetch(`${sms}/simulator/messages`);
    expect(await texts.json()).toEqual({ messages: [] });

    const http = new HttpClient(`http://127.0.0.1:${port}`);
    expect((await http.get('/readyz')).body).toEqual({ ok: true, status: 'ready' });
    const merchant = await http.post('/api/v1/merchant/register', {
      business_name: 'Boot Shop',
      email: 'boot@shop.test',
      password: 'a long merchant password',
    });
    expect(merchant.status).toBe(201);
    const session = await http.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: merchant.body.data.merchant.id,
        amount: 150_000,
        currency: 'NGN',
        title: 'Ankara fabric',
        order_reference: 'boot-1',
      },
      { token: merchant.body.data.secret_keys.test, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(session.status).toBe(201);
    expect(session.body.data.checkout_url).toBe(
      `http://localhost:${port}/checkout/${session.body.data.token}`,
    );

    // The newcomer's pages: the checkout answers its checkout_url, the widget loads, and the
    // demo store (started by `npm start` in development) serves its shop with the widget on it.
    const page = await fetch(`http://127.0.0.1:${port}/checkout/${session.body.data.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    expect((await fetch(`http://127.0.0.1:${port}/sdk/v1/connect.js`)).status).toBe(200);
    expect(output).toContain(`Demo store     http://localhost:${storePort}`);
    const shop = await (await fetch(`http://127.0.0.1:${storePort}/`)).text();
    expect(shop).toContain(`http://localhost:${port}/sdk/v1/connect.js`);

    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 120_000);
});

/**
 * Issue 31: as root, the embedded PostgreSQL runs as the user `postgres`. Under a directory that
 * others cannot enter (mode 700: a root home, `mktemp -d`) it used to fail deep in initdb with
 * `spawn …/initdb EACCES`; it now stops at once with one line that says why and what to do.
 */
describe.runIf(process.getuid?.() === 0)('tranche start as root under a mode-700 directory', () => {
  const closed = mkdtempSync(join(tmpdir(), 'tranche-700-'));
  afterAll(() => rmSync(closed, { recursive: true, force: true }));

  it('stops with one line naming the directory and the ways out', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      TRANCHE_DATA_DIR: join(closed, '.tranche'),
      EMBEDDED_PG_PORT: String(await freePort()),
      SANDBOX_GATEWAY_PORT: '0',
      SANDBOX_CREDIT_BUREAU_PORT: '0',
      DEMO_STORE: 'off',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const proc = spawn(process.execPath, ['bin/tranche.mjs', 'start'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code, output).not.toBe(0);
    expect(output).toContain(`cannot enter ${closed} (mode 700)`);
    expect(output).toContain('set DATABASE_URL');
    expect(output).not.toContain('EACCES');
  }, 60_000);
});
