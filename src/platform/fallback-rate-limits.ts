import { DomainError } from '../domain/errors.ts';
import type { RedisFallback } from './config.ts';
import { MemoryRateLimitStore, type RateLimitStore, type WindowCount } from './rate-limiter.ts';

/**
 * What the API does with its rate limits while the shared store (Redis) does not answer
 * (decision 0060):
 * - `local`: each API process counts on its own until Redis answers again. A client may get up to
 *   N × its limit across N processes for the length of the outage; nothing else changes.
 * - `open`: nothing is counted (no limit at all during the outage).
 * - `closed`: every request that needs a count answers 503 with `Retry-After`.
 */

export interface FallbackOptions {
  fallback: RedisFallback;
  /** Longest wait for one Redis call before the fallback counts instead. */
  timeoutMs: number;
  /** After a failure, how long the fallback counts before Redis is tried again. */
  retryAfterMs: number;
  /** Called when the shared store stops answering (`true`) and when it answers again. */
  onDegraded?: (degraded: boolean, error?: unknown) => void;
  now?: () => number;
}

/**
 * A rate-limit store that never lets its shared store take requests down: each call to it is
 * bounded by `timeoutMs`; when one fails or times out, the fallback counts for `retryAfterMs`,
 * then the shared store is tried again. Counts made during an outage stay in the process that
 * made them (they are not replayed into Redis).
 */
export class FallbackRateLimitStore implements RateLimitStore {
  readonly #shared: RateLimitStore;
  readonly #local = new MemoryRateLimitStore();
  readonly #options: FallbackOptions;
  readonly #now: () => number;
  #skipUntil = 0;
  #degraded = false;

  constructor(shared: RateLimitStore, options: FallbackOptions) {
    this.#shared = shared;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The shared store is not answering: counts are local, open or refused. */
  get degraded(): boolean {
    return this.#degraded;
  }

  /** Only `closed` needs Redis to serve; it is asked (within the timeout) each time. */
  async ready(): Promise<boolean> {
    if (this.#options.fallback !== 'closed') return true;
    return this.#call(
      async (store) => {
        await store.peek('readiness', 1_000, this.#now());
        return true;
      },
      () => true,
    ).catch(() => false);
  }

  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    return this.#call(
      (store) => store.hit(key, windowMs, nowMs),
      () => ({ count: 0, resetAtMs: nowMs + windowMs }),
    );
  }

  peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    return this.#call(
      (store) => store.peek(key, windowMs, nowMs),
      () => ({ count: 0, resetAtMs: nowMs + windowMs }),
    );
  }

  release(key: string, windowMs: number, nowMs: number): Promise<void> {
    return this.#call(
      (store) => store.release(key, windowMs, nowMs),
      () => undefined,
    );
  }

  reset(key: string, windowMs: number, nowMs: number): Promise<void> {
    return this.#call(
      (store) => store.reset(key, windowMs, nowMs),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.#shared.close().catch(() => undefined), this.#local.close()]);
  }

  async #call<T>(use: (store: RateLimitStore) => Promise<T>, open: () => T): Promise<T> {
    if (this.#now() >= this.#skipUntil) {
      try {
        const value = await withTimeout(use(this.#shared), this.#options.timeoutMs);
        if (this.#degraded) {
          this.#degraded = false;
          this.#options.onDegraded?.(false);
        }
        return value;
      } catch (error) {
        this.#skipUntil = this.#now() + this.#options.retryAfterMs;
        if (!this.#degraded) {
          this.#degraded = true;
          this.#options.onDegraded?.(true, error);
        }
      }
    }
    switch (this.#options.fallback) {
      case 'local':
        return use(this.#local);
      case 'open':
        return open();
      case 'closed':
        throw new DomainError(
          'service_unavailable',
          'The service cannot count requests right now. Try again in a few seconds.',
          { retryable: true, retryAfterSeconds: 1 },
        );
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  // A late answer or error of the abandoned call is not waited for and not reported.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
