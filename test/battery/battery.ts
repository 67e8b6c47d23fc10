/**
 * The battery's two sizes (docs/reliability.md): CI runs the reduced counts within `npm test`;
 * `npm run battery` sets BATTERY=full for the full ones. Each test prints its figures with
 * `report`, so a run's output is the table's evidence.
 */
export const FULL_BATTERY = process.env.BATTERY === 'full';

export function batteryCount(counts: { ci: number; full: number }): number {
  return FULL_BATTERY ? counts.full : counts.ci;
}

export function report(test: string, figures: Record<string, string | number | boolean>): void {
  const line = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  // The figure is the point of a battery test: always printed, in CI too.
  console.log(`[battery] ${test} (${FULL_BATTERY ? 'full' : 'ci'}) ${line}`);
}
