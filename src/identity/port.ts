/**
 * What Tranche needs from an identity (KYC) provider: check that a BVN exists and belongs to the
 * person born on the given date. Like the gateway port (gateway/port.ts), providers keep their
 * wire formats to themselves; callers see these outcomes only. A provider that gives no usable
 * answer throws `IdentityProviderUnavailable` (the customer retries; nothing is recorded).
 */
export type BvnCheckOutcome =
  | { outcome: 'verified'; providerReference: string }
  | { outcome: 'not_found' }
  | { outcome: 'dob_mismatch' };

export interface BvnCheck {
  /** 11 digits, already checked for format. */
  bvn: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
}

export interface IdentityProvider {
  /** Stored with each verification (which provider vouched for it). */
  readonly name: string;
  checkBvn(input: BvnCheck): Promise<BvnCheckOutcome>;
}

export class IdentityProviderUnavailable extends Error {
  override name = 'IdentityProviderUnavailable';
}

export const IDENTITY_PROVIDERS = ['sandbox'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];
