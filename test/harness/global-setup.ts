import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { prepareWebBuild } from '../../src/main/web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    /** Names this run's databases, so that cleaning up never touches another run's. */
    runId: string;
  }
}

/**
 * Once per run: find a PostgreSQL server (DATABASE_URL, else a throwaway embedded one), build a
 * migrated template database, and hand its name to the test files, which each clone it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Browser tests and the page routes serve web/dist: build it when its sources changed.
  await prepareWebBuild('test', (line) => process.stderr.write(`${line}\n`));
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = mkdtempSync(join(tmpdir(), 'tranche-test-pg-'));
    // As root, the server runs as an unprivileged user that must be able to enter this folder.
    chmodSync(tempDir, 0o755);
    const port = 55_000 + Math.floor(Math.random() * 5_000);
    embedded = await startEmbeddedPostgres({
      dataDir: join(tempDir, 'pg'),
      port,
      persistent: false,
    });
    adminUrl = embedded.connectionString;
  }
  const migrationsHash = createHash('sha256')
    .update(
      listMigrations()
        .map((m) => m.sql)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 12);
  // Several runs may share one server (a developer's and CI's): everything is named per run.
  const runId = `${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const template = `tranche_tpl_${migrationsHash}_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await migrate(withDatabase(adminUrl, template));
  await admin.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const leftovers = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2`,
      [`tranche_test_${runId}_`, template],
    );
    for (const { datname } of leftovers.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await client.end();
    await embedded?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
