import type pg from 'pg';

/**
 * Named (server-side prepared) statements for the few hottest queries: PostgreSQL parses and
 * plans them once per connection instead of on every call. Kysely cannot name statements, so
 * these go to the pool directly; everything else stays on Kysely.
 */
export interface PreparedStatements {
  run<Row>(name: string, text: string, values: readonly unknown[]): Promise<Row[]>;
}

export function preparedStatements(pool: pg.Pool): PreparedStatements {
  return {
    async run<Row>(name: string, text: string, values: readonly unknown[]): Promise<Row[]> {
      const result = await pool.query({ name, text, values: [...values] });
      return result.rows as Row[];
    },
  };
}
