import { defineConfig } from 'vitest/config';

// The pure domain's unit tests alone, for Stryker (`npm run mutation`): no globalSetup, so no
// database is started or migrated for each of the mutation runs, and nothing outside src/domain
// slows the thousands of test runs a mutation run makes.
export default defineConfig({
  test: {
    include: ['src/domain/**/*.test.ts'],
    setupFiles: ['test/harness/mutation-setup.ts'],
    // The ledger's random-sequence property takes ~5 s alone; the same ceiling as the root config.
    testTimeout: 30_000,
    reporters: ['default'],
  },
});
