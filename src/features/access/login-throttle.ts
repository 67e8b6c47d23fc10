import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';

/**
 * The password-guessing throttle (decision 0033) of every password check: merchant, customer and
 * operator sign-in (an operator's password and code are one check) and the merchant's change of
 * password.
 *
 * - Per account (email, known or not): at most `LOGIN_MAX_FAILURES` failed checks in a 15-minute
 *   window; past it every attempt, the right password included, is refused with 429 until the
 *   window ends. Unknown emails are throttled the same way, so the limit reveals nothing.
 * - Per client IP: never a lockout. Past `IP_SLOW_AFTER_FACTOR × LOGIN_MAX_FAILURES` failures in
 *   the window (across any accounts), the IP's password checks are paced to one per second; an
 *   attempt that finds this second's check taken is refused with 429 and `Retry-After: 1`. A
 *   right password for an account that is not itself throttled gets in at the next free second.
 *
 * Both counts are taken before the password is checked, with one atomic increment each (a
 * reservation), so concurrent attempts cannot all pass a check made before any of them failed.
 * A right password clears the account's count and hands the IP's reservation back; a refused or
 * broken attempt hands back what it reserved; a wrong one keeps both as failures.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const IP_SLOW_AFTER_FACTOR = 4;
const IP_PACE_WINDOW_MS = 1_000;

type Realm = 'customer' | 'merchant' | 'operator';
const emailKey = (realm: Realm, email: string) =>
  `login-fail:${realm}:email:${email.trim().toLowerCase()}`;
const ipKey = (realm: Realm, ip: string) => `login-fail:${realm}:ip:${ip}`;
const ipPaceKey = (realm: Realm, ip: string) => `login-pace:${realm}:ip:${ip}`;

function throttled(detail: string, resetAtMs: number, nowMs: number): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
  return new DomainError(
    'login_throttled',
    `${detail} Try again in ${retryAfterSeconds} seconds.`,
    {
      retryable: true,
      retryAfterSeconds,
    },
  );
}

/**
 * Runs `verify` (the account lookup and password check: what it found when the password is
 * right, undefined when not) under the throttle and returns its answer. Throws `login_throttled`
 * (429 with Retry-After) without calling `verify` when the account or the IP's pace refuses the
 * attempt, so a refused attempt costs neither a query nor a hash.
 */
export async function checkPasswordThrottled<T>(
  ctx: AppContext,
  realm: Realm,
  email: string,
  ip: string,
  verify: () => Promise<T | undefined>,
  /**
   * `false` for a second factor checked on its own (the step-up of decision 0065): a right code
   * hands its reservations back but does not clear the password failures counted so far.
   */
  options: { clearFailuresOnSuccess?: boolean } = {},
): Promise<T | undefined> {
  const nowMs = ctx.clock.now().getTime();
  const max = ctx.settings.loginMaxFailures;
  const { rateLimits } = ctx;
  const account = emailKey(realm, email);
  const network = ipKey(realm, ip);

  // Failures so far from this IP plus the attempts in flight, this one included.
  const byIp = await rateLimits.hit(network, LOGIN_FAILURE_WINDOW_MS, nowMs);
  if (byIp.count > max * IP_SLOW_AFTER_FACTOR) {
    const pace = await rateLimits.hit(ipPaceKey(realm, ip), IP_PACE_WINDOW_MS, nowMs);
    if (pace.count > 1) {
      await rateLimits.release(network, LOGIN_FAILURE_WINDOW_MS, nowMs);
      throw throttled('Too many failed logins from this network.', pace.resetAtMs, nowMs);
    }
  }
  const byAccount = await rateLimits.hit(account, LOGIN_FAILURE_WINDOW_MS, nowMs);
  if (byAccount.count > max) {
    await rateLimits.release(network, LOGIN_FAILURE_WINDOW_MS, nowMs);
    throw throttled('Too many failed logins.', byAccount.resetAtMs, nowMs);
  }

  let verified: T | undefined;
  try {
    verified = await verify();
  } catch (error) {
    // Not a failed guess: nothing was learnt about the password.
    await Promise.all([
      rateLimits.release(account, LOGIN_FAILURE_WINDOW_MS, nowMs),
      rateLimits.release(network, LOGIN_FAILURE_WINDOW_MS, nowMs),
    ]).catch(() => undefined);
    throw error;
  }
  if (verified !== undefined) {
    await Promise.all([
      options.clearFailuresOnSuccess === false
        ? rateLimits.release(account, LOGIN_FAILURE_WINDOW_MS, nowMs)
        : rateLimits.reset(account, LOGIN_FAILURE_WINDOW_MS, nowMs),
      rateLimits.release(network, LOGIN_FAILURE_WINDOW_MS, nowMs),
    ]);
  }
  return verified;
}

export async function clearLoginFailures(
  ctx: AppContext,
  realm: Realm,
  email: string,
): Promise<void> {
  await ctx.rateLimits.reset(
    emailKey(realm, email),
    LOGIN_FAILURE_WINDOW_MS,
    ctx.clock.now().getTime(),
  );
}
