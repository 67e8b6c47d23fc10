import type { Clock } from '../../platform/clock.ts';

/**
 * One timer for the earliest settlement the sandbox knows of. The database is the schedule
 * (`settle_at` columns); the timer only decides when to look. Each run settles what is due and
 * answers when the next thing is due, so a restart recovers by running once at start: overdue
 * work settles at once, the rest re-arms the timer. Runs never overlap.
 */
export class SettlementScheduler {
  private readonly clock: Clock;
  private readonly run: () => Promise<Date | null>;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private armedFor: number | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(options: {
    clock: Clock;
    /** Settles what is due; returns when the next settlement is due, if any. */
    run: () => Promise<Date | null>;
    onError: (error: unknown) => void;
  }) {
    this.clock = options.clock;
    this.run = options.run;
    this.onError = options.onError;
  }

  /** Runs now (start-up recovery); later runs follow the schedule. */
  start(): Promise<void> {
    this.tick();
    return this.running;
  }

  /** Something becomes due at `at`: make sure the timer fires by then. */
  wake(at: Date): void {
    if (this.stopped) return;
    const atMs = at.getTime();
    if (this.armedFor !== null && this.armedFor <= atMs) return;
    clearTimeout(this.timer);
    this.armedFor = atMs;
    this.timer = setTimeout(() => this.tick(), Math.max(0, atMs - this.clock.now().getTime()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.armedFor = null;
    await this.running;
  }

  private tick(): void {
    clearTimeout(this.timer);
    this.armedFor = null;
    this.running = this.running.then(async () => {
      if (this.stopped) return;
      try {
        const next = await this.run();
        if (next !== null) this.wake(next);
      } catch (error) {
        this.onError(error);
        // The database may be briefly unreachable: look again soon rather than never.
        this.wake(new Date(this.clock.now().getTime() + 1_000));
      }
    });
  }
}
