/**
 * The Dojah simulator's deterministic test data (docs/identity-protocol.md §8, README.md in this
 * folder). Shared by the simulator, the contract suite and the checkout's "Fill in a test BVN".
 */
export const SIMULATOR_DATE_OF_BIRTH = '1990-01-15';
/** §2's `DD-Mon-YYYY` form of it, as the lookup answers. */
export const SIMULATOR_RECORD_DATE = '15-Jan-1990';
/** Accepted once per code reference; `000000` stands for an expired code. */
export const SIMULATOR_OTP_CODE = '123456';
export const SIMULATOR_EXPIRED_OTP_CODE = '000000';

export const SIMULATOR_BVNS = {
  /** Dojah's documented sandbox BVN (§6): exists; its phone 08000000000 ends in 0000, so §3 fails. */
  dojahTest: '22222222222',
  /** 2231 + any 7 digits: match, phone 0803 + those 7 digits. */
  match: (last7: string) => `2231${last7}`,
  /** 2232 + any 7 digits: match, no phone on record (both phone fields empty). */
  noPhone: (last7: string) => `2232${last7}`,
  /** 2233 + any 7 digits: match with last_name.status false (confidence 40), phone as 2231. */
  nameMismatch: (last7: string) => `2233${last7}`,
  notFound: '22340000000',
  upstreamFailed: '22350000000',
  slow: '22360000000',
  notJson: '22370000000',
  noDateOfBirth: '22380000000',
  unreadableRecordDate: '22380000001',
  rateLimited: '22390000000',
  walletEmpty: '22300000402',
} as const;

export type SimulatorProfile =
  | { kind: 'exists'; phone: string; lastNameMatches: boolean }
  | { kind: 'not_found' }
  | { kind: 'status'; status: number; error: string }
  | { kind: 'slow' }
  | { kind: 'not_json' }
  | { kind: 'no_date_of_birth' }
  | { kind: 'unreadable_record_date' };

/** What the simulator answers for a BVN (§8's table). */
export function simulatorProfile(bvn: string): SimulatorProfile {
  if (!/^\d{11}$/.test(bvn)) return { kind: 'status', status: 400, error: 'Invalid BVN' };
  if (bvn === SIMULATOR_BVNS.dojahTest) {
    return { kind: 'exists', phone: '08000000000', lastNameMatches: true };
  }
  const last7 = bvn.slice(4);
  if (bvn.startsWith('2231')) {
    return { kind: 'exists', phone: `0803${last7}`, lastNameMatches: true };
  }
  if (bvn.startsWith('2232')) return { kind: 'exists', phone: '', lastNameMatches: true };
  if (bvn.startsWith('2233')) {
    return { kind: 'exists', phone: `0803${last7}`, lastNameMatches: false };
  }
  switch (bvn) {
    case SIMULATOR_BVNS.upstreamFailed:
      return { kind: 'status', status: 424, error: 'Upstream (NIBSS) did not answer' };
    case SIMULATOR_BVNS.slow:
      return { kind: 'slow' };
    case SIMULATOR_BVNS.notJson:
      return { kind: 'not_json' };
    case SIMULATOR_BVNS.noDateOfBirth:
      return { kind: 'no_date_of_birth' };
    case SIMULATOR_BVNS.unreadableRecordDate:
      return { kind: 'unreadable_record_date' };
    case SIMULATOR_BVNS.rateLimited:
      return { kind: 'status', status: 429, error: 'Too many requests' };
    case SIMULATOR_BVNS.walletEmpty:
      return { kind: 'status', status: 402, error: 'Your balance is low' };
    default:
      return { kind: 'not_found' };
  }
}
