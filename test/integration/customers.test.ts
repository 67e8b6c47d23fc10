import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestCustomer } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('customer accounts', () => {
  it('registers and returns a 15-minute EdDSA access token and a refresh token', async () => {
    const res = await t.http.post('/api/v1/customers/register', {
      email: 'Ngozi.Eze@Mail.test',
      password: 'a long customer password',
      first_name: 'Ngozi',
      last_name: 'Eze',
      phone: '0803 123 4567',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.customer).toMatchObject({
      email: 'Ngozi.Eze@Mail.test',
      first_name: 'Ngozi',
      last_name: 'Eze',
      phone: '+2348031234567',
    });
    expect(res.body.data.customer.id).toMatch(/^cus_/);
    expect(res.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(decodeProtectedHeader(res.body.data.access_token).alg).toBe('EdDSA');
    const claims = decodeJwt(res.body.data.access_token);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.sub).toBe(res.body.data.customer.id);
    expect(res.body.data.refresh_token).toMatch(/^rft_/);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('stores the password as an argon2id hash', async () => {
    const c = await createTestCustomer(t);
    const row = await t.ctx.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account with the same email, whatever its case (409)', async () => {
    const c = await createTestCustomer(t);
    const res = await t.http.post('/api/v1/customers/register', {
      email: c.email.toUpperCase(),
      password: 'another long password',
      first_name: 'A',
      last_name: 'B',
      phone: '08031234567',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_taken');
  });

  it.each([
    ['short password', { password: 'short' }],
    ['bad email', { email: 'nope' }],
    ['bad phone', { phone: '12345678901' }],
    ['unknown field', { bvn: '12345678901' }],
    ['missing names', { first_name: undefined }],
  ])('refuses registration with %s (400)', async (_name, overrides) => {
    const res = await t.http.post('/api/v1/customers/register', {
      email: 'x@mail.test',
      password: 'a long customer password',
      first_name: 'A',
      last_name: 'B',
      phone: '08031234567',
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
  });

  it('names every field at fault at once, in plain words, beside the first one in `detail`', async () => {
    const res = await t.http.post('/api/v1/customers/register', {
      email: 'nope',
      password: 'short',
      last_name: 'B',
      phone: '0803',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^body/);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter an email address, such as name@example.com.' },
        { field: 'password', message: 'Enter at least 8 characters.' },
        { field: 'first_name', message: 'This field is required.' },
        { field: 'phone', message: 'Enter at least 10 characters.' },
      ]),
    );
    expect(res.body.errors).toHaveLength(4);
    // A phone of the right length that is not a Nigerian mobile is named the same way.
    const phone = await t.http.post('/api/v1/customers/register', {
      email: 'x@mail.test',
      password: 'a long customer password',
      first_name: 'A',
      last_name: 'B',
      phone: '12345678901',
    });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toEqual([
      {
        field: 'phone',
        message: 'Enter a Nigerian mobile number, such as 0803 123 4567 or +234 803 123 4567.',
      },
    ]);
    // An error about no field in particular carries no `errors`.
    const wrong = await t.http.post('/api/v1/customers/login', {
      email: 'nobody@mail.test',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toHaveProperty('errors');
  });

  it('logs in; wrong password and unknown email answer exactly alike', async () => {
    const c = await createTestCustomer(t);
    const good = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: c.password,
    });
    expect(good.status).toBe(200);
    expect(good.body.data.customer.id).toBe(c.id);

    const wrong = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: 'not the password',
    });
    const unknown = await t.http.post('/api/v1/customers/login', {
      email: 'nobody@mail.test',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, request_id: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
  });

  it('throttles repeated failures with 429 and Retry-After, then lets the owner in after the window', async () => {
    const c = await createTestCustomer(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.http.post('/api/v1/customers/login', { email: c.email, password: 'guess' }))
          .status,
      ).toBe(401);
    }
    const blocked = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: c.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('login_throttled');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Unknown emails are throttled the same way, revealing nothing.
    for (let i = 0; i < 5; i++) {
      await t.http.post('/api/v1/customers/login', { email: 'ghost@mail.test', password: 'guess' });
    }
    expect(
      (
        await t.http.post('/api/v1/customers/login', {
          email: 'ghost@mail.test',
          password: 'guess',
        })
      ).status,
    ).toBe(429);

    t.clock.advance(15 * 60_000);
    expect(
      (await t.http.post('/api/v1/customers/login', { email: c.email, password: c.password }))
        .status,
    ).toBe(200);
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
    const c = await createTestCustomer(t);
    const first = await t.http.post('/api/v1/customers/token/refresh', {
      refresh_token: c.refreshToken,
    });
    expect(first.status).toBe(200);
    const next = first.body.data.refresh_token;
    expect(next).not.toBe(c.refreshToken);
    expect(
      (await t.http.get('/api/v1/customers/me', { token: first.body.data.access_token })).status,
    ).toBe(200);

    const replay = await t.http.post('/api/v1/customers/token/refresh', {
      refresh_token: c.refreshToken,
    });
    expect(replay.status).toBe(401);
    // The legitimate successor is now revoked too.
    expect(
      (await t.http.post('/api/v1/customers/token/refresh', { refresh_token: next })).status,
    ).toBe(401);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect(
      (await t.http.post('/api/v1/customers/token/refresh', { refresh_token: 'rft_nope' })).status,
    ).toBe(401);
    const c = await createTestCustomer(t);
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect(
      (await t.http.post('/api/v1/customers/token/refresh', { refresh_token: c.refreshToken }))
        .status,
    ).toBe(401);
  });

  it('GET /customers/me returns the signed-in customer only', async () => {
    const a = await createTestCustomer(t);
    const b = await createTestCustomer(t);
    const meA = await t.http.get('/api/v1/customers/me', { token: a.accessToken });
    const meB = await t.http.get('/api/v1/customers/me', { token: b.accessToken });
    expect(meA.body.data.id).toBe(a.id);
    expect(meB.body.data.id).toBe(b.id);
  });
});
