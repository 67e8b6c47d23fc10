import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { main } from './cli.ts';

/** Runs `tranche …` in this process, capturing what it writes. No command here reaches a database. */
let out = '';
let err = '';
beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const COMMANDS = [
  ['start'],
  ['api'],
  ['worker'],
  ['migrate'],
  ['sandbox-gateway'],
  ['operators'],
  ['operators', 'add'],
  ['operators', 'list'],
  ['operators', 'disable'],
  ['reconcile'],
  ['transfer-otp'],
  ['transfer-otp', 'disable'],
  ['transfer-otp', 'enable'],
  ['merchants'],
  ['merchants', 'create'],
  ['merchants', 'approve'],
  ['merchants', 'deactivate'],
  ['merchants', 'reactivate'],
  ['merchants', 'list'],
  ['listen'],
  ['trigger'],
];

describe('tranche CLI', () => {
  it.each(COMMANDS.map((words) => words.join(' ')))(
    'tranche %s --help prints its usage and exits 0',
    async (command) => {
      for (const flag of ['--help', '-h']) {
        out = '';
        expect(await main([...command.split(' '), flag])).toBe(0);
        expect(out.startsWith(`tranche ${command}`), out).toBe(true);
        expect(err).toBe('');
      }
    },
  );

  it('tranche --help and tranche help <command> print usage', async () => {
    expect(await main(['--help'])).toBe(0);
    expect(out).toMatch(/^tranche <command> \[options\]/);
    out = '';
    expect(await main(['help', 'merchants', 'create'])).toBe(0);
    expect(out).toMatch(/^tranche merchants create --name N --email E/);
  });

  it.each([
    [
      ['merchants', 'create', '--frobnicate'],
      /^tranche merchants create: Unknown option '--frobnicate'\./,
    ],
    [['merchants', 'list', '--colour'], /^tranche merchants list: Unknown option '--colour'\./],
    [['merchants', 'approve', '--force', 'mer_1'], /^tranche merchants approve: Unknown option/],
    [['merchants', 'approve', 'mer_1', 'mer_2'], /Unexpected argument 'mer_2'/],
    [['merchants', 'create', '--name'], /Option '--name <value>' argument missing/],
    [['merchants', 'frobnicate'], /^tranche merchants: Unknown action "frobnicate"/],
    [['merchants'], /^tranche merchants: Name an action/],
    [['reconcile', '--sinse', '2026-01-01'], /^tranche reconcile: Unknown option '--sinse'/],
    [['transfer-otp'], /^tranche transfer-otp: Name an action/],
    [['transfer-otp', 'off'], /^tranche transfer-otp: Unknown action "off"/],
    [['transfer-otp', 'enable', '123456'], /^tranche transfer-otp enable: Unexpected argument/],
    [['start', '--port', '80'], /^tranche start: Unknown option '--port'/],
    [['worker', 'now'], /^tranche worker: Unexpected argument 'now'/],
    [['listen', '--forward', 'http://x'], /^tranche listen: Unknown option '--forward'/],
    [['listen'], /^tranche listen: Missing --forward-to URL\./],
    [['listen', '--forward-to', 'ftp://x'], /is not an http\(s\) URL/],
    [['listen', '--forward-to', 'http://x', '--events', 'pay'], /Unknown event 'pay'/],
    [['trigger'], /^tranche trigger: Which event\?/],
    [['trigger', 'payment.sucess'], /^tranche trigger: Unknown event 'payment\.sucess'/],
    [['trigger', 'payment.success', '--colour'], /^tranche trigger: Unknown option '--colour'/],
    [['frobnicate'], /^tranche: Unknown command "frobnicate"/],
    [['--frobnicate'], /^tranche: Unknown option '--frobnicate'/],
  ])('%j is refused in one line with exit code 2', async (args, message) => {
    expect(await main(args)).toBe(2);
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(/See 'tranche .*--help'\.\n$/);
    expect(out).toBe('');
  });

  it('listen and trigger refuse a live key or no key before sending anything', async () => {
    const saved = process.env.TRANCHE_SECRET_KEY;
    delete process.env.TRANCHE_SECRET_KEY;
    try {
      // Port 1: nothing listens there, so reaching the network would fail differently.
      const base = ['--api-base', 'http://127.0.0.1:1'];
      expect(await main(['trigger', 'payment.success', ...base])).toBe(1);
      expect(err).toMatch(
        /^tranche trigger needs a sandbox secret key: --api-key sk_test_… or TRANCHE_SECRET_KEY\.\n$/,
      );
      err = '';
      const live = ['--api-key', `sk_live_${'a'.repeat(40)}`, ...base];
      expect(
        await main(['listen', '--forward-to', 'http://localhost:8000/webhooks', ...live]),
      ).toBe(1);
      expect(err).toMatch(
        /^tranche listen works with sandbox keys only \(sk_test_…\); this is a live key\./,
      );
      err = '';
      expect(await main(['trigger', 'refund.failed', '--api-key', 'sk_test_x', ...base])).toBe(1);
      expect(err).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:1/);
    } finally {
      if (saved !== undefined) process.env.TRANCHE_SECRET_KEY = saved;
    }
  }, 30_000);

  it('tranche --version prints the package version', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(await main(['--version'])).toBe(0);
    expect(out).toBe(`${version}\n`);
  });

  it('through bin/tranche.mjs: --help works and an unknown option gives no stack trace', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['bin/tranche.mjs', ...args], {
        encoding: 'utf8',
        timeout: 30_000,
      });
    const help = run('merchants', 'create', '--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^tranche merchants create/);
    const unknown = run('merchants', 'create', '--frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
    expect(unknown.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
