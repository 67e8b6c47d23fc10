import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendPasswordReset } from '../../src/features/access/index.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import { logSmsProvider } from '../../src/notifications/log-sms.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { createTestCustomer } from '../harness/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let channels: NotificationChannels;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp();
  channels = openNotificationChannels({
    db: t.ctx.db,
    smtpUrl: smtp.url,
    emailFrom: 'Tranche <notifications@tranche.test>',
    log: pino({ level: 'silent' }),
    sms: logSmsProvider(pino({ level: 'silent' })),
  });
});

afterAll(async () => {
  await closeNotificationChannels(channels);
  await t.close();
  await smtp.close();
});

/** What the worker's send_password_reset job does for `resetId`. */
const send = (resetId: string) =>
  sendPasswordReset(
    {
      db: t.ctx.db,
      clock: t.clock,
      email: channels.email,
      publicBaseUrl: t.ctx.settings.publicBaseUrl,
    },
    resetId,
  );

async function resetsOf(customerId: string) {
  return t.ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
}

async function queuedJobs(resetId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM graphile_worker.jobs
    WHERE task_identifier = 'send_password_reset' AND key = ${`password-reset:${resetId}`}`.execute(
    t.ctx.db,
  );
  return Number(rows[0]?.count);
}

const mailTo = (address: string) => smtp.received.filter((m) => m.recipients.includes(address));

/** The token in the newest e-mail to `address` (from the link's fragment). */
function tokenMailedTo(address: string): string {
  const mail = mailTo(address).at(-1);
  const match = /\/dashboard\/reset-password#token=([A-Za-z0-9_]+)/.exec(mail?.parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link mailed to ${address}`);
  return match[1];
}

const request = (email: string) => t.http.post('/api/v1/customers/password-reset', { email });
const confirm = (token: string, password: string) =>
  t.http.post('/api/v1/customers/password-reset/confirm', { token, password });
const login = (email: string, password: string) =>
  t.http.post('/api/v1/customers/login', { email, password });

describe('password reset by e-mail', () => {
  it('an unknown address gets the same 202 as a known one, and nothing is queued or sent', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    const known = await request(customer.email);
    const unknown = await request('nobody-here@mail.test');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(Object.keys(unknown.body.data)).toEqual(Object.keys(known.body.data));
    expect(unknown.body.data).toMatchObject({
      object: 'password_reset_request',
      link_expires_in_minutes: 60,
    });
    const { rows } = await sql<{ count: string }>`
      SELECT count(*) AS count FROM password_resets r JOIN customers c ON c.id = r.customer_id
      WHERE c.email = 'nobody-here@mail.test'`.execute(t.ctx.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('the e-mailed link sets a new password once, signs the customer in and ends every other login', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    // Any capitalisation of the address finds the account.
    expect((await request(customer.email.toUpperCase())).status).toBe(202);
    const [reset] = await resetsOf(customer.id);
    expect(reset).toMatchObject({ status: 'pending', digest: null });
    expect(await queuedJobs(reset!.id)).toBe(1);

    expect(await send(reset!.id)).toBe('sent');
    const mail = mailTo(customer.email).at(-1)!.parsed;
    expect(mail.subject).toBe('Reset your Tranche password');
    expect(mail.text).toContain(`${t.ctx.settings.publicBaseUrl}/dashboard/reset-password#token=`);
    expect(mail.text).toContain('The link works once, until');
    const token = tokenMailedTo(customer.email);
    // Only the digest is kept: the token itself is nowhere in the database.
    const [sent] = await resetsOf(customer.id);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.digest).not.toContain(token);
    expect(JSON.stringify(sent)).not.toContain(token);
    // Sending again (a retried job) sends nothing more.
    expect(await send(reset!.id)).toBe('not_pending');
    expect(mailTo(customer.email)).toHaveLength(1);

    const confirmed = await confirm(token, 'a brand new password');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.customer).toMatchObject({ id: customer.id });
    expect(confirmed.body.data.access_token).toEqual(expect.any(String));

    expect((await login(customer.email, customer.password)).status).toBe(401);
    expect((await login(customer.email, 'a brand new password')).status).toBe(200);
    // The login from before the reset is over: its refresh token is refused.
    const stale = await t.http.post('/api/v1/customers/token/refresh', {
      refresh_token: customer.refreshToken,
    });
    expect(stale.status).toBe(401);
    // The session the reset opened goes on.
    const fresh = await t.http.post('/api/v1/customers/token/refresh', {
      refresh_token: confirmed.body.data.refresh_token,
    });
    expect(fresh.status).toBe(200);

    const again = await confirm(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ ok: false, code: 'reset_link_invalid' });
    expect(again.body.detail).toMatch(/expired or was already used/);
    expect((await login(customer.email, 'a brand new password')).status).toBe(200);
  });

  it('a link expires 60 minutes after it is sent', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    await request(customer.email);
    const [reset] = await resetsOf(customer.id);
    await send(reset!.id);
    const token = tokenMailedTo(customer.email);
    t.clock.advance(60 * 60_000);
    const late = await confirm(token, 'too late a password');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('reset_link_invalid');
    expect((await login(customer.email, customer.password)).status).toBe(200);
  });

  it('using one link retires the others; an unknown token is refused alike', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    await request(customer.email);
    await request(customer.email);
    const [first, second] = await resetsOf(customer.id);
    await send(first!.id);
    const firstToken = tokenMailedTo(customer.email);
    await send(second!.id);
    const secondToken = tokenMailedTo(customer.email);
    expect(secondToken).not.toBe(firstToken);

    expect((await confirm(secondToken, 'the second link password')).status).toBe(200);
    expect((await confirm(firstToken, 'the first link password')).body.code).toBe(
      'reset_link_invalid',
    );
    expect((await resetsOf(customer.id)).map((r) => r.status)).toEqual(['superseded', 'used']);
    expect((await confirm('prt_not-a-real-token', 'whatever password')).status).toBe(400);
  });

  it('at most 3 e-mails per account per hour; the 4th request answers the same and sends nothing', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    for (let i = 0; i < 4; i++) expect((await request(customer.email)).status).toBe(202);
    expect(await resetsOf(customer.id)).toHaveLength(3);
    t.clock.advance(61 * 60_000);
    await request(customer.email);
    expect(await resetsOf(customer.id)).toHaveLength(4);
  });

  it('a transient SMTP refusal is retried by the job (only the delivered link works); a permanent one gives up', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    await request(customer.email);
    const [reset] = await resetsOf(customer.id);
    smtp.refuseNext(1, 451);
    await expect(send(reset!.id)).rejects.toThrow(/SMTP/);
    expect((await resetsOf(customer.id))[0]).toMatchObject({ status: 'pending', digest: null });
    expect(await send(reset!.id)).toBe('sent');
    expect(mailTo(customer.email)).toHaveLength(1);
    expect((await confirm(tokenMailedTo(customer.email), 'after a retry')).status).toBe(200);

    const other = await createTestCustomer(t, { verified: false });
    await request(other.email);
    const [refused] = await resetsOf(other.id);
    smtp.refuseNext(1, 550);
    expect(await send(refused!.id)).toBe('failed');
    expect((await resetsOf(other.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('bad input is a 400 that names the field', async () => {
    const noEmail = await t.http.post('/api/v1/customers/password-reset', {});
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.detail).toMatch(/email/);
    const shortPassword = await confirm('prt_x', 'short');
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.detail).toMatch(/password/);
  });
});
