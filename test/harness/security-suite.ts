import { expect, it } from 'vitest';
import type { TestMerchant } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * The checks every merchant-authenticated route must pass (conventions §10). `request` sends
 * the route's request with the given bearer token (or none).
 */
export interface MerchantRouteCase {
  name: string;
  /** Performs the request as `merchant` would, but with `token` as the credential. */
  send(
    token: string | undefined,
  ): Promise<{ status: number; body: { ok: boolean; code?: string; detail?: string } }>;
  /** Status when another merchant's valid key is used: 403 where the body names the merchant, 404 where the path does. */
  otherMerchantStatus: 403 | 404;
}

export interface SecurityFixtures {
  t: () => TestApp;
  revokedKey: () => string;
  otherMerchant: () => TestMerchant;
  customerToken: () => string;
}

export function merchantRouteSecuritySuite(route: MerchantRouteCase, f: SecurityFixtures): void {
  it(`${route.name}: no credentials → 401`, async () => {
    const res = await route.send(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: 'unauthenticated' });
  });
  it(`${route.name}: malformed key → 401`, async () => {
    for (const token of [
      'sk_test_short',
      'sk_prod_0123456789012345678901234567890123456789',
      'pk_test_abc',
      'not-a-key',
    ]) {
      const res = await route.send(token);
      expect(res.status, token).toBe(401);
      expect(res.body.ok).toBe(false);
    }
  });
  it(`${route.name}: well-formed but unknown key → 401`, async () => {
    const res = await route.send(`sk_test_${'A'.repeat(40)}`);
    expect(res.status).toBe(401);
  });
  it(`${route.name}: revoked key → 401`, async () => {
    const res = await route.send(f.revokedKey());
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/revoked/);
  });
  it(`${route.name}: another merchant's key → ${route.otherMerchantStatus}`, async () => {
    const res = await route.send(f.otherMerchant().testKey);
    expect(res.status).toBe(route.otherMerchantStatus);
    expect(res.body.ok).toBe(false);
  });
  it(`${route.name}: customer token on a merchant route → 401`, async () => {
    const res = await route.send(f.customerToken());
    expect(res.status).toBe(401);
  });
  it(`${route.name}: admin token is not a merchant credential → 401`, async () => {
    const res = await route.send(f.t().ctx.settings.adminApiToken);
    expect(res.status).toBe(401);
  });
}
