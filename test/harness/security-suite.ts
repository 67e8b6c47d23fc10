import { expect, it } from 'vitest';

import type { KeyMode } from '../../src/domain/api-key.ts';
import type { TestMerchant } from './fixtures.ts';
import { operatorToken } from './operators.ts';
import type { TestApp } from './test-app.ts';

/**
 * How a route stands to test and live data (decision 0015: a key of one mode sees nothing of the
 * other mode). Every route declares it, so every route gets its cell.
 */
export type RouteMode =
  /**
   * The route reaches one object of this mode (named in its path): the merchant's key of the
   * other mode gets 404 `not_found`, as for another merchant's object, while the key of the
   * object's own mode is not told 404 (so the 404 is the mode's doing, not a missing object).
   */
  | { object: KeyMode }
  /** The route lists objects and `id()` is one of this mode: only that mode's key lists it. */
  | { lists: KeyMode; id: () => string }
  /**
   * The route reaches no object of the other mode: the shared account (merchant record, keys),
   * or only the key's own mode (creating, a secret roll, the probe, a bulk re-send). Say which.
   */
  | { noModeObject: string };

/**
 * The checks every merchant-authenticated route must pass (conventions §10). `request` sends
 * the route's request with the given bearer token (or none).
 */
export interface MerchantRouteCase {
  name: string;
  /** Performs the request as `merchant` would, but with `token` as the credential. */
  send(token: string | undefined): Promise<{
    status: number;
    body: { ok: boolean; code?: string; detail?: string; data?: unknown };
  }>;
  /** Status when another merchant's valid key is used: 403 where the body names the merchant, 404 where the path does. */
  otherMerchantStatus: 403 | 404;
  mode: RouteMode;
}

export interface SecurityFixtures {
  t: () => TestApp;
  /** The merchant the routes act for, approved (its live key works). */
  merchant: () => TestMerchant;
  revokedKey: () => string;
  otherMerchant: () => TestMerchant;
  customerToken: () => string;
}

const keyOf = (merchant: TestMerchant, mode: KeyMode) =>
  mode === 'live' ? merchant.liveKey : merchant.testKey;
const otherMode = (mode: KeyMode): KeyMode => (mode === 'live' ? 'test' : 'live');
const listedIds = (body: { data?: unknown }) =>
  Array.isArray(body.data) ? body.data.map((item: { id?: unknown }) => item.id) : [];

function modeCells(route: MerchantRouteCase, f: SecurityFixtures): void {
  const mode = route.mode;
  if ('object' in mode) {
    const other = otherMode(mode.object);
    it(`${route.name}: the merchant's ${other} key on a ${mode.object} object → 404`, async () => {
      const res = await route.send(keyOf(f.merchant(), other));
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
      const own = await route.send(keyOf(f.merchant(), mode.object));
      expect(own.status, JSON.stringify(own.body)).not.toBe(404);
    });
  } else if ('lists' in mode) {
    const other = otherMode(mode.lists);
    it(`${route.name}: the merchant's ${other} key does not list its ${mode.lists} objects`, async () => {
      const own = await route.send(keyOf(f.merchant(), mode.lists));
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(listedIds(own.body)).toContain(mode.id());
      const res = await route.send(keyOf(f.merchant(), other));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(listedIds(res.body)).not.toContain(mode.id());
    });
  }
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
  it(`${route.name}: an operator token is not a merchant credential → 401`, async () => {
    const res = await route.send(await operatorToken(f.t()));
    expect(res.status).toBe(401);
  });
  modeCells(route, f);
}

/**
 * The checks every customer-authenticated route must pass: only a valid customer token gets in.
 * Reaching another customer's data is route-specific (the route's own tests show it).
 */
export interface CustomerRouteCase {
  name: string;
  send(
    token: string | undefined,
  ): Promise<{ status: number; body: { ok: boolean; code?: string; detail?: string } }>;
}

export function customerRouteSecuritySuite(
  route: CustomerRouteCase,
  f: { t: () => TestApp; merchantKey: () => string; customerToken: () => string },
): void {
  it(`${route.name}: no credentials → 401`, async () => {
    const res = await route.send(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: 'unauthenticated' });
  });
  it(`${route.name}: a merchant key or an operator token is not a customer → 401`, async () => {
    for (const token of [f.merchantKey(), await operatorToken(f.t())]) {
      const res = await route.send(token);
      expect(res.status).toBe(401);
    }
  });
  it(`${route.name}: forged, unsigned or expired customer token → 401`, async () => {
    const [header, payload, signature] = f.customerToken().split('.');
    const other = Buffer.from(
      JSON.stringify({
        sub: 'cus_someoneelse',
        aud: 'tranche:customer',
        iss: 'tranche',
        exp: 9_999_999_999,
        iat: 1,
      }),
    ).toString('base64url');
    for (const token of [`${header}.${payload}.`, `${header}.${other}.${signature}`, 'garbage']) {
      const res = await route.send(token);
      expect(res.status, token).toBe(401);
    }
    const clock = f.t().clock;
    clock.advance(16 * 60_000);
    try {
      expect((await route.send(f.customerToken())).status).toBe(401);
    } finally {
      clock.advance(-16 * 60_000);
    }
  });
}
