import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../harness/database.ts';
import { waitFor } from '../harness/e2e.ts';
import { freePort } from '../harness/sandbox.ts';

/**
 * How npm runs the project (issue 15, item 7): on the Node 22 pinned in devDependencies, from any
 * path, with signals reaching the real process. The old wrapper ran nothing from a path with a
 * space (and exited 0), and SIGTERM to `npm start` left the server running.
 */
const repo = process.cwd();
const version = (
  JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }
).version;
const spaced = mkdtempSync(join(tmpdir(), 'tranche toolchain '));
afterAll(() => rmSync(spaced, { recursive: true, force: true }));

const portIsOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm scripts and the project Node', () => {
  it('from a path with a space, npm runs the command on the pinned Node 22', () => {
    const checkout = join(spaced, 'my shop', 'tranche');
    mkdirSync(join(spaced, 'my shop'));
    symlinkSync(repo, checkout);
    const run = spawnSync('npm', ['run', '--silent', 'tranche', '--', '--version'], {
      cwd: checkout,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(version);
    const node = spawnSync('npm', ['exec', '-c', 'node -p process.versions.node'], {
      cwd: checkout,
      encoding: 'utf8',
    });
    const [major, minor] = node.stdout.trim().split('.').map(Number);
    expect(major, node.stdout + node.stderr).toBe(22);
    expect(minor).toBeGreaterThanOrEqual(18);
  });

  it('SIGTERM to `npm start` stops the server itself', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const proc = spawn('npm', ['start'], {
      cwd: repo,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        SANDBOX_GATEWAY_PORT: String(await freePort()),
        SANDBOX_CREDIT_BUREAU_PORT: '0',
        SANDBOX_SMS_PORT: '0',
        // Not 4020: another file's `tranche start` may run at the same time (two workers).
        DOJAH_SIMULATOR_PORT: String(await freePort()),
        TRANCHE_DATA_DIR: join(spaced, 'data'),
        DEMO_STORE: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(
        () => output.includes('operators add'),
        60_000,
        () => output,
      );
      expect(await portIsOpen(port)).toBe(true);
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
      await waitFor(
        async () => !(await portIsOpen(port)),
        10_000,
        () => output,
      );
      expect(output).toContain('SIGTERM: shutting down');
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await database.drop();
    }
  }, 90_000);
});
