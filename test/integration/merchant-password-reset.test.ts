import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendPasswordReset } from '../../src/features/access/index.ts';
import { createMerchant, deactivateMerchant } from '../../src/features/merchants/index.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import { logSmsProvider } from '../../src/notifications/log-sms.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import { createTestCustomer, createTestMerchant } from '../harness/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Merchant password reset by e-mail (issue 28 item 6, decision 0058): the customers' pieces
 * (one table, one job), a link to the merchant dashboard, and the way a merchant created with the
 * CLI (no password) sets its first one.
 */
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

const resetsOf = (merchantId: string) =>
  t.ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();

const mailTo = (address: string) => smtp.received.filter((m) => m.recipients.includes(address));

function tokenIn(text: string | undefined, page: 'merchant' | 'dashboard'): string {
  const match = new RegExp(`/${page}/reset-password#token=([A-Za-z0-9_]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no /${page} reset link in ${text ?? '(no mail)'}`);
  return match[1];
}

const request = (email: string) => t.http.post('/api/v1/merchant/password-reset', { email });
const confirm = (token: string, password: string) =>
  t.http.post('/api/v1/merchant/password-reset/confirm', { token, password });
const login = (email: string, password: string) =>
  t.http.post('/api/v1/merchant/login', { email, password });

describe('merchant password reset by e-mail', () => {
  it('a merchant created without a password (the CLI) sets one by e-mail and is signed in; registering the address again says how', async () => {
    const email = `cli-${randomBase62(8).toLowerCase()}@shop.test`;
    const created = await createMerchant(t.ctx, { businessName: 'Made By CLI', email });
    const id = created.merchant.id;
    // No password: no sign-in, and the same address cannot register.
    expect((await login(email, 'anything at all')).status).toBe(401);
    const again = await t.http.post('/api/v1/merchant/register', {
      business_name: 'Made By CLI',
      email,
      password: 'a password of mine',
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('/merchant/forgot-password');

    const answered = await request(email.toUpperCase());
    expect(answered.status).toBe(202);
    expect(answered.body.data).toMatchObject({
      object: 'password_reset_request',
      link_expires_in_minutes: 60,
    });
    const [reset] = await resetsOf(id);
    expect(reset).toMatchObject({ status: 'pending', customer_id: null, merchant_id: id });
    expect(await send(reset!.id)).toBe('sent');
    const mail = mailTo(email).at(-1)!.parsed;
    expect(mail.subject).toBe('Set your Tranche merchant dashboard password');
    expect(mail.text).toMatch(/^Hi Made By CLI,/);
    expect(mail.text).toContain(`${t.ctx.settings.publicBaseUrl}/merchant/reset-password#token=`);
    const token = tokenIn(mail.text, 'merchant');

    const confirmed = await confirm(token, 'my first dashboard password');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.merchant).toMatchObject({ id, object: 'merchant' });
    const me = await t.http.get(`/api/v1/merchant/${id}`, {
      token: confirmed.body.data.access_token,
    });
    expect(me.status).toBe(200);
    expect((await login(email, 'my first dashboard password')).status).toBe(200);
    expect((await confirm(token, 'again with the same link')).body.code).toBe('reset_link_invalid');
  });

  it('a reset ends every other login; a forgotten password is replaced, and the e-mail says "reset"', async () => {
    const merchant = await createTestMerchant(t);
    const before = await login(merchant.email, merchant.password);
    expect(before.status).toBe(200);
    await request(merchant.email);
    const [reset] = await resetsOf(merchant.id);
    await send(reset!.id);
    const mail = mailTo(merchant.email).at(-1)!.parsed;
    expect(mail.subject).toBe('Reset your Tranche merchant dashboard password');
    expect((await confirm(tokenIn(mail.text, 'merchant'), 'a new merchant password')).status).toBe(
      200,
    );
    const stale = await t.http.post('/api/v1/merchant/token/refresh', {
      refresh_token: before.body.data.refresh_token,
    });
    expect(stale.status).toBe(401);
    expect((await login(merchant.email, merchant.password)).status).toBe(401);
    expect((await login(merchant.email, 'a new merchant password')).status).toBe(200);
  });

  it('an unknown address answers the same; a customer’s link never opens a merchant account, nor the other way round', async () => {
    const unknown = await request('nobody-merchant@shop.test');
    expect(unknown.status).toBe(202);
    expect(unknown.body.data.email).toBe('nobody-merchant@shop.test');

    const customer = await createTestCustomer(t, { verified: false });
    await t.http.post('/api/v1/customers/password-reset', { email: customer.email });
    const row = await t.ctx.db
      .selectFrom('password_resets')
      .select('id')
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    await send(row.id);
    const customerToken = tokenIn(mailTo(customer.email).at(-1)?.parsed.text, 'dashboard');
    expect((await confirm(customerToken, 'a merchant password?')).body.code).toBe(
      'reset_link_invalid',
    );

    const merchant = await createTestMerchant(t);
    await request(merchant.email);
    const [reset] = await resetsOf(merchant.id);
    await send(reset!.id);
    const merchantToken = tokenIn(mailTo(merchant.email).at(-1)?.parsed.text, 'merchant');
    const crossed = await t.http.post('/api/v1/customers/password-reset/confirm', {
      token: merchantToken,
      password: 'a customer password?',
    });
    expect(crossed.body.code).toBe('reset_link_invalid');
    // Both links still work for their own accounts.
    expect(
      (
        await t.http.post('/api/v1/customers/password-reset/confirm', {
          token: customerToken,
          password: 'the customer password',
        })
      ).status,
    ).toBe(200);
    expect((await confirm(merchantToken, 'the merchant password')).status).toBe(200);
  });

  it('at most 3 e-mails per merchant per hour; a deactivated merchant’s password is set but it is not signed in', async () => {
    const merchant = await createTestMerchant(t);
    for (let i = 0; i < 4; i++) expect((await request(merchant.email)).status).toBe(202);
    expect(await resetsOf(merchant.id)).toHaveLength(3);

    await deactivateMerchant(t.ctx, merchant.id, { name: 'test' }, 'Paperwork missing');
    const [first] = await resetsOf(merchant.id);
    await send(first!.id);
    const token = tokenIn(mailTo(merchant.email).at(-1)?.parsed.text, 'merchant');
    const answer = await confirm(token, 'set while deactivated');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('merchant_inactive');
  });

  it('a link expires 60 minutes after it is sent', async () => {
    const merchant = await createTestMerchant(t);
    await request(merchant.email);
    const [reset] = await resetsOf(merchant.id);
    await send(reset!.id);
    t.clock.advance(60 * 60_000);
    const late = await confirm(
      tokenIn(mailTo(merchant.email).at(-1)?.parsed.text, 'merchant'),
      'too late a password',
    );
    expect(late.body.code).toBe('reset_link_invalid');
    expect((await login(merchant.email, merchant.password)).status).toBe(200);
  });
});
