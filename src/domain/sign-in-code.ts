import type { RenderedNotification } from './notification-content.ts';

/**
 * One-time codes (decision 0053): how long a code lives, how often one may be asked for, how
 * many wrong tries end it, and what the text says. Pure.
 */

/** A code works for ten minutes after it is minted, once. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;

/** Wrong codes before the code is dead (a new one must be asked for). */
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

/** One request per phone or address (known or not) per minute: the resend button's wait. */
export const SIGN_IN_CODE_RESEND_AFTER_MS = 60_000;

/** Codes sent to one account per rolling hour; further requests answer the same and send nothing,
 *  so nobody can flood a phone (or Tranche's SMS bill) from the form. */
export const SIGN_IN_CODES_PER_HOUR = 5;

/** Requests from one IP in 15 minutes, all phones and addresses together. */
export const SIGN_IN_CODE_REQUESTS_PER_IP = 20;
export const SIGN_IN_CODE_IP_WINDOW_MS = 15 * 60_000;

export type CodePurpose = 'sign_in' | 'verify_phone';

/** Six digits, from a uniform random integer below 10^6 (the caller draws it). */
export function formatCode(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1_000_000) {
    throw new RangeError('a code is an integer in [0, 10^6)');
  }
  return String(n).padStart(6, '0');
}

/** `+234 803 *** **67`: enough to recognise one's own number, not to learn someone else's. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+234/, '');
  return `+234 ${digits.slice(0, 3)} *** **${digits.slice(-2)}`;
}

/** `a***@example.ng`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function renderSignInCode(facts: {
  firstName: string;
  code: string;
  purpose: CodePurpose;
}): RenderedNotification {
  const what =
    facts.purpose === 'sign_in' ? 'sign in to Tranche' : 'confirm this phone number on Tranche';
  // The code first and the whole text under 160 characters: one SMS page, readable in the
  // notification preview, and "do not share" because the common theft is a caller asking for it.
  const sms = `${facts.code} is your Tranche code to ${facts.purpose === 'sign_in' ? 'sign in' : 'confirm your phone'}. It expires in 10 minutes. Never share it, not even with Tranche staff.`;
  return {
    subject: `${facts.code} is your Tranche code`,
    summary: `A code to ${what} was sent.`,
    text: [
      `Hi ${facts.firstName},`,
      '',
      `Your code to ${what} is:`,
      '',
      `    ${facts.code}`,
      '',
      'It works once, for 10 minutes. Never share it: nobody from Tranche or a shop will ask you for it.',
      '',
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the code.',
      '',
      '-- ',
      'Tranche: pay for your purchase in installments.',
      '',
    ].join('\n'),
    sms,
  };
}
