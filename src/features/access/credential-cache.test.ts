import { describe, expect, it } from 'vitest';

import { InMemoryCredentialCache, UNKNOWN_KEY_TTL_MS } from './credential-cache.ts';

const principal = (merchantId: string) => ({
  kind: 'secret_key' as const,
  merchantId,
  keyId: 'key_1',
  mode: 'test' as const,
  merchantStatus: 'active' as const,
  defaultConstraints: {
    allowed_frequencies: ['weekly' as const],
    max_weekly_duration: 4,
    max_monthly_duration: 3,
    min_upfront_pct: 25,
    allowed_schedule_types: ['installment' as const],
  },
});
const t0 = new Date('2026-11-21T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe('credential cache', () => {
  it('serves an entry until its TTL, then forgets it', () => {
    const cache = new InMemoryCredentialCache(1_000);
    cache.set('d1', principal('mer_a'), null, t0);
    expect(cache.get('d1', later(999))?.merchantId).toBe('mer_a');
    expect(cache.get('d1', later(1_000))).toBeUndefined();
  });
  it('never serves a key past its own expiry', () => {
    const cache = new InMemoryCredentialCache(60_000);
    cache.set('d1', principal('mer_a'), later(500), t0);
    expect(cache.get('d1', later(499))).toBeDefined();
    expect(cache.get('d1', later(500))).toBeUndefined();
  });
  it('forgets every key of a merchant at once, and only that merchant', () => {
    const cache = new InMemoryCredentialCache(60_000);
    cache.set('d1', principal('mer_a'), null, t0);
    cache.set('d2', principal('mer_a'), null, t0);
    cache.set('d3', principal('mer_b'), null, t0);
    cache.invalidateMerchant('mer_a');
    expect(cache.get('d1', t0)).toBeUndefined();
    expect(cache.get('d2', t0)).toBeUndefined();
    expect(cache.get('d3', t0)).toBeDefined();
  });
  it('a TTL of 0 disables it; a clock moved backwards does not resurrect entries', () => {
    const off = new InMemoryCredentialCache(0);
    off.set('d1', principal('mer_a'), null, t0);
    expect(off.get('d1', t0)).toBeUndefined();
    const cache = new InMemoryCredentialCache(60_000);
    cache.set('d1', principal('mer_a'), null, t0);
    expect(cache.get('d1', later(-1))).toBeUndefined();
  });
  it('remembers digests of no key for a minute, at most a bounded number, oldest dropped first', () => {
    const cache = new InMemoryCredentialCache(30_000, 10_000, 3);
    cache.setUnknown('u1', t0);
    expect(cache.isUnknown('u1', later(UNKNOWN_KEY_TTL_MS - 1))).toBe(true);
    expect(cache.isUnknown('u1', later(UNKNOWN_KEY_TTL_MS))).toBe(false);
    for (const d of ['u1', 'u2', 'u3', 'u4']) cache.setUnknown(d, t0);
    expect(['u1', 'u2', 'u3', 'u4'].map((d) => cache.isUnknown(d, t0))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
  it('forgets every unknown digest on any credential change (a roll may have issued a key), even with the key cache off', () => {
    const cache = new InMemoryCredentialCache(0);
    cache.setUnknown('u1', t0);
    expect(cache.isUnknown('u1', t0)).toBe(true);
    cache.invalidateMerchant('mer_a');
    expect(cache.isUnknown('u1', t0)).toBe(false);
    cache.setUnknown('u2', t0);
    cache.clear();
    expect(cache.isUnknown('u2', t0)).toBe(false);
  });
});

describe('login cache (decision 0034)', () => {
  const live = { subject: 'customer:cus_a', live: true };
  it('serves a live login until the TTL; a revoked one is final', () => {
    const cache = new InMemoryCredentialCache(1_000);
    cache.setLogin('rt_1', live, cache.loginEpoch(), t0);
    cache.setLogin('rt_2', { ...live, live: false }, cache.loginEpoch(), t0);
    expect(cache.getLogin('rt_1', later(999))).toEqual(live);
    expect(cache.getLogin('rt_1', later(1_000))).toBeUndefined();
    expect(cache.getLogin('rt_2', later(86_400_000))?.live).toBe(false);
  });
  it('forgets every login of a subject, and only that subject, when told', () => {
    const cache = new InMemoryCredentialCache(60_000);
    cache.setLogin('rt_1', live, cache.loginEpoch(), t0);
    cache.setLogin('rt_2', live, cache.loginEpoch(), t0);
    cache.setLogin('rt_3', { subject: 'merchant:mer_a', live: true }, cache.loginEpoch(), t0);
    cache.forget('logins-ended:customer:cus_a');
    expect(cache.getLogin('rt_1', t0)).toBeUndefined();
    expect(cache.getLogin('rt_2', t0)).toBeUndefined();
    expect(cache.getLogin('rt_3', t0)).toBeDefined();
    // Any other announcement is a merchant id, as before.
    cache.set('d1', principal('mer_a'), null, t0);
    cache.forget('mer_a');
    expect(cache.get('d1', t0)).toBeUndefined();
    expect(cache.getLogin('rt_3', t0)).toBeDefined();
  });
  it('a lookup that an invalidation overtook is not stored', () => {
    const cache = new InMemoryCredentialCache(60_000);
    const epoch = cache.loginEpoch();
    // The login was read as live, then ended and announced before the read was stored.
    cache.invalidateLoginsOf('customer:cus_a');
    cache.setLogin('rt_1', live, epoch, t0);
    expect(cache.getLogin('rt_1', t0)).toBeUndefined();
  });
  it('a TTL of 0 stores nothing; a clock moved backwards does not serve a live login', () => {
    const off = new InMemoryCredentialCache(0);
    off.setLogin('rt_1', live, off.loginEpoch(), t0);
    expect(off.getLogin('rt_1', t0)).toBeUndefined();
    const cache = new InMemoryCredentialCache(60_000);
    cache.setLogin('rt_1', live, cache.loginEpoch(), t0);
    expect(cache.getLogin('rt_1', later(-1))).toBeUndefined();
  });
});
