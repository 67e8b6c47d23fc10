import { randomUUID } from 'node:crypto';

import { createOperator } from '../../src/features/operator/index.ts';
import { base32Decode, totp } from '../../src/platform/totp.ts';
import type { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/**
 * Operators as the tests sign them in (decision 0035): an account with a password and a TOTP
 * key, signed in over HTTP with the code of the moment, the way the console does it.
 */
export interface TestOperator {
  id: string;
  email: string;
  name: string;
  password: string;
  totpSecret: string;
  /** The authenticator app's code at `unixSeconds`. */
  code(unixSeconds: number): string;
}

export interface OperatorSession {
  operator: TestOperator;
  token: string;
  refreshToken: string;
  /** When the access token stops working (by the clock that signed it). */
  expiresAtMs: number;
}

export const OPERATOR_PASSWORD = 'operator password for tests';

export function testOperator(fields: {
  id: string;
  email: string;
  name: string;
  password: string;
  totpSecret: string;
}): TestOperator {
  const key = base32Decode(fields.totpSecret);
  return { ...fields, code: (unixSeconds) => totp(key, unixSeconds) };
}

const emailFor = (name: string) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}-${randomUUID().slice(0, 8)}@ops.tranche.test`;

/** A new operator account in the test app's database (what `tranche operators add` does). */
export async function addOperator(t: TestApp, name = 'Test Operator'): Promise<TestOperator> {
  const created = await createOperator(t.ctx, {
    email: emailFor(name),
    name,
    password: OPERATOR_PASSWORD,
  });
  return testOperator({
    ...created.operator,
    password: OPERATOR_PASSWORD,
    totpSecret: created.totpSecret,
  });
}

/** POST /api/v1/admin/login with the code of `unixSeconds`; throws unless it answers 200. */
export async function operatorLogin(
  http: HttpClient,
  operator: TestOperator,
  unixSeconds: number,
): Promise<OperatorSession> {
  const res = await http.post('/api/v1/admin/login', {
    email: operator.email,
    password: operator.password,
    code: operator.code(unixSeconds),
  });
  if (res.status !== 200) {
    throw new Error(`operator sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const data = res.body.data as { access_token: string; refresh_token: string; expires_in: number };
  return {
    operator,
    token: data.access_token,
    refreshToken: data.refresh_token,
    expiresAtMs: unixSeconds * 1000 + data.expires_in * 1000,
  };
}

const sessions = new WeakMap<TestApp, Map<string, Promise<OperatorSession>>>();

/**
 * The bearer token of the operator called `name` in this test app: the account is made once,
 * and signed in again when the test clock has passed the token's expiry (a code is good once,
 * so each sign-in needs a later step; the clock has moved by then).
 */
export async function operatorToken(t: TestApp, name = 'Test Operator'): Promise<string> {
  const byName = sessions.get(t) ?? new Map<string, Promise<OperatorSession>>();
  sessions.set(t, byName);
  const nowMs = t.clock.now().getTime();
  let session = byName.get(name);
  if (session) {
    const current = await session;
    if (nowMs < current.expiresAtMs - 60_000) return current.token;
    session = operatorLogin(t.http, current.operator, nowMs / 1000);
  } else {
    session = addOperator(t, name).then((operator) =>
      operatorLogin(t.http, operator, nowMs / 1000),
    );
  }
  byName.set(name, session);
  return (await session).token;
}
