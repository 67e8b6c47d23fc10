import { Redis } from 'ioredis';

/**
 * Fixed-window counters aligned to the clock (window index = floor(now / window)). A client can
 * burst up to twice the limit across a window boundary; in exchange a counter is one INCR and
 * the reset time is exact and the same on every instance.
 */
export interface WindowCount {
  count: number;
  resetAtMs: number;
}

export interface RateLimitStore {
  /** Adds one hit and returns the window's count including it. */
  hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount>;
  /** The window's count without adding a hit. */
  peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount>;
  /**
   * Takes back one hit made at `nowMs` (a reservation that turned out not to count). A window
   * that has already ended or been reset is left alone, never made negative.
   */
  release(key: string, windowMs: number, nowMs: number): Promise<void>;
  reset(key: string, windowMs: number, nowMs: number): Promise<void>;
  close(): Promise<void>;
  /** The shared counters do not answer and requests are counted some other way (or refused). */
  readonly degraded?: boolean;
  /**
   * Whether requests can be counted now (asks the shared store when the API cannot work
   * without it); `/readyz` fails while this is false. Absent: always ready.
   */
  ready?(): Promise<boolean>;
}

function windowOf(key: string, windowMs: number, nowMs: number): { id: string; resetAtMs: number } {
  const index = Math.floor(nowMs / windowMs);
  return { id: `${key}:${windowMs}:${index}`, resetAtMs: (index + 1) * windowMs };
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, WindowCount>();
  private lastSweepMs = 0;

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    this.sweep(nowMs);
    const { id, resetAtMs } = windowOf(key, windowMs, nowMs);
    const current = this.counts.get(id) ?? { count: 0, resetAtMs };
    current.count += 1;
    this.counts.set(id, current);
    return { ...current };
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    const { id, resetAtMs } = windowOf(key, windowMs, nowMs);
    return { count: this.counts.get(id)?.count ?? 0, resetAtMs };
  }

  async release(key: string, windowMs: number, nowMs: number): Promise<void> {
    const entry = this.counts.get(windowOf(key, windowMs, nowMs).id);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string, windowMs: number, nowMs: number): Promise<void> {
    this.counts.delete(windowOf(key, windowMs, nowMs).id);
  }

  async close(): Promise<void> {
    this.counts.clear();
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = nowMs;
    for (const [id, entry] of this.counts) if (entry.resetAtMs <= nowMs) this.counts.delete(id);
  }
}

/** Shared counters for several API instances. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, prefix = 'tranche:rl:') {
    this.redis = new Redis(url, {
      // A call fails after one reconnection attempt instead of waiting for many; the caller
      // (FallbackRateLimitStore) bounds the wait anyway and counts another way meanwhile.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // Outages are reported by the fallback store (one warning, a metric), not per event here.
    this.redis.on('error', () => undefined);
    this.prefix = prefix;
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    const { id, resetAtMs } = windowOf(key, windowMs, nowMs);
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.prefix + id)
      .pexpire(this.prefix + id, windowMs + 1000)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return { count, resetAtMs };
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<WindowCount> {
    const { id, resetAtMs } = windowOf(key, windowMs, nowMs);
    const raw = await this.redis.get(this.prefix + id);
    return { count: raw === null ? 0 : Number(raw), resetAtMs };
  }

  async release(key: string, windowMs: number, nowMs: number): Promise<void> {
    // DECR alone would create an expired or reset window again, at -1 and without a TTL.
    await this.redis.eval(
      "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
      1,
      this.prefix + windowOf(key, windowMs, nowMs).id,
    );
  }

  async reset(key: string, windowMs: number, nowMs: number): Promise<void> {
    await this.redis.del(this.prefix + windowOf(key, windowMs, nowMs).id);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
