/** Time is injected everywhere (expiry, idempotency windows, tokens) so tests and the sandbox can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: tests and sandbox time travel. */
export class ManualClock implements Clock {
  private currentMs: number;
  constructor(start: Date = new Date()) {
    this.currentMs = start.getTime();
  }
  now(): Date {
    return new Date(this.currentMs);
  }
  advance(ms: number): void {
    this.currentMs += ms;
  }
  set(to: Date): void {
    this.currentMs = to.getTime();
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
