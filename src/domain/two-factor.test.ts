import { describe, expect, it } from 'vitest';

import {
  formatRecoveryCode,
  judgeSecondFactor,
  mayDisableTwoFactor,
  ownerMustEnrolNow,
  parseSecondFactorCode,
  recoveryCodeFrom,
} from './two-factor.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const LATER = new Date('2026-12-05T10:00:00Z');
const EARLIER = new Date('2026-11-21T10:00:00Z');
const payouts = '/api/v1/merchant/:merchant_id/payouts';
const settings = '/api/v1/merchant/:merchant_id/settings';
const enrol = '/api/v1/merchant/:merchant_id/team/me/two-factor';

describe('judgeSecondFactor (decision 0065)', () => {
  it('a payout or settlement-account change needs a code from a member with 2FA on, whatever the role', () => {
    for (const role of ['owner', 'admin', 'finance'] as const) {
      expect(
        judgeSecondFactor(
          { role, enabled: true, dueAt: null },
          { method: 'POST', route: payouts, permissions: ['pay_out'] },
          NOW,
        ),
      ).toEqual({ need: 'code' });
    }
    expect(
      judgeSecondFactor(
        { role: 'owner', enabled: true, dueAt: null },
        { method: 'PATCH', route: settings, permissions: ['change_settlement_account'] },
        NOW,
      ),
    ).toEqual({ need: 'code' });
  });

  it('without 2FA a money move is refused with a detail naming it and the Team screen, even inside the grace period', () => {
    const verdict = judgeSecondFactor(
      { role: 'owner', enabled: false, dueAt: LATER },
      { method: 'POST', route: payouts, permissions: ['pay_out'] },
      NOW,
    );
    expect(verdict).toEqual({
      need: 'enrolment',
      detail:
        'Paying out needs two-factor sign-in: turn it on under Team → Two-factor sign-in (/merchant/team), then confirm with a code from your authenticator app.',
    });
    const settlement = judgeSecondFactor(
      { role: 'finance', enabled: false, dueAt: null },
      {
        method: 'PATCH',
        route: settings,
        permissions: ['change_settings', 'change_settlement_account'],
      },
      NOW,
    );
    expect(settlement.need).toBe('enrolment');
    expect(settlement.need === 'enrolment' && settlement.detail).toMatch(
      /^Changing the settlement account needs two-factor sign-in/,
    );
  });

  it('an owner without 2FA past its due time may only read and enrol; before it, anything else', () => {
    const owner = { role: 'owner' as const, enabled: false, dueAt: EARLIER };
    const change = {
      method: 'POST',
      route: '/api/v1/merchant/:merchant_id/payment-links',
      permissions: ['manage_payment_links' as const],
    };
    expect(judgeSecondFactor(owner, change, NOW).need).toBe('enrolment');
    expect(
      judgeSecondFactor(owner, { method: 'GET', route: payouts, permissions: ['read'] }, NOW),
    ).toEqual({ need: 'nothing' });
    expect(
      judgeSecondFactor(
        owner,
        { method: 'POST', route: `${enrol}/confirm`, permissions: ['own_account'] },
        NOW,
      ),
    ).toEqual({ need: 'nothing' });
    expect(judgeSecondFactor({ ...owner, dueAt: LATER }, change, NOW)).toEqual({ need: 'nothing' });
    // The due time itself is past.
    expect(judgeSecondFactor({ ...owner, dueAt: NOW }, change, NOW).need).toBe('enrolment');
    // With 2FA on, or not an owner, the due time means nothing.
    expect(judgeSecondFactor({ ...owner, enabled: true }, change, NOW)).toEqual({
      need: 'nothing',
    });
    expect(judgeSecondFactor({ ...owner, role: 'admin' }, change, NOW)).toEqual({
      need: 'nothing',
    });
    // An owner with no due time (none set) is not held.
    expect(ownerMustEnrolNow({ ...owner, dueAt: null }, NOW)).toBe(false);
  });
});

describe('codes', () => {
  it('parses six digits as an authenticator code and ten base32 characters as a recovery code', () => {
    expect(parseSecondFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactorCode('abcde-fgh27')).toEqual({ kind: 'recovery', code: 'ABCDEFGH27' });
    expect(parseSecondFactorCode('12345')).toBeNull();
    expect(parseSecondFactorCode('ABCDEFGH18')).toBeNull(); // 1 and 8 are not base32
    expect(parseSecondFactorCode('')).toBeNull();
  });

  it('recovery codes: ten base32 characters from the random bytes, shown with a dash', () => {
    const code = recoveryCodeFrom(Uint8Array.from([0, 1, 2, 25, 26, 31, 32, 63, 255, 100]));
    expect(code).toBe('ABCZ27A77E');
    expect(formatRecoveryCode(code)).toBe(`${code.slice(0, 5)}-${code.slice(5)}`);
    expect(parseSecondFactorCode(formatRecoveryCode(code))).toEqual({ kind: 'recovery', code });
  });

  it('owners cannot turn it off; other roles can', () => {
    expect(mayDisableTwoFactor('owner')).toMatch(/^An owner cannot/);
    expect(mayDisableTwoFactor('finance')).toBeNull();
  });
});
