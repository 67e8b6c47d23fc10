import { describe, expect, it } from 'vitest';

import { formatCode, maskEmail, maskPhone, renderSignInCode } from './sign-in-code.ts';

describe('one-time codes (decision 0053)', () => {
  it('are six digits, zeros kept, from [0, 10^6) only', () => {
    expect(formatCode(0)).toBe('000000');
    expect(formatCode(42)).toBe('000042');
    expect(formatCode(999_999)).toBe('999999');
    expect(() => formatCode(1_000_000)).toThrow(RangeError);
    expect(() => formatCode(-1)).toThrow(RangeError);
    expect(() => formatCode(1.5)).toThrow(RangeError);
  });

  it('the SMS is one page of plain characters, code first, for both purposes', () => {
    for (const purpose of ['sign_in', 'verify_phone'] as const) {
      const { sms, subject, text } = renderSignInCode({
        firstName: 'Oluwaseyifunmi',
        code: '042917',
        purpose,
      });
      expect(sms).toMatch(/^042917 is your Tranche code to /);
      expect(sms?.length).toBeLessThanOrEqual(160);
      // GSM-7 basic characters only: a special character would drop the page to 70.
      expect(sms).toMatch(/^[A-Za-z0-9 .,']+$/);
      expect(subject).toBe('042917 is your Tranche code');
      expect(text).toContain('    042917\n');
      expect(text).toContain('Hi Oluwaseyifunmi,');
    }
  });

  it('masks a phone and an address enough to recognise, not to learn', () => {
    expect(maskPhone('+2348031234567')).toBe('+234 803 *** **67');
    expect(maskEmail('ada.obi@mail.ng')).toBe('a***@mail.ng');
  });
});
