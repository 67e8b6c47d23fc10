import { DomainError } from './errors.ts';

/**
 * Saved payment methods. States: active → revoked (the gateway or the customer's bank withdrew the
 * authorization: never charged again, never default) and, separately, deleted by the customer
 * (hidden, kept for the history of plans it paid).
 *
 * Bank mandate flow (spec §3): the gateway's steps become the `next_action` the widget follows:
 *   send_otp → submit_otp, send_birthday → submit_birthday, send_phone → submit_phone,
 *   open_url → open_url (then verify), success → success (method saved).
 * `pending` (the bank is still confirming) is our extension: the client calls verify later.
 * `send_pin` has no next action: Tranche never asks a customer for a card or account PIN (it
 * would put PINs through our servers; cards are entered on the gateway's page), and Paystack's
 * pay-with-bank flow asks for an OTP, a birthday, a phone or a bank page instead. A bank that
 * asks for a PIN fails the mandate (`PIN_STEP_REFUSED`).
 */
export type NextAction =
  'submit_otp' | 'submit_birthday' | 'submit_phone' | 'open_url' | 'success' | 'pending';

/** Why a mandate whose bank asks for a PIN fails, in words safe to show the customer. */
export const PIN_STEP_REFUSED =
  'the bank asked for a PIN, which Tranche never collects. Link a card, or an account at another bank.';

export function nextActionFor(
  step: 'send_otp' | 'send_birthday' | 'send_phone' | 'open_url' | 'success' | 'pending',
): NextAction {
  switch (step) {
    case 'send_otp':
      return 'submit_otp';
    case 'send_birthday':
      return 'submit_birthday';
    case 'send_phone':
      return 'submit_phone';
    case 'open_url':
      return 'open_url';
    case 'success':
      return 'success';
    case 'pending':
      return 'pending';
  }
}

/** The ₦50 charge that proves a card or account is live; refunded once the method is saved. */
export const VERIFICATION_CHARGE_KOBO = 5_000;

/**
 * One-time codes a pay-with-bank set-up takes, the first included (issue 27): a wrong code asks
 * again, as banks do, until this many were wrong; then the set-up ends and starts again.
 */
export const MANDATE_OTP_ATTEMPTS = 3;

/** A masked phone number in a bank's prompt ("…sent to 080****0000"), to repeat it to the customer. */
const MASKED_NUMBER = /\+?\d[\d*xX]*[*xX][\d*xX]*\d/;

/**
 * The bank's OTP prompt in our words (issue 27): banks word it loosely ("Please send the OTP sent
 * to 080****0000"), so only the masked number it names is kept. `wrongCodes`: how many were wrong
 * so far, said with the tries left.
 */
export function otpPrompt(bankText: string | null | undefined, wrongCodes: number): string {
  const masked = bankText ? MASKED_NUMBER.exec(bankText)?.[0] : undefined;
  const where = masked ? `the phone number ${masked}` : 'the phone number on this account';
  if (wrongCodes === 0) {
    return `Enter the one-time code your bank sent by text message to ${where}.`;
  }
  const left = MANDATE_OTP_ATTEMPTS - wrongCodes;
  return `That code did not match. Enter the newest code your bank sent to ${where} (${left} ${left === 1 ? 'try' : 'tries'} left).`;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  verve: 'Verve',
  'american express': 'American Express',
  amex: 'American Express',
};

/** "<Brand> Card" (spec §2.1). */
export function cardLabel(brand: string): string {
  const key = brand.trim().toLowerCase();
  const name =
    BRAND_NAMES[key] ?? (key === '' ? 'Debit' : key.charAt(0).toUpperCase() + key.slice(1));
  return `${name} Card`;
}

/** "<Bank name> ******1234": the bank, a mask for the hidden digits, the last four (spec §2.1). */
export function bankLabel(bankName: string, accountNumber: string): string {
  return `${bankName} ******${accountNumber.slice(-4)}`;
}

export function assertNuban(accountNumber: string): void {
  if (!/^\d{10}$/.test(accountNumber)) {
    throw new DomainError(
      'invalid_request',
      'account_number must be a 10-digit NUBAN account number.',
    );
  }
}
