import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first, so that on two workers no long file starts near the end and runs alone
 * while the other worker idles. vitest orders by the durations it cached from earlier runs, but a
 * clean clone (CI) has none and falls back to file size: the crash-point sweep (B13, minutes,
 * 8 kB) started about fiftieth of 117. So: the files measured slowest (docs/testing.md), then
 * the rest of the battery, the end-to-end and browser files (each starts processes or a
 * browser), then the other integration files, then the unit tests; within a group, vitest's
 * own order.
 */
const SLOWEST = [
  'test/battery/crash-points.test.ts',
  'test/e2e/listen-trigger.test.ts',
  'test/battery/worker-kill-load.test.ts',
  'test/battery/worker-backlog-db-loss.test.ts',
  'test/battery/scale-out.test.ts',
  'test/battery/gateway-partition.test.ts',
  'test/battery/model-ledger.test.ts',
  'test/battery/money-races.test.ts',
];
const GROUPS = ['test/battery/', 'test/e2e/', 'test/browser/', 'test/', 'sdk/'];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.slice(spec.project.config.root.length + 1);
  const slow = SLOWEST.indexOf(path);
  if (slow !== -1) return slow;
  const group = GROUPS.findIndex((prefix) => path.startsWith(prefix));
  return SLOWEST.length + (group === -1 ? GROUPS.length : group);
}

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order holds within a rank.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
