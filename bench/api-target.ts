// The API process under load for bench:soak and bench:load: a throwaway database, an approved
// merchant with its sandbox key, and `tranche api` (bench/serve-api.ts) in its own process with
// the per-key rate limit raised out of the way (what is measured is the server's own capacity).
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type ServerProcess, startServerProcess } from './processes.ts';
import { createBenchMerchant, type Merchant } from './sessions.ts';
import { type BenchCleanup, throwawayDatabase } from './support.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));

export interface ApiTarget {
  databaseUrl: string;
  merchant: Merchant;
  server: ServerProcess;
  baseUrl: string;
  /** Stops the API, waiting for the requests in flight (so row counts after it are final). */
  stop: () => Promise<void>;
}

export async function startApiTarget(
  cleanup: BenchCleanup,
  say: (line: string) => void,
): Promise<ApiTarget> {
  const { tempDir, databaseUrl, embedded } = await throwawayDatabase(cleanup);
  const dataDir = join(tempDir, 'data');
  mkdirSync(dataDir);
  const apiEnv: Record<string, string> = {
    TRANCHE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SANDBOX_PER_MIN: '100000000',
    TRANCHE_DATA_DIR: dataDir,
  };
  const merchant = await createBenchMerchant(apiEnv);
  const server = await startServerProcess({
    name: 'api',
    script: join(BENCH_DIR, 'serve-api.ts'),
    env: apiEnv,
  });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.stop().catch(() => undefined));
  // Before the database is dropped.
  cleanup.push(stop);
  say(
    `node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; database ${embedded ? 'embedded' : 'DATABASE_URL'}`,
  );
  return { databaseUrl, merchant, server, baseUrl: `http://127.0.0.1:${server.port}`, stop };
}
