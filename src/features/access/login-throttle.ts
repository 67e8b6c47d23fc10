import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';

/**
 * Failed logins are counted per account email and per client IP in 15-minute windows. At the
 * limit, further attempts are refused with 429 before the password is even checked, for known
 * and unknown emails alike (so the limit reveals nothing about which emails exist).
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const IP_MULTIPLIER = 4;

type Realm = 'customer' | 'merchant' | 'operator';
const emailKey = (realm: Realm, email: string) =>
  `login-fail:${realm}:email:${email.trim().toLowerCase()}`;
const ipKey = (realm: Realm, ip: string) => `login-fail:${realm}:ip:${ip}`;

export async function assertLoginAllowed(
  ctx: AppContext,
  realm: Realm,
  email: string,
  ip: string,
): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  const max = ctx.settings.loginMaxFailures;
  const [byEmail, byIp] = await Promise.all([
    ctx.rateLimits.peek(emailKey(realm, email), LOGIN_FAILURE_WINDOW_MS, nowMs),
    ctx.rateLimits.peek(ipKey(realm, ip), LOGIN_FAILURE_WINDOW_MS, nowMs),
  ]);
  const blocked = [
    byEmail.count >= max ? byEmail : null,
    byIp.count >= max * IP_MULTIPLIER ? byIp : null,
  ].filter((w) => w !== null);
  if (blocked.length > 0) {
    const resetAtMs = Math.max(...blocked.map((w) => w.resetAtMs));
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
    throw new DomainError(
      'login_throttled',
      `Too many failed logins. Try again in ${retryAfterSeconds} seconds.`,
      {
        retryable: true,
        retryAfterSeconds,
      },
    );
  }
}

export async function recordLoginFailure(
  ctx: AppContext,
  realm: Realm,
  email: string,
  ip: string,
): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  await Promise.all([
    ctx.rateLimits.hit(emailKey(realm, email), LOGIN_FAILURE_WINDOW_MS, nowMs),
    ctx.rateLimits.hit(ipKey(realm, ip), LOGIN_FAILURE_WINDOW_MS, nowMs),
  ]);
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
