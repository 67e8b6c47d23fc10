import { expect } from 'vitest';

import { base32Decode, hotp, TOTP_STEP_SECONDS, totpStep } from '../../src/platform/totp.ts';
import type { HttpClient } from './http-client.ts';

/**
 * An authenticator app for tests (decision 0065): the codes of a TOTP key, each of a later step
 * than the last (a step is accepted once), within the one step either side of `now` that the
 * server accepts. Waits (real clocks) for the next step when three have been used already.
 */
export class TestAuthenticator {
  private lastStep = -1n;
  readonly secret: string;
  private readonly now: () => Date;

  constructor(secret: string, now: () => Date = () => new Date()) {
    this.secret = secret;
    this.now = now;
  }

  async code(): Promise<string> {
    for (;;) {
      const current = totpStep(this.now().getTime() / 1000);
      const step = this.lastStep + 1n > current - 1n ? this.lastStep + 1n : current - 1n;
      if (step <= current + 1n) {
        this.lastStep = step;
        return hotp(base32Decode(this.secret), step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** A code for the current step without using it (what a person reads off the app). */
  peek(): string {
    return hotp(base32Decode(this.secret), totpStep(this.now().getTime() / 1000));
  }
}

export const STEP_MS = TOTP_STEP_SECONDS * 1000;

/**
 * Turns two-factor sign-in on for the member of `token` through the API: its authenticator and
 * recovery codes. For tests whose subject is a money move from the dashboard.
 */
export async function enrolTwoFactor(
  http: HttpClient,
  merchantId: string,
  token: string,
  now?: () => Date,
): Promise<{ authenticator: TestAuthenticator; recoveryCodes: string[] }> {
  const started = await http.post(
    `/api/v1/merchant/${merchantId}/team/me/two-factor`,
    {},
    { token },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const authenticator = new TestAuthenticator(started.body.data.secret as string, now);
  const confirmed = await http.post(
    `/api/v1/merchant/${merchantId}/team/me/two-factor/confirm`,
    { code: await authenticator.code() },
    { token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { authenticator, recoveryCodes: confirmed.body.data.recovery_codes as string[] };
}
