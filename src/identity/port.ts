/**
 * What Tranche needs from an identity (KYC) provider (docs/identity-protocol.md §8): check that a
 * BVN exists and belongs to the person born on the given date, learn the phone on the BVN record,
 * and confirm the customer holds that phone with a one-time code. Like the gateway port
 * (gateway/port.ts), providers keep their wire formats to themselves; callers see these outcomes
 * only. A provider that gives no usable answer (down, slow, a malformed answer, our own
 * configuration or billing) throws `IdentityProviderUnavailable`: the customer retries, nothing
 * is recorded, and it is never reported as a mismatch.
 */
export type BvnCheckOutcome =
  | {
      outcome: 'verified';
      /** The provider's reference for the record (Dojah: the lookup's `reference`). */
      providerReference: string;
      /** +234… when the BVN record has a phone, null when it has none. */
      phoneOnRecord: string | null;
      /** Whether the first and last names matched the record: recorded, not a reason to fail. */
      namesMatched: boolean;
    }
  | { outcome: 'not_found' }
  | { outcome: 'dob_mismatch' };

export interface BvnCheck {
  /** 11 digits, already checked for format. */
  bvn: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  firstName: string;
  lastName: string;
  /** The consent row (docs/identity-protocol.md §7) this check runs under; required. */
  consentId: string;
}

export interface IdentityProvider {
  /** Stored with each verification (which provider vouched for it). */
  readonly name: string;
  checkBvn(input: BvnCheck): Promise<BvnCheckOutcome>;
  /** §3: sends a one-time code to `phone` (+234…). Throws IdentityProviderUnavailable. */
  sendCode(phone: string): Promise<{ codeReference: string }>;
  /**
   * §4: 'rejected' covers wrong, expired, reused and unknown codes alike. Throws
   * IdentityProviderUnavailable when the provider gives no usable answer (the customer may retry
   * the same code).
   */
  checkCode(codeReference: string, code: string): Promise<'accepted' | 'rejected'>;
}

export class IdentityProviderUnavailable extends Error {
  override name = 'IdentityProviderUnavailable';
  /**
   * True when retrying cannot help until an operator acts (wrong credentials, the provider
   * account's balance): logged as an alert.
   */
  readonly needsOperator: boolean;
  constructor(message: string, options: { needsOperator?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.needsOperator = options.needsOperator ?? false;
  }
}

/**
 * `IDENTITY_PROVIDER`: `dojah` (the Dojah adapter, against `DOJAH_BASE_URL` or, unset, the
 * shipped simulator) or `sandbox` (the in-process test provider of docs/sandbox.md).
 */
export const IDENTITY_PROVIDERS = ['dojah', 'sandbox'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/**
 * Provider names whose verifications count for sandbox (test-mode) sessions only: the in-process
 * sandbox and the Dojah simulator that `tranche start` runs when `DOJAH_BASE_URL` is unset. Their
 * test BVNs are public (docs/sandbox.md, src/identity/dojah-simulator/README.md).
 */
export const SANDBOX_ONLY_PROVIDERS = ['sandbox', 'dojah-simulator'] as const;
