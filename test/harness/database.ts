import pg from 'pg';
import { inject } from 'vitest';

import { randomBase62 } from '../../src/platform/ids.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database cloned from the migrated template (milliseconds, not a migration run). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `tranche_test_${inject('runId')}_${randomBase62(10).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // Two clones starting at the same instant can collide on the template; try again.
        if (attempt >= 10 || !(error as Error).message.includes('being accessed by other users')) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
