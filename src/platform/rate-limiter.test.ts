import { describe, expect, it } from 'vitest';

import { randomBase62 } from './ids.ts';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './rate-limiter.ts';

function behavesAsAFixedWindowCounter(make: () => RateLimitStore): void {
  it('counts hits per aligned window and resets at the boundary', async () => {
    const store = make();
    const key = `k_${randomBase62(8)}`;
    const t0 = 1_700_000_040_000; // 40 s into a minute
    expect((await store.hit(key, 60_000, t0)).count).toBe(1);
    const second = await store.hit(key, 60_000, t0 + 5_000);
    expect(second).toEqual({
      count: 2,
      resetAtMs: 1_700_000_100_000 - (1_700_000_100_000 % 60_000),
    });
    expect((await store.peek(key, 60_000, t0 + 6_000)).count).toBe(2);
    expect((await store.hit(key, 60_000, second.resetAtMs)).count).toBe(1);
    await store.reset(key, 60_000, second.resetAtMs);
    expect((await store.peek(key, 60_000, second.resetAtMs)).count).toBe(0);
    await store.close();
  });
  it('releases one hit of the window it was made in, never below zero', async () => {
    const store = make();
    const key = `r_${randomBase62(8)}`;
    const t0 = 1_700_000_040_000;
    await store.hit(key, 60_000, t0);
    await store.hit(key, 60_000, t0);
    await store.release(key, 60_000, t0 + 1_000);
    expect((await store.peek(key, 60_000, t0)).count).toBe(1);
    await store.release(key, 60_000, t0);
    await store.release(key, 60_000, t0);
    expect((await store.peek(key, 60_000, t0)).count).toBe(0);
    // A release for a window with no hits (ended, or reset meanwhile) leaves nothing behind.
    await store.release(key, 60_000, t0 + 60_000);
    expect((await store.peek(key, 60_000, t0 + 60_000)).count).toBe(0);
    expect((await store.hit(key, 60_000, t0 + 60_000)).count).toBe(1);
    await store.close();
  });
  it('keeps keys apart', async () => {
    const store = make();
    const now = Date.now();
    await store.hit(`a_${randomBase62(6)}`, 60_000, now);
    expect((await store.peek(`b_${randomBase62(6)}`, 60_000, now)).count).toBe(0);
    await store.close();
  });
}

describe('memory rate-limit store', () =>
  behavesAsAFixedWindowCounter(() => new MemoryRateLimitStore()));

// CI exports REDIS_URL (a Redis runs on the CI machine); without it this block reports as skipped.
describe.runIf(process.env.REDIS_URL)('redis rate-limit store', () =>
  behavesAsAFixedWindowCounter(
    () => new RedisRateLimitStore(process.env.REDIS_URL ?? '', `tranche:test:${randomBase62(6)}:`),
  ),
);
