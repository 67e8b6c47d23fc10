/**
 * Named crash points for the crash-point sweep (battery B13, docs/reliability.md). With
 * `CRASH_AT=<point>` the process kills itself with SIGKILL the first time it reaches that point;
 * `CRASH_AT=<point>@<n>` the n-th time. Nothing runs after it: no `finally`, no shutdown hook,
 * no flush, as when a machine loses power. Unset (always, outside the battery) it costs one
 * comparison.
 */
export const CRASH_POINTS = [
  // Collections (deposit and installments): after the intent commits, before the gateway call.
  'collection.intent_recorded',
  // The gateway answered (charged or not); nothing of the answer is recorded yet.
  'collection.gateway_answered',
  // The outcome is committed; the job has not been marked done.
  'collection.settled',
  // Payouts: before the transfer is sent, after the gateway answered it, after its outcome commits.
  'payout.before_transfer',
  'payout.transfer_answered',
  'payout.outcome_applied',
  // Webhook dispatcher: the merchant's server answered 2xx; the attempt is not recorded.
  'webhook.delivered_unrecorded',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

interface Armed {
  point: CrashPoint;
  hit: number;
}

function parse(value: string | undefined): Armed | null {
  if (!value) return null;
  const match = /^([a-z_.]+)(?:@(\d+))?$/.exec(value);
  const point = CRASH_POINTS.find((p) => p === match?.[1]);
  if (!match || !point) {
    throw new Error(`CRASH_AT=${value}: not a crash point (${CRASH_POINTS.join(', ')})`);
  }
  return { point, hit: Number(match[2] ?? '1') };
}

const armed = parse(process.env.CRASH_AT);
let hits = 0;

export function crashPoint(point: CrashPoint): void {
  if (armed?.point !== point) return;
  hits += 1;
  if (hits >= armed.hit) process.kill(process.pid, 'SIGKILL');
}
