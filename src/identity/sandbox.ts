import { createHash } from 'node:crypto';

import {
  type BvnCheck,
  type BvnCheckOutcome,
  type IdentityProvider,
  IdentityProviderUnavailable,
} from './port.ts';

/**
 * The sandbox identity provider: in-process and deterministic (docs/sandbox.md, "Test BVNs").
 *
 *   221xxxxxxxx  exists, born 1990-01-15      (any 8 digits: tests use a fresh BVN per customer)
 *   22299999999  exists, born 1985-06-30
 *   22900000000  the provider is down          (IdentityProviderUnavailable)
 *   other 11 digits                            not found
 */
/** Verifications by this provider count for sandbox (test-mode) sessions only. */
export const SANDBOX_PROVIDER_NAME = 'sandbox';
export const SANDBOX_BVN_DATE_OF_BIRTH = '1990-01-15';
export const SANDBOX_FIXED_BVN = '22299999999';
export const SANDBOX_FIXED_BVN_DATE_OF_BIRTH = '1985-06-30';
export const SANDBOX_UNAVAILABLE_BVN = '22900000000';

export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = SANDBOX_PROVIDER_NAME;

  async checkBvn(input: BvnCheck): Promise<BvnCheckOutcome> {
    if (input.bvn === SANDBOX_UNAVAILABLE_BVN) {
      throw new IdentityProviderUnavailable('sandbox identity provider: simulated outage');
    }
    const dateOfBirth = input.bvn.startsWith('221')
      ? SANDBOX_BVN_DATE_OF_BIRTH
      : input.bvn === SANDBOX_FIXED_BVN
        ? SANDBOX_FIXED_BVN_DATE_OF_BIRTH
        : undefined;
    if (dateOfBirth === undefined) return { outcome: 'not_found' };
    if (dateOfBirth !== input.dateOfBirth) return { outcome: 'dob_mismatch' };
    const reference = createHash('sha256').update(`sandbox:${input.bvn}`).digest('hex');
    // No phone on record: the in-process provider never asks for a one-time code (the Dojah
    // simulator does, for its 2231… BVNs).
    return {
      outcome: 'verified',
      providerReference: `sbx_idv_${reference.slice(0, 20)}`,
      phoneOnRecord: null,
      namesMatched: true,
    };
  }

  /** Never called (no phone on record); answers like the simulator if it is. */
  async sendCode(phone: string): Promise<{ codeReference: string }> {
    return { codeReference: `sbx_otp_${phone.slice(-4)}` };
  }

  async checkCode(_codeReference: string, code: string): Promise<'accepted' | 'rejected'> {
    return code === '123456' ? 'accepted' : 'rejected';
  }
}
