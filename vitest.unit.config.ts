import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the tests beside the source (src/**/*.test.ts), none of which needs a
// database, without the root config's globalSetup (it starts PostgreSQL, migrates a template
// database and builds the web pages). The Redis block of rate-limiter.test.ts still runs only
// where REDIS_URL is set, as under `npm test`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The same ceiling as the root config: the ledger's random-sequence property takes ~5 s.
    testTimeout: 30_000,
    pool: 'forks',
    // As in the root config's unit project: files share a worker's module graph (docs/testing.md).
    isolate: false,
    reporters: ['default'],
  },
});
