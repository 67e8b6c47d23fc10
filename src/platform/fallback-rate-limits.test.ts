import { describe, expect, it } from 'vitest';

import { DomainError } from '../domain/errors.ts';
import type { RedisFallback } from './config.ts';
import { FallbackRateLimitStore } from './fallback-rate-limits.ts';
import { MemoryRateLimitStore } from './rate-limiter.ts';

/** A shared store that answers like the memory store, or fails, or never answers. */
class FlakyStore extends MemoryRateLimitStore {
  mode: 'up' | 'error' | 'hang' = 'up';
  calls = 0;

  override hit(key: string, windowMs: number, nowMs: number) {
    this.calls++;
    if (this.mode === 'error') return Promise.reject(new Error('connection refused'));
    if (this.mode === 'hang') return new Promise<never>(() => undefined);
    return super.hit(key, windowMs, nowMs);
  }

  override peek(key: string, windowMs: number, nowMs: number) {
    if (this.mode === 'error') return Promise.reject(new Error('connection refused'));
    if (this.mode === 'hang') return new Promise<never>(() => undefined);
    return super.peek(key, windowMs, nowMs);
  }
}

function setup(fallback: RedisFallback) {
  const shared = new FlakyStore();
  let now = 1_000_000;
  const changes: boolean[] = [];
  const store = new FallbackRateLimitStore(shared, {
    fallback,
    timeoutMs: 20,
    retryAfterMs: 1_000,
    onDegraded: (degraded) => changes.push(degraded),
    now: () => now,
  });
  return { shared, store, changes, advance: (ms: number) => (now += ms) };
}

describe('FallbackRateLimitStore', () => {
  it('counts in the shared store while it answers', async () => {
    const { store, shared, changes } = setup('local');
    expect((await store.hit('k', 60_000, 0)).count).toBe(1);
    expect((await store.hit('k', 60_000, 0)).count).toBe(2);
    expect(shared.calls).toBe(2);
    expect(store.degraded).toBe(false);
    expect(changes).toEqual([]);
  });

  it('local: counts in the process once the shared store fails, skips it for a second, then goes back', async () => {
    const { store, shared, changes, advance } = setup('local');
    await store.hit('k', 60_000, 0);
    shared.mode = 'error';
    expect((await store.hit('k', 60_000, 0)).count).toBe(1);
    expect((await store.hit('k', 60_000, 0)).count).toBe(2);
    // The second hit did not try the shared store: it is skipped for retryAfterMs.
    expect(shared.calls).toBe(2);
    expect(store.degraded).toBe(true);
    expect(await store.ready()).toBe(true);
    shared.mode = 'up';
    advance(1_000);
    expect((await store.hit('k', 60_000, 0)).count).toBe(2);
    expect(store.degraded).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('a shared store that hangs costs one timeout, not a hung request', async () => {
    const { store, shared } = setup('local');
    shared.mode = 'hang';
    const started = Date.now();
    expect((await store.hit('k', 60_000, 0)).count).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.degraded).toBe(true);
  });

  it('open: nothing is counted during the outage', async () => {
    const { store, shared } = setup('open');
    shared.mode = 'error';
    expect((await store.hit('k', 60_000, 0)).count).toBe(0);
    expect((await store.peek('k', 60_000, 0)).count).toBe(0);
  });

  it('closed: a 503 with Retry-After, and the store reports itself not ready', async () => {
    const { store, shared, advance } = setup('closed');
    expect(await store.ready()).toBe(true);
    shared.mode = 'error';
    const refused = await store.hit('k', 60_000, 0).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 1 });
    expect(await store.ready()).toBe(false);
    shared.mode = 'up';
    advance(1_000);
    expect(await store.ready()).toBe(true);
  });
});
