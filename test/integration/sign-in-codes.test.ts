import { randomInt } from 'node:crypto';

import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendSignInCode } from '../../src/features/customers/sign-in-codes.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { TermiiSms } from '../../src/notifications/termii/adapter.ts';
import {
  startTermiiSimulator,
  type TermiiSimulator,
} from '../../src/notifications/termii-simulator/server.ts';
import {
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Sign-in with a one-time code (decision 0053) and remembered devices (decision 0054), over real
 * HTTP and PostgreSQL; codes go out through the worker's send function to the Termii simulator
 * (SMS) and a real SMTP server (e-mail), and are read back from there as a customer would.
 */

let t: TestApp;
let sms: TermiiSimulator;
let smtp: TestSmtpServer;
let channels: NotificationChannels;
let merchant: TestMerchant;

beforeAll(async () => {
  sms = await startTermiiSimulator({ port: 0, apiKey: 'TLtest' });
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    trustProxy: ['127.0.0.1/8'],
    settings: { loginMaxFailures: 5, rateLimitSandboxPerMin: 100_000 },
  });
  channels = openNotificationChannels({
    db: t.ctx.db,
    smtpUrl: smtp.url,
    emailFrom: 'Tranche <notifications@tranche.test>',
    log: pino({ level: 'silent' }),
    sms: new TermiiSms({
      baseUrl: sms.url,
      apiKey: 'TLtest',
      senderId: 'Tranche',
      channel: 'dnd',
      timeoutMs: 2_000,
      name: 'termii-simulator',
    }),
  });
  merchant = await createTestMerchant(t);
});

afterAll(async () => {
  await closeNotificationChannels(channels);
  await t.close();
  await smtp.close();
  await sms.close();
});

/** Each test its own client IP, so the per-IP budgets of one test do not spill into the next. */
let ipCounter = 10;
const newIp = () => `127.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/** A fresh Nigerian mobile number per customer (a verified number is on one account only). */
const newPhone = () => `0803${String(randomInt(1_000_000, 9_999_999))}`;
const international = (local: string) => `+234${local.slice(1)}`;

async function register(phone = newPhone()) {
  const email = `c_${randomInt(1e9)}@mail.test`;
  const res = await t.http.post('/api/v1/customers/register', {
    email,
    password: 'a long customer password',
    first_name: 'Ada',
    last_name: 'Obi',
    phone,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.data.customer.id as string,
    email,
    phone,
    token: res.body.data.access_token as string,
  };
}

const send = (codeId: string) =>
  sendSignInCode({ db: t.ctx.db, clock: t.clock, secretBox: t.ctx.secretBox, channels }, codeId);

async function codesOf(customerId: string) {
  return t.ctx.db
    .selectFrom('sign_in_codes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

/** Sends the customer's newest pending code, as the worker's job would. */
async function sendLatest(customerId: string): Promise<string> {
  const row = (await codesOf(customerId)).at(-1);
  if (!row) throw new Error('no code asked for');
  expect(await send(row.id)).toBe('sent');
  return row.id;
}

/** The six digits in the newest SMS to `phone`, read from the simulator. */
function codeTextedTo(phone: string): string {
  const [message] = sms.messages(international(phone));
  const match = /^(\d{6}) is your Tranche code/.exec(message?.sms ?? '');
  if (!match?.[1]) throw new Error(`no code texted to ${phone}`);
  return match[1];
}

function codeMailedTo(email: string): string {
  const mail = smtp.received.filter((m) => m.recipients.includes(email)).at(-1);
  const match = /^ {4}(\d{6})$/m.exec(mail?.parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

async function verifyPhone(customer: { id: string; phone: string; token: string }, ip: string) {
  const asked = await t.http.post('/api/v1/customers/me/phone/verification', undefined, {
    token: customer.token,
    ...from(ip),
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await sendLatest(customer.id);
  const confirmed = await t.http.post(
    '/api/v1/customers/me/phone/verification/confirm',
    { code: codeTextedTo(customer.phone) },
    { token: customer.token, ...from(ip) },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body.data;
}

const ask = (body: Record<string, string>, ip: string) =>
  t.http.post('/api/v1/customers/sign-in-code', body, from(ip));
const verify = (body: Record<string, string>, ip: string) =>
  t.http.post('/api/v1/customers/sign-in-code/verify', body, from(ip));

async function queuedJobs(codeId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM graphile_worker.jobs
    WHERE task_identifier = 'send_sign_in_code' AND key = ${`sign-in-code:${codeId}`}`.execute(
    t.ctx.db,
  );
  return Number(rows[0]?.count);
}

describe('asking for a code', () => {
  it('answers the same for an account, an unknown address, and a phone not verified, and sends only to the account', async () => {
    const ip = newIp();
    const customer = await register();
    const known = await ask({ email: customer.email }, ip);
    const unknown = await ask({ email: 'nobody-here@mail.test' }, ip);
    const unverified = await ask({ phone: customer.phone }, ip);
    for (const res of [known, unknown, unverified]) expect(res.status).toBe(202);
    expect(unknown.body.data).toEqual({ ...known.body.data });
    expect(known.body.data).toEqual({
      object: 'sign_in_code_request',
      channel: 'email',
      code_expires_in_minutes: 10,
      resend_after_seconds: 60,
    });
    expect(unverified.body.data.channel).toBe('sms');
    // One row, for the known address; a phone nobody verified gets nothing.
    const rows = await codesOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', status: 'pending', digest: null });
    expect(await queuedJobs(rows[0]!.id)).toBe(1);
  });

  it('a malformed phone is a 400 naming the field (format, not existence)', async () => {
    const res = await ask({ phone: '12345678901' }, newIp());
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field ?? res.body.detail).toBeTruthy();
  });
});

describe('signing in with a code', () => {
  it('by e-mail: the mailed code signs in like a password, once; only a keyed digest is stored', async () => {
    const ip = newIp();
    const customer = await register();
    expect((await ask({ email: customer.email.toUpperCase() }, ip)).status).toBe(202);
    const codeId = await sendLatest(customer.id);
    const code = codeMailedTo(customer.email);
    const [row] = await codesOf(customer.id);
    expect(row).toMatchObject({ id: codeId, status: 'sent' });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expires_at!.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    // A retried job sends nothing more.
    expect(await send(codeId)).toBe('not_pending');

    const signedIn = await verify({ email: customer.email, code }, ip);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.customer).toMatchObject({ id: customer.id });
    const me = await t.http.get('/api/v1/customers/me', { token: signedIn.body.data.access_token });
    expect(me.status).toBe(200);
    // Used once.
    const again = await verify({ email: customer.email, code }, ip);
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe(
      'That code is wrong or has expired. Check it, or ask for a new one.',
    );
    // The password still works.
    const password = await t.http.post(
      '/api/v1/customers/login',
      { email: customer.email, password: 'a long customer password' },
      from(ip),
    );
    expect(password.status).toBe(200);
  });

  it('by SMS to a verified phone: the code texted through Termii (simulator) signs in, given as 080… or +234…', async () => {
    const ip = newIp();
    const customer = await register();
    const verified = await verifyPhone(customer, ip);
    expect(verified).toMatchObject({ id: customer.id, phone_verified: true });
    t.clock.advance(61_000);

    expect((await ask({ phone: international(customer.phone) }, ip)).status).toBe(202);
    await sendLatest(customer.id);
    const [texted] = sms.messages(international(customer.phone));
    expect(texted).toMatchObject({ from: 'Tranche', channel: 'dnd' });
    expect(texted!.sms.length).toBeLessThanOrEqual(160);
    const signedIn = await verify(
      { phone: customer.phone, code: codeTextedTo(customer.phone) },
      ip,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.customer).toMatchObject({ id: customer.id, phone_verified: true });
  });

  it('a code expires after ten minutes', async () => {
    const ip = newIp();
    const customer = await register();
    await ask({ email: customer.email }, ip);
    await sendLatest(customer.id);
    const code = codeMailedTo(customer.email);
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await verify({ email: customer.email, code }, ip)).status).toBe(401);
  });

  it('five wrong codes end the code and throttle code sign-in for the address (429), not the password', async () => {
    const ip = newIp();
    const customer = await register();
    await ask({ email: customer.email }, ip);
    await sendLatest(customer.id);
    const code = codeMailedTo(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await verify({ email: customer.email, code: wrong }, ip)).status).toBe(401);
    }
    expect((await codesOf(customer.id))[0]).toMatchObject({
      status: 'exhausted',
      failed_attempts: 5,
    });
    const locked = await verify({ email: customer.email, code }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('login_throttled');
    expect(locked.headers.get('retry-after')).toBeTruthy();
    // The password is another key.
    const password = await t.http.post(
      '/api/v1/customers/login',
      { email: customer.email, password: 'a long customer password' },
      from(newIp()),
    );
    expect(password.status).toBe(200);
    // Once the window ends, the exhausted code is still dead; a new one works.
    t.clock.advance(15 * 60_000);
    expect((await verify({ email: customer.email, code }, ip)).status).toBe(401);
    expect((await ask({ email: customer.email }, ip)).status).toBe(202);
    await sendLatest(customer.id);
    const fresh = codeMailedTo(customer.email);
    expect((await verify({ email: customer.email, code: fresh }, ip)).status).toBe(200);
  });

  it('a newer code supersedes the older one', async () => {
    const ip = newIp();
    const customer = await register();
    await ask({ email: customer.email }, ip);
    await sendLatest(customer.id);
    const first = codeMailedTo(customer.email);
    t.clock.advance(61_000);
    await ask({ email: customer.email }, ip);
    await sendLatest(customer.id);
    const second = codeMailedTo(customer.email);
    const rows = await codesOf(customer.id);
    expect(rows.map((r) => r.status)).toEqual(['superseded', 'sent']);
    if (first !== second) {
      expect((await verify({ email: customer.email, code: first }, ip)).status).toBe(401);
    }
    expect((await verify({ email: customer.email, code: second }, ip)).status).toBe(200);
  });
});

describe('throttles', () => {
  it('one request per address a minute (429 with Retry-After, known or not), five codes an hour', async () => {
    const ip = newIp();
    const customer = await register();
    expect((await ask({ email: customer.email }, ip)).status).toBe(202);
    const soon = await ask({ email: customer.email }, ip);
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('rate_limited');
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask({ email: 'nobody@mail.test' }, ip)).status).toBe(202);
    expect((await ask({ email: 'nobody@mail.test' }, ip)).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61_000);
      const res = await ask({ email: customer.email }, ip);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    // Six asked for within the hour, five written: the sixth answered the same and sent nothing.
    expect(await codesOf(customer.id)).toHaveLength(5);
  });

  it('twenty requests per IP in fifteen minutes, whatever the addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await ask({ email: `someone-${i}@mail.test` }, ip)).status).toBe(202);
    }
    const over = await ask({ email: 'someone-else@mail.test' }, ip);
    expect(over.status).toBe(429);
    expect((await ask({ email: 'someone-else@mail.test' }, newIp())).status).toBe(202);
  });
});

describe('verified phones', () => {
  it('a number verified on a second account stops being verified on the first', async () => {
    const phone = newPhone();
    const first = await register(phone);
    const second = await register(phone);
    await verifyPhone(first, newIp());
    await verifyPhone(second, newIp());
    const firstNow = await t.http.get('/api/v1/customers/me', { token: first.token });
    expect(firstNow.body.data.phone_verified).toBe(false);
    const secondNow = await t.http.get('/api/v1/customers/me', { token: second.token });
    expect(secondNow.body.data.phone_verified).toBe(true);
  });

  it('a number the provider refuses for good marks the code failed, and no code works', async () => {
    const customer = await register('08030000000');
    await t.http.post('/api/v1/customers/me/phone/verification', undefined, {
      token: customer.token,
      ...from(newIp()),
    });
    const [row] = await codesOf(customer.id);
    expect(await send(row!.id)).toBe('failed');
    expect((await codesOf(customer.id))[0]).toMatchObject({ status: 'failed', digest: null });
  });
});

describe('remembered devices (decision 0054)', () => {
  async function checkoutSession(merchantId = merchant.id, key = merchant.testKey) {
    const res = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchantId), {
      token: key,
      headers: { 'idempotency-key': newIdempotencyKey() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.token as string;
  }
  const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

  it('a ticked device continues in one tap at that shop only, until revoked', async () => {
    const customer = await register();
    const session = await checkoutSession();
    const remembered = await t.http.post(
      '/api/v1/customers/me/remembered-devices',
      { session_token: session },
      {
        token: customer.token,
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
        },
      },
    );
    expect(remembered.status, JSON.stringify(remembered.body)).toBe(201);
    expect(remembered.body.data).toMatchObject({
      object: 'remembered_device',
      merchant_id: merchant.id,
      label: 'Chrome on Android',
    });
    const setCookie = remembered.headers.get('set-cookie');
    expect(setCookie).toMatch(/^tranche_device_mer_[A-Za-z0-9]+=rdt_[A-Za-z0-9]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/v1/customers/remembered-device');
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(JSON.stringify(remembered.body)).not.toContain('rdt_');
    const cookie = cookieOf(setCookie);

    // A later checkout of the same shop on this browser.
    const later = await checkoutSession();
    const status = await t.http.get(`/api/v1/customers/remembered-device?session_token=${later}`, {
      headers: { cookie },
    });
    expect(status.body.data).toEqual({
      object: 'remembered_device_status',
      remembered: true,
      first_name: 'Ada',
      email_hint: `c***@mail.test`,
    });
    const continued = await t.http.post(
      '/api/v1/customers/remembered-device/continue',
      { session_token: later },
      { headers: { cookie } },
    );
    expect(continued.status, JSON.stringify(continued.body)).toBe(200);
    expect(continued.body.data.customer.id).toBe(customer.id);

    // No cookie, or another shop (even with this token under that shop's cookie name): ask again.
    expect(
      (await t.http.post('/api/v1/customers/remembered-device/continue', { session_token: later }))
        .status,
    ).toBe(401);
    const otherShop = await createTestMerchant(t);
    const otherSession = await checkoutSession(otherShop.id, otherShop.testKey);
    const [, token] = cookie.split('=');
    const elsewhere = await t.http.post(
      '/api/v1/customers/remembered-device/continue',
      { session_token: otherSession },
      { headers: { cookie: `tranche_device_${otherShop.id}=${token}` } },
    );
    expect(elsewhere.status).toBe(401);

    // Listed on the dashboard, and revoked from there.
    const list = await t.http.get('/api/v1/customers/me/remembered-devices', {
      token: customer.token,
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ merchant_name: 'Ade Stores' });
    const revoked = await t.http.delete(
      `/api/v1/customers/me/remembered-devices/${list.body.data[0].id}`,
      { token: customer.token },
    );
    expect(revoked.status).toBe(200);
    const afterRevoke = await t.http.post(
      '/api/v1/customers/remembered-device/continue',
      { session_token: later },
      { headers: { cookie } },
    );
    expect(afterRevoke.status).toBe(401);
  });

  it("another customer's device (404): a device is revoked only by its own customer", async () => {
    const owner = await register();
    const stranger = await register();
    const session = await checkoutSession();
    const remembered = await t.http.post(
      '/api/v1/customers/me/remembered-devices',
      { session_token: session },
      { token: owner.token },
    );
    const id = remembered.body.data.id as string;
    const theirs = await t.http.delete(`/api/v1/customers/me/remembered-devices/${id}`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    expect(
      (await t.http.get('/api/v1/customers/me/remembered-devices', { token: stranger.token })).body
        .data,
    ).toEqual([]);
    const own = await t.http.get('/api/v1/customers/me/remembered-devices', { token: owner.token });
    expect(own.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('a remembered device lasts thirty days; "Not you?" forgets it and clears the cookie', async () => {
    const customer = await register();
    const session = await checkoutSession();
    const remember = async (token: string) =>
      cookieOf(
        (
          await t.http.post(
            '/api/v1/customers/me/remembered-devices',
            { session_token: session },
            { token },
          )
        ).headers.get('set-cookie'),
      );
    const cookie = await remember(customer.token);
    const go = (c: string) =>
      t.http.post(
        '/api/v1/customers/remembered-device/continue',
        { session_token: session },
        { headers: { cookie: c } },
      );
    t.clock.advance(29 * 24 * 3600_000);
    expect((await go(cookie)).status).toBe(200);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await go(cookie)).status).toBe(401);

    // Thirty days on, the first access token is long expired: sign in again to tick the box.
    const again = await t.http.post(
      '/api/v1/customers/login',
      { email: customer.email, password: 'a long customer password' },
      from(newIp()),
    );
    const second = await remember(again.body.data.access_token as string);
    const forgot = await t.http.post(
      '/api/v1/customers/remembered-device/forget',
      { session_token: session },
      { headers: { cookie: second } },
    );
    expect(forgot.status).toBe(200);
    expect(forgot.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await go(second)).status).toBe(401);
  });
});
