import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

/**
 * Runs test/invariants.sql (the reliability invariants I1–I12) against a database. Each query
 * returns no row while its invariant holds; every row is a violation naming the invariant, the
 * object and what is wrong. Hooked into TestApp.close() and Stack.stop() (and the e2e files
 * that start processes by hand), so a broken invariant fails the test file that broke it.
 */
export interface Violation {
  invariant: string;
  /** The query that found it (`I5 charge-to-entry`). */
  check: string;
  object: string;
  detail: string;
}

export interface InvariantCheck {
  invariant: string;
  name: string;
  /** Relations the query reads that only some databases have (the sandbox gateway's schema). */
  requires: string[];
  sql: string;
}

export const INVARIANTS_SQL_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'invariants.sql',
);

/** The script's queries, split on their `-- @check <invariant> <name>` headers. */
export function loadInvariantChecks(path = INVARIANTS_SQL_PATH): InvariantCheck[] {
  const checks: InvariantCheck[] = [];
  let current: InvariantCheck | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const header = /^-- @check (I\d+) (\S+)\s*$/.exec(line);
    if (header) {
      current = { invariant: header[1] ?? '', name: header[2] ?? '', requires: [], sql: '' };
      checks.push(current);
      continue;
    }
    if (!current) continue;
    const requires = /^-- @requires (\S+)\s*$/.exec(line);
    if (requires) current.requires.push(requires[1] ?? '');
    else current.sql += `${line}\n`;
  }
  for (const check of checks) {
    check.sql = check.sql.trim().replace(/;$/, '');
    // One statement each: no code line may end one before the end of the query.
    const early = check.sql
      .split('\n')
      .some((line) => !line.trim().startsWith('--') && line.trim().endsWith(';'));
    if (check.sql === '' || early) {
      throw new Error(`invariants.sql: ${check.invariant} ${check.name} must be one statement`);
    }
  }
  return checks;
}

/**
 * Every violation in the database, in one read-only snapshot. `now` is the application's time
 * (a test's manual clock) for the checks that depend on it; the database's now() otherwise.
 */
export async function checkInvariants(
  databaseUrl: string,
  options: { now?: Date } = {},
): Promise<Violation[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL statement_timeout = '60s'`);
    return await runInvariantChecks(client, options);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

/**
 * The checks on a connection already inside a transaction (the caller's: a test that breaks an
 * invariant in a transaction it rolls back sees its own uncommitted rows).
 */
export async function runInvariantChecks(
  client: pg.ClientBase,
  options: { now?: Date } = {},
): Promise<Violation[]> {
  const violations: Violation[] = [];
  if (options.now) {
    await client.query(`SELECT set_config('invariants.now', $1, true)`, [
      options.now.toISOString(),
    ]);
  }
  for (const check of loadInvariantChecks()) {
    const label = `${check.invariant} ${check.name}`;
    const missing = await client.query<{ relation: string }>(
      'SELECT relation FROM unnest($1::text[]) AS r(relation) WHERE to_regclass(relation) IS NULL',
      [check.requires],
    );
    if (missing.rows.length > 0) continue;
    const result = await client
      .query<{ invariant: string; object: string | null; detail: string | null }>(check.sql)
      .catch((error: unknown) => {
        throw new Error(`invariant check ${label} could not run: ${(error as Error).message}`, {
          cause: error,
        });
      });
    for (const row of result.rows) {
      if (row.invariant !== check.invariant) {
        throw new Error(`invariant check ${label} returned a row naming ${row.invariant}`);
      }
      violations.push({
        invariant: row.invariant,
        check: label,
        object: row.object ?? '(null)',
        detail: row.detail ?? '(no detail)',
      });
    }
  }
  return violations;
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  ${v.check}: ${v.object}: ${v.detail}`).join('\n');
}

/** Throws an Error listing every violation (the test file that broke an invariant fails). */
export async function assertInvariants(
  databaseUrl: string,
  options: { now?: Date } = {},
): Promise<void> {
  const violations = await checkInvariants(databaseUrl, options);
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} invariant violation(s) (test/invariants.sql):\n${formatViolations(violations)}`,
    );
  }
}

// `node test/harness/invariants.ts <database url>`: prints the violations, exit 1 on any.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('usage: node test/harness/invariants.ts <database url>\n');
    process.exit(2);
  }
  const violations = await checkInvariants(url);
  process.stdout.write(
    violations.length === 0
      ? 'invariants I1-I12: no violation\n'
      : `${formatViolations(violations)}\n`,
  );
  process.exit(violations.length === 0 ? 0 : 1);
}
