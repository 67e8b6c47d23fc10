import { describe, expect, it } from 'vitest';

import {
  assertSessionPending,
  effectiveSessionStatus,
  SESSION_LIFETIME_MS,
  sessionExpiresAt,
} from './checkout-session.ts';

describe('checkout session states', () => {
  const created = new Date('2026-11-21T10:00:00Z');
  const expires = sessionExpiresAt(created);

  it('lives exactly 30 minutes', () => {
    expect(expires.getTime() - created.getTime()).toBe(SESSION_LIFETIME_MS);
    expect(SESSION_LIFETIME_MS).toBe(30 * 60_000);
  });

  it('reads as expired from expires_at on, whatever the stored state says', () => {
    expect(effectiveSessionStatus('pending', expires, new Date(expires.getTime() - 1))).toBe(
      'pending',
    );
    expect(effectiveSessionStatus('pending', expires, expires)).toBe('expired');
  });

  it('terminal states are not changed by time', () => {
    for (const status of ['completed', 'cancelled', 'expired'] as const) {
      expect(effectiveSessionStatus(status, expires, new Date(expires.getTime() + 1e9))).toBe(
        status,
      );
    }
  });

  it('only pending sessions move on', () => {
    expect(() => assertSessionPending('pending', 'cancel it')).not.toThrow();
    for (const status of ['completed', 'cancelled', 'expired'] as const) {
      expect(() => assertSessionPending(status, 'cancel it')).toThrow(
        expect.objectContaining({
          code: 'session_not_pending',
          detail: `Cannot cancel it: the checkout session is ${status}.`,
        }),
      );
    }
  });
});
