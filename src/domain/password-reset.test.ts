import { describe, expect, it } from 'vitest';

import { renderPasswordResetEmail, resetLink } from './password-reset.ts';

describe('password reset e-mail', () => {
  it('puts the token in the fragment of the dashboard link, so no server ever receives it', () => {
    const link = resetLink('https://pay.tranche.ng', 'prt_abc123');
    expect(link).toBe('https://pay.tranche.ng/dashboard/reset-password#token=prt_abc123');
    expect(new URL(link).search).toBe('');
    expect(new URL(link).hash).toBe('#token=prt_abc123');
  });

  it('says until when the link works in Lagos time and what to do if it was not asked for', () => {
    const mail = renderPasswordResetEmail({
      greeting: 'Ada',
      link: 'https://pay.tranche.ng/dashboard/reset-password#token=prt_x',
      // 16:30 UTC is 17:30 in Lagos.
      expiresAt: new Date('2027-03-12T16:30:00Z'),
    });
    expect(mail.subject).toBe('Reset your Tranche password');
    expect(mail.text).toMatch(/^Hi Ada,/);
    expect(mail.text).toContain('https://pay.tranche.ng/dashboard/reset-password#token=prt_x');
    expect(mail.text).toContain('until 17:30 on Friday 12 March 2027 (Lagos time)');
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
  });

  it('sends a merchant to the merchant dashboard, and says "set" to one who has no password yet', () => {
    const link = resetLink('https://pay.tranche.ng', 'prt_m1', 'merchant');
    expect(link).toBe('https://pay.tranche.ng/merchant/reset-password#token=prt_m1');
    const mail = renderPasswordResetEmail({
      audience: 'merchant',
      greeting: 'Balogun Fabrics',
      firstPassword: true,
      link,
      expiresAt: new Date('2027-03-12T16:30:00Z'),
    });
    expect(mail.subject).toBe('Set your Tranche merchant dashboard password');
    expect(mail.text).toMatch(/^Hi Balogun Fabrics,/);
    expect(mail.text).toContain('to set the password of your Tranche merchant dashboard');
    expect(mail.text).toContain(link);
    const reset = renderPasswordResetEmail({
      audience: 'merchant',
      greeting: 'Balogun Fabrics',
      link,
      expiresAt: new Date('2027-03-12T16:30:00Z'),
    });
    expect(reset.subject).toBe('Reset your Tranche merchant dashboard password');
  });
});
