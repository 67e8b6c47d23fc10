import { createHash } from 'node:crypto';

/**
 * The consent a customer gives before their BVN is sent (docs/identity-protocol.md §7, decision
 * 0046). Each text is versioned and never edited in place: a change is a new version, and every
 * consent row records the version and the SHA-256 of the exact text it showed. The checkout and
 * the dashboard fetch the current text from the API and send its version back with the BVN.
 */
export interface ConsentText {
  version: string;
  provider: string;
  text: string;
  sha256: string;
}

const TEXTS: Record<string, { provider: string; text: string }> = {
  'identity-2026-11-27-dojah': {
    provider: 'Dojah Inc., on our behalf',
    text: [
      'I agree that Tranche may check my identity. To do so, Tranche sends my BVN, name and date of birth to Dojah Inc., which checks them, on Tranche’s behalf, against the BVN record held by NIBSS and tells Tranche whether they match and which phone number is on that record. Tranche then sends a one-time code to that phone.',
      'Tranche keeps the result, the last four digits of my BVN and a one-way digest of it, not my BVN or my BVN record.',
      'I can withdraw this consent at any time from my Tranche account; withdrawing stops further checks and does not undo checks already made.',
    ].join('\n\n'),
  },
  'identity-2026-11-27-sandbox': {
    provider: 'the sandbox test provider',
    text: [
      'Test mode. I agree that Tranche may check my identity with its sandbox test provider, which knows only test BVNs: no real BVN record is consulted and no message is sent.',
      'Tranche keeps the result, the last four digits of the BVN and a one-way digest of it.',
      'I can withdraw this consent at any time from my Tranche account.',
    ].join('\n\n'),
  },
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The text shown for a provider (`dojah`, `dojah-simulator` or `sandbox`). */
export function currentConsentText(providerName: string): ConsentText {
  const version =
    providerName === 'sandbox' ? 'identity-2026-11-27-sandbox' : 'identity-2026-11-27-dojah';
  return consentTextFor(version) as ConsentText;
}

export function consentTextFor(version: string): ConsentText | undefined {
  const entry = TEXTS[version];
  return entry && { version, ...entry, sha256: sha256(entry.text) };
}
