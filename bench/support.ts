// What every bench script needs around the measurement: a throwaway database (on DATABASE_URL's
// server, else an embedded PostgreSQL), cleanup on exit, Ctrl-C or a blown time budget, and a
// few small helpers. The measurements themselves stay in each script.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { randomBase62 } from '../src/platform/ids.ts';

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function withClient<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Cleanup steps run last-in first-out: at the end of the run, on SIGINT/SIGTERM (exit 130) and
 * when the run exceeds `budgetMs` (exit 1), so no server, process or database is left behind.
 */
export class BenchCleanup {
  readonly #steps: (() => Promise<unknown>)[] = [];
  readonly #watchdog: NodeJS.Timeout | undefined;
  readonly #onSignal = (signal: NodeJS.Signals) => this.#abort(signal, 130);

  constructor(budgetMs?: number) {
    if (budgetMs !== undefined) {
      this.#watchdog = setTimeout(
        () => this.#abort(`bench exceeded its ${Math.round(budgetMs / 1000)} s budget`, 1),
        budgetMs,
      );
      this.#watchdog.unref();
    }
    process.once('SIGINT', this.#onSignal);
    process.once('SIGTERM', this.#onSignal);
  }

  push(step: () => Promise<unknown>): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      await step().catch((error: unknown) => process.stderr.write(`cleanup: ${String(error)}\n`));
    }
  }

  /** Runs the cleanup and stops watching for signals and the budget. */
  async dispose(): Promise<void> {
    clearTimeout(this.#watchdog);
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
    await this.run();
  }

  #abort(reason: string, code: number): void {
    process.stderr.write(`\n${reason}: stopping processes and cleaning up …\n`);
    void this.run().finally(() => process.exit(code));
  }
}

export interface BenchDatabase {
  /** A temporary directory, removed at cleanup. */
  tempDir: string;
  /** The migrated throwaway database. */
  databaseUrl: string;
  /** Set when no DATABASE_URL was given and an embedded server runs for this bench. */
  embedded: EmbeddedDatabase | undefined;
}

/** A migrated database `tranche_bench_<random>`, dropped (and its server stopped) at cleanup. */
export async function throwawayDatabase(cleanup: BenchCleanup): Promise<BenchDatabase> {
  const tempDir = mkdtempSync(join(tmpdir(), 'tranche-bench-'));
  // As root, embedded PostgreSQL runs as an unprivileged user that must be able to enter it.
  chmodSync(tempDir, 0o755);
  cleanup.push(async () => rmSync(tempDir, { recursive: true, force: true }));
  let serverUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!serverUrl) {
    process.stderr.write('DATABASE_URL unset: starting an embedded PostgreSQL …\n');
    const started = await startEmbeddedPostgres({
      dataDir: join(tempDir, 'pg'),
      port: await freePort(),
      persistent: false,
    });
    embedded = started;
    cleanup.push(() => started.stop());
    serverUrl = started.connectionString;
  }
  const adminUrl = serverUrl;
  const databaseName = `tranche_bench_${randomBase62(10).toLowerCase()}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  cleanup.push(() =>
    withClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
    ),
  );
  const databaseUrl = withDatabase(adminUrl, databaseName);
  await migrate(databaseUrl);
  return { tempDir, databaseUrl, embedded };
}

/** A command-line option that must be a whole number ≥ 1 (`--name`), refused by name otherwise. */
export function positiveOption(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be an integer ≥ 1`);
  return value;
}
