import { describe, expect, it } from 'vitest';

import {
  assertNuban,
  bankLabel,
  cardLabel,
  MANDATE_OTP_ATTEMPTS,
  nextActionFor,
  otpPrompt,
} from './payment-method.ts';

describe('payment method rules', () => {
  it('labels cards "<Brand> Card" and banks with a mask and the last four digits', () => {
    expect(cardLabel('visa')).toBe('Visa Card');
    expect(cardLabel('Mastercard')).toBe('Mastercard Card');
    expect(cardLabel('verve ')).toBe('Verve Card');
    expect(cardLabel('')).toBe('Debit Card');
    expect(cardLabel('  ')).toBe('Debit Card');
    // Both spellings the gateway uses for one brand; an unknown brand keeps its name, capitalised.
    expect(cardLabel('amex')).toBe('American Express Card');
    expect(cardLabel('American Express')).toBe('American Express Card');
    expect(cardLabel('DISCOVER')).toBe('Discover Card');
    expect(bankLabel('Zenith Bank', '0123456789')).toBe('Zenith Bank ******6789');
  });
  it('maps every gateway step to the next action the widget follows', () => {
    expect(nextActionFor('send_otp')).toBe('submit_otp');
    expect(nextActionFor('send_birthday')).toBe('submit_birthday');
    expect(nextActionFor('send_phone')).toBe('submit_phone');
    expect(nextActionFor('open_url')).toBe('open_url');
    expect(nextActionFor('success')).toBe('success');
    expect(nextActionFor('pending')).toBe('pending');
  });
  it('accepts only 10-digit account numbers', () => {
    expect(() => assertNuban('0123456789')).not.toThrow();
    // The digits must be the whole string: a 10-digit run inside a longer one is refused too.
    for (const bad of [
      '012345678',
      '01234567890',
      '01234x6789',
      '',
      'x0123456789',
      '0123456789x',
    ]) {
      expect(() => assertNuban(bad)).toThrow(
        expect.objectContaining({
          code: 'invalid_request',
          detail: 'account_number must be a 10-digit NUBAN account number.',
        }),
      );
    }
  });
});

describe('otpPrompt: the bank’s OTP prompt in our words', () => {
  it('keeps only the masked number the bank names', () => {
    expect(otpPrompt('Please send the OTP sent to 080****0000', 0)).toBe(
      'Enter the one-time code your bank sent by text message to the phone number 080****0000.',
    );
    expect(otpPrompt('Kindly enter OTP sent to +23480XXXXX123', 0)).toMatch(
      /to the phone number \+23480XXXXX123\.$/,
    );
  });

  it('says "the phone number on this account" when the bank names none', () => {
    expect(otpPrompt(null, 0)).toBe(
      'Enter the one-time code your bank sent by text message to the phone number on this account.',
    );
    expect(otpPrompt('Enter OTP 1234 now', 0)).toMatch(/on this account\.$/);
  });

  it('after a wrong code, says so with the tries left', () => {
    expect(otpPrompt('Invalid OTP. Please send the OTP sent to 080****0000', 1)).toBe(
      'That code did not match. Enter the newest code your bank sent to the phone number 080****0000 (2 tries left).',
    );
    expect(otpPrompt(undefined, MANDATE_OTP_ATTEMPTS - 1)).toMatch(/\(1 try left\)\.$/);
  });
});
