/**
 * Two-factor sign-in for merchant team members (decision 0065): which dashboard requests need a
 * second factor, pure. The HTTP layer (`requireAuth`) asks `judgeSecondFactor` after the role
 * verdict of src/domain/team.ts, and checks the code itself when the verdict says one is needed.
 *
 * - Owners must turn it on: an owner without it, once its `dueAt` has passed (seven days from
 *   becoming an owner, `OWNER_GRACE_DAYS`), may only read and use the two-factor routes.
 * - Step-up: a request using a permission of `STEP_UP_PERMISSIONS` (paying out, changing the
 *   settlement account) needs a member with two-factor sign-in on and a fresh code with it,
 *   whatever the role and however long ago the member signed in.
 */
import type { Permission, Role } from './team.ts';

export const STEP_UP_PERMISSIONS: readonly Permission[] = ['pay_out', 'change_settlement_account'];

/** Days an owner may act without two-factor sign-in, from becoming an owner. */
export const OWNER_GRACE_DAYS = 7;

/** The routes an owner past its due time may still use: its own two-factor enrolment. */
export const TWO_FACTOR_ROUTE_PREFIX = '/api/v1/merchant/:merchant_id/team/me/two-factor';

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const RECOVERY_CODE_LENGTH = 10;

export interface SecondFactorState {
  role: Role;
  enabled: boolean;
  /** When an owner without two-factor sign-in stops being able to change anything; null: never. */
  dueAt: Date | null;
}

export type SecondFactorVerdict =
  { need: 'nothing' } | { need: 'code' } | { need: 'enrolment'; detail: string };

const STEP_UP_WORDS: Partial<Record<Permission, string>> = {
  pay_out: 'Paying out',
  change_settlement_account: 'Changing the settlement account',
};

export function isStepUp(permissions: readonly Permission[]): boolean {
  return permissions.some((p) => STEP_UP_PERMISSIONS.includes(p));
}

/** Whether an owner without two-factor sign-in is past the time it had to turn it on. */
export function ownerMustEnrolNow(state: SecondFactorState, now: Date): boolean {
  return (
    state.role === 'owner' &&
    !state.enabled &&
    state.dueAt !== null &&
    state.dueAt.getTime() <= now.getTime()
  );
}

/**
 * What a dashboard request needs besides the role: nothing, a code (the `Two-Factor-Code`
 * header), or an enrolment first (403 naming the Team screen).
 */
export function judgeSecondFactor(
  state: SecondFactorState,
  request: { method: string; route: string; permissions: readonly Permission[] },
  now: Date,
): SecondFactorVerdict {
  const method = request.method.toUpperCase();
  const enrolmentRoute = request.route.startsWith(TWO_FACTOR_ROUTE_PREFIX);
  if (isStepUp(request.permissions)) {
    if (!state.enabled) {
      const what =
        STEP_UP_WORDS[
          request.permissions.find((p) => STEP_UP_PERMISSIONS.includes(p)) ?? 'pay_out'
        ];
      return {
        need: 'enrolment',
        detail: `${what ?? 'This'} needs two-factor sign-in: turn it on under Team → Two-factor sign-in (/merchant/team), then confirm with a code from your authenticator app.`,
      };
    }
    return { need: 'code' };
  }
  if (method === 'GET' || method === 'HEAD' || enrolmentRoute) return { need: 'nothing' };
  if (ownerMustEnrolNow(state, now)) {
    return {
      need: 'enrolment',
      detail:
        'Owners must use two-factor sign-in: turn it on under Team → Two-factor sign-in (/merchant/team). Until then an owner can only read.',
    };
  }
  return { need: 'nothing' };
}

/** A new recovery code from `random` bytes (one per character): 10 base32 characters. */
export function recoveryCodeFrom(random: Uint8Array): string {
  let out = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    out += RECOVERY_ALPHABET.charAt((random[i] ?? 0) & 31);
  }
  return out;
}

/** Shown as `ABCDE-FGHIJ`; typed in any case, with or without the dash or spaces. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** What the member typed: six digits (an authenticator's code) or a recovery code; else null. */
export function parseSecondFactorCode(typed: string): SecondFactorCode | null {
  const clean = typed.replace(/[\s-]/g, '').toUpperCase();
  if (/^[0-9]{6}$/.test(clean)) return { kind: 'totp', code: clean };
  if (clean.length === RECOVERY_CODE_LENGTH && /^[A-Z2-7]+$/.test(clean)) {
    return { kind: 'recovery', code: clean };
  }
  return null;
}

/** Whether a member may turn two-factor sign-in off: owners keep it (it is required of them). */
export function mayDisableTwoFactor(role: Role): string | null {
  return role === 'owner'
    ? 'An owner cannot turn two-factor sign-in off: it is required of owners. Another owner can make you an admin first.'
    : null;
}
