import { defineConfig } from 'vitest/config';

import SlowestFirst from './test/harness/sequencer.ts';

const BROWSER = 'test/browser/**/*.test.ts';

/** Unit tests: no database, no processes, no module-level state that outlives a file. */
const UNIT = [
  'src/**/*.test.ts',
  'web/**/*.test.ts',
  'sdk/node/test/generated.test.ts',
  'sdk/connect/test/server-render.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is the CPUs minus one: one file at a time on a 2-CPU CI machine. Most
    // integration files wait on processes, PostgreSQL and Chromium, not the CPU, so two at once
    // roughly halve the wall time (docs/testing.md). TEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_MAX_WORKERS ?? 2),
    // Processes the tests start (tranche start / worker, many at once) take any free port for
    // the worker's metrics instead of all wanting 9464.
    env: { WORKER_METRICS_PORT: '0' },
    reporters: ['default'],
    sequence: { sequencer: SlowestFirst },
    // Does nothing unless TEST_STALL_MS is set (a busy machine, simulated; docs/testing.md).
    setupFiles: ['test/harness/stall.ts'],
    projects: [
      {
        extends: true,
        // One worker runs file after file without a fresh module graph for each (isolate:
        // false): measured 142 s → 76 s for these 45 files on a loaded machine (docs/testing.md).
        // Only here: the integration files start servers, set process.env, hold pools.
        test: { name: 'unit', include: UNIT, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'sdk/*/test/**/*.test.ts'],
          exclude: [...UNIT, BROWSER],
          globalSetup: ['test/harness/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER],
          globalSetup: ['test/harness/global-setup.ts'],
          // Chromium on a loaded 2-CPU machine now and then stalls on one step for minutes while
          // the suite's heaviest files run beside it (docs/testing.md). In CI a browser test that
          // fails gets one more try, and the report says "retry x1" for every test that needed it;
          // a real defect fails both. Nowhere else: money and API tests never retry.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
