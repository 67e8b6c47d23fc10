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
  ['admin-token'],
  ['reconcile'],
  ['merchants'],
  ['merchants', 'create'],
  ['merchants', 'approve'],
  ['merchants', 'deactivate'],
  ['merchants', 'reactivate'],
  ['merchants', 'list'],
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
    [['start', '--port', '80'], /^tranche start: Unknown option '--port'/],
    [['worker', 'now'], /^tranche worker: Unexpected argument 'now'/],
    [['frobnicate'], /^tranche: Unknown command "frobnicate"/],
    [['--frobnicate'], /^tranche: Unknown option '--frobnicate'/],
  ])('%j is refused in one line with exit code 2', async (args, message) => {
    expect(await main(args)).toBe(2);
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(/See 'tranche .*--help'\.\n$/);
    expect(out).toBe('');
  });

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
