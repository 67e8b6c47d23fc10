export interface EventStreamLimits {
  /** Streams one API key may have open at once (EVENT_STREAMS_PER_KEY). */
  perKey: number;
  /** Streams this process serves at once, all keys together (EVENT_STREAMS_PER_PROCESS). */
  perProcess: number;
}

export type StreamSlot = { release: () => void } | { refused: string };

/**
 * The open event streams of one API process, counted per API key and in all. Open streams are out
 * of the in-flight request count (decision 0025), so these caps are what bound them: one key
 * cannot hold more than `perKey`, and all keys together no more than `perProcess`, whatever
 * MAX_REQUESTS_IN_FLIGHT is (decision 0032). Counted in memory: N API processes admit N times
 * as many; a client reconnecting goes through the load balancer again.
 */
export class EventStreamSlots {
  readonly #limits: EventStreamLimits;
  readonly #byKey = new Map<string, number>();
  #total = 0;

  constructor(limits: EventStreamLimits) {
    this.#limits = limits;
  }

  /** Streams open now, in all. */
  get open(): number {
    return this.#total;
  }

  /**
   * A slot for one more stream of `keyId`, or why not. Taken synchronously, so two opens racing
   * cannot both pass the check; `release` is safe to call more than once.
   */
  take(keyId: string): StreamSlot {
    const ofKey = this.#byKey.get(keyId) ?? 0;
    if (ofKey >= this.#limits.perKey) {
      return {
        refused: `This API key already has ${ofKey} event streams open, the most one key may have. Close one (stop a tranche listen) and retry.`,
      };
    }
    if (this.#total >= this.#limits.perProcess) {
      return {
        refused: `This server is serving ${this.#total} event streams, the most it takes. Retry in a little while.`,
      };
    }
    this.#byKey.set(keyId, ofKey + 1);
    this.#total += 1;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.#total -= 1;
        const left = (this.#byKey.get(keyId) ?? 1) - 1;
        if (left === 0) this.#byKey.delete(keyId);
        else this.#byKey.set(keyId, left);
      },
    };
  }
}
