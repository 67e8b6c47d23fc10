import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/harness/global-setup.ts'],
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'web/**/*.test.ts',
      'sdk/*/test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Processes the tests start (tranche start / worker, many at once) take any free port for
    // the worker's metrics instead of all wanting 9464.
    env: { WORKER_METRICS_PORT: '0' },
    reporters: ['default'],
  },
});
