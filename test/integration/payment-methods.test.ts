import { createHmac } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestCustomer } from '../harness/fixtures.ts';
import { payOnCardPage, TEST_CARDS } from '../harness/sandbox.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof createTestCustomer>>;
const auth = (c: Customer) => ({ token: c.accessToken });
const CALLBACK = 'https://shop.example/checkout/card-return';

async function linkCard(
  c: Customer,
  card: (typeof TEST_CARDS)[keyof typeof TEST_CARDS] = TEST_CARDS.success,
  isDefault = false,
) {
  const init = await t.http.post(
    '/api/v1/payment-methods/initialize-card',
    { customer_id: c.id, callback_url: CALLBACK, is_default: isDefault },
    auth(c),
  );
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const redirect = await payOnCardPage(init.body.authorization_url, card);
  const reference = new URL(redirect).searchParams.get('reference') ?? '';
  return {
    init,
    redirect,
    reference,
    verify: () =>
      t.http.post(
        '/api/v1/payment-methods/verify-card',
        { customer_id: c.id, reference, is_default: isDefault },
        auth(c),
      ),
  };
}

const mandate = (c: Customer, bank_code: string, account_number: string, is_default = false) =>
  t.http.post(
    `/api/v1/payment-methods/customers/${c.id}/initiate-bank-mandate`,
    { bank_code, account_number, is_default },
    auth(c),
  );

const step = (
  c: Customer,
  path: string,
  reference: string,
  bank: { code: string; name: string; account: string },
  extra: Record<string, string> = {},
) =>
  t.http.post(
    `/api/v1/payment-methods/bank-mandate/${path}`,
    {
      customer_id: c.id,
      reference,
      bank_code: bank.code,
      bank_name: bank.name,
      account_number: bank.account,
      is_default: false,
      ...extra,
    },
    auth(c),
  );

const ZENITH = { code: '057', name: 'Zenith Bank', account: '0000000000' };
const GTB = { code: '058', name: 'Guaranty Trust Bank', account: '0000000001' };
const UBA = { code: '033', name: 'United Bank For Africa', account: '0000000002' };
const ACCESS = { code: '044', name: 'Access Bank', account: '0000000003' };
/** Paystack lists Globus Bank as 00103; its CBN code, the one we serve, is 103. */
const GLOBUS = { code: '103', name: 'Globus Bank', account: '0000000000' };

describe('banks', () => {
  it('lists Nigerian banks that support direct debit, as { name, code }', async () => {
    const c = await createTestCustomer(t);
    const res = await t.http.get('/api/v1/payment-methods/banks', auth(c));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: '057' })]),
    );
    for (const bank of res.body.data) expect(Object.keys(bank).sort()).toEqual(['code', 'name']);
  });

  it('every listed bank code is 3 digits (spec §2.2): Globus Bank is 103', async () => {
    const c = await createTestCustomer(t);
    const res = await t.http.get('/api/v1/payment-methods/banks', auth(c));
    for (const bank of res.body.data) expect(bank.code, bank.name).toMatch(/^\d{3}$/);
    expect(res.body.data).toContainEqual({ name: 'Globus Bank', code: '103' });
  });

  it('a mandate at Globus Bank (103) reaches the gateway with the gateway’s code (00103)', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, GLOBUS.code, GLOBUS.account);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ ok: true, next_action: 'submit_otp' });
    const sent = await sql<{ bank_code: string | null }>`
      SELECT flow->>'bankCode' AS bank_code FROM sandbox_gateway.transactions
       WHERE reference = ${start.body.reference}`.execute(t.ctx.db);
    expect(sent.rows[0]?.bank_code).toBe('00103');
    const done = await step(c, 'submit-otp', start.body.reference, GLOBUS, { otp: '123456' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      next_action: 'success',
      data: { type: 'bank', label: 'Globus Bank ******0000' },
    });
  });
});

describe('card: initialize → hosted page → verify', () => {
  it('links a card with label "<Brand> Card", the first method becoming the default', async () => {
    const c = await createTestCustomer(t);
    const flow = await linkCard(c);
    expect(flow.init.body.authorization_url).toMatch(/^http/);
    expect(flow.redirect.startsWith(`${CALLBACK}?`)).toBe(true);
    expect(flow.reference).toBe(flow.init.body.reference);
    const res = await flow.verify();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: c.id,
      type: 'card',
      label: 'Visa Card',
      last4: '4081',
      is_default: true,
      status: 'active',
    });
    expect(res.body.data.id).toMatch(/^pm_/);
    expect(JSON.stringify(res.body)).not.toMatch(/AUTH_/);

    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.authorization_sealed).not.toMatch(/AUTH_/);
    expect(t.ctx.secretBox.open(row.authorization_sealed)).toMatch(/^AUTH_/);

    const again = await flow.verify();
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);

    const list = await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c));
    expect(list.body).toMatchObject({ ok: true, total: 1 });
  });

  it('enqueues the refund of the ₦50 verification charge with the saved card', async () => {
    const c = await createTestCustomer(t);
    const flow = await linkCard(c);
    await flow.verify();
    const jobs = await t.ctx.db
      .selectFrom('graphile_worker.jobs' as never)
      .select(['task_identifier' as never, 'key' as never])
      .execute();
    expect(jobs).toEqual(
      expect.arrayContaining([
        {
          task_identifier: 'refund_verification_charge',
          key: `refund-verification:${flow.reference}`,
        },
      ]),
    );
  });

  it('verify-card without is_default applies the value given at initialize; a value sent at verify wins (issue 24 item 12)', async () => {
    const c = await createTestCustomer(t);
    const first = await (await linkCard(c)).verify();
    expect(first.body.data.is_default).toBe(true);
    const verifyWith = (reference: string, extra: Record<string, boolean>) =>
      t.http.post(
        '/api/v1/payment-methods/verify-card',
        { customer_id: c.id, reference, ...extra },
        auth(c),
      );

    // Asked for at initialize, is_default left out at verify: the new card becomes the default.
    const asInitialized = await linkCard(c, TEST_CARDS.success, true);
    const second = await verifyWith(asInitialized.reference, {});
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.is_default).toBe(true);

    // Asked for at initialize, then declined at verify: the value sent at verify applies.
    const overridden = await linkCard(c, TEST_CARDS.success, true);
    const third = await verifyWith(overridden.reference, { is_default: false });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.data.is_default).toBe(false);

    const list = await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c));
    const defaults = list.body.data.filter((m: { is_default: boolean }) => m.is_default);
    expect(defaults.map((m: { id: string }) => m.id)).toEqual([second.body.data.id]);
  });

  it('409 before the card page is completed', async () => {
    const c = await createTestCustomer(t);
    const init = await t.http.post(
      '/api/v1/payment-methods/initialize-card',
      { customer_id: c.id, callback_url: CALLBACK, is_default: false },
      auth(c),
    );
    const res = await t.http.post(
      '/api/v1/payment-methods/verify-card',
      { customer_id: c.id, reference: init.body.reference, is_default: false },
      auth(c),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('setup_pending');
  });

  it('402 for a declined card, and nothing is saved', async () => {
    const c = await createTestCustomer(t);
    const flow = await linkCard(c, TEST_CARDS.declined);
    const res = await flow.verify();
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('payment_failed');
    expect(
      (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body.total,
    ).toBe(0);
  });

  it('400 for a callback_url that is not a URL', async () => {
    const c = await createTestCustomer(t);
    const res = await t.http.post(
      '/api/v1/payment-methods/initialize-card',
      { customer_id: c.id, callback_url: 'not a url', is_default: false },
      auth(c),
    );
    expect(res.status).toBe(400);
  });
});

describe('bank mandate: every next_action path', () => {
  it('submit_otp → success', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ ok: true, next_action: 'submit_otp' });
    expect(start.body.reference).toMatch(/^pmb-/);
    expect(typeof start.body.display_text).toBe('string');
    const done = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '123456' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      ok: true,
      next_action: 'success',
      data: { type: 'bank', label: 'Zenith Bank ******0000', last4: '0000', is_default: true },
    });
  });

  it('submit_otp → submit_birthday → success', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, GTB.code, GTB.account);
    const otp = await step(c, 'submit-otp', start.body.reference, GTB, { otp: '123456' });
    expect(otp.body).toMatchObject({ next_action: 'submit_birthday' });
    expect(typeof otp.body.display_text).toBe('string');
    const done = await step(c, 'submit-birthday', start.body.reference, GTB, {
      birthday: '2006-09-06',
    });
    expect(done.body).toMatchObject({ next_action: 'success', data: { type: 'bank' } });
  });

  it('submit_otp → submit_phone → success', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, UBA.code, UBA.account);
    const otp = await step(c, 'submit-otp', start.body.reference, UBA, { otp: '123456' });
    expect(otp.body).toMatchObject({ next_action: 'submit_phone' });
    const done = await step(c, 'submit-phone', start.body.reference, UBA, { phone: '08031234567' });
    expect(done.body).toMatchObject({ next_action: 'success', data: { type: 'bank' } });
  });

  it('open_url → (popup) → verify → success', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ACCESS.code, ACCESS.account);
    expect(start.body).toMatchObject({ next_action: 'open_url' });
    expect(start.body.url).toMatch(/^http/);
    const early = await step(c, 'verify', start.body.reference, ACCESS);
    expect(early.status).toBe(409);
    const approve = await fetch(start.body.url, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approve.status).toBeLessThan(400);
    const done = await step(c, 'verify', start.body.reference, ACCESS);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      next_action: 'success',
      data: { type: 'bank', label: expect.stringMatching(/\*{6}0003$/) },
    });
    // Verifying twice returns the same method.
    const twice = await step(c, 'verify', start.body.reference, ACCESS);
    expect(twice.body.data.id).toBe(done.body.data.id);
  });

  it('a wrong OTP asks again in our words, with the tries left; the right one then links', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    // The bank's prompt ("Please send the OTP sent to 080****0000") in our words.
    expect(start.body).toMatchObject({
      next_action: 'submit_otp',
      otp_attempts_left: 3,
      display_text:
        'Enter the one-time code your bank sent by text message to the phone number 080****0000.',
    });
    const wrong = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '000000' });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    expect(wrong.body).toEqual({
      ok: true,
      next_action: 'submit_otp',
      reference: start.body.reference,
      otp_attempts_left: 2,
      display_text:
        'That code did not match. Enter the newest code your bank sent to the phone number 080****0000 (2 tries left).',
    });
    const right = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '123456' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ next_action: 'success', data: { type: 'bank' } });
  });

  it('the third wrong OTP ends the set-up with 402 in one sentence; starting again works', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    const first = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '000000' });
    expect(first.body.otp_attempts_left).toBe(2);
    const second = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '111111' });
    expect(second.body).toMatchObject({ otp_attempts_left: 1 });
    expect(second.body.display_text).toMatch(/\(1 try left\)\.$/);
    const third = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '222222' });
    expect(third.status).toBe(402);
    expect(third.body.code).toBe('payment_failed');
    expect(third.body.detail).toBe('The bank did not approve the mandate: Invalid OTP.');
    const after = await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '123456' });
    expect(after.status).toBe(402);
    const row = await t.ctx.db
      .selectFrom('payment_method_setups')
      .select(['status', 'wrong_otp_count'])
      .where('reference', '=', start.body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', wrong_otp_count: 2 });
    // A new code is a new set-up on the same account (Paystack has no resend for a charge's code).
    const again = await mandate(c, ZENITH.code, ZENITH.account);
    expect(
      (await step(c, 'submit-otp', again.body.reference, ZENITH, { otp: '123456' })).body
        .next_action,
    ).toBe('success');
  });

  it.each([
    ['an unknown bank code', '999', '0000000000', /bank_code/],
    ['an account number that is not 10 digits', '057', '000000000', /10-digit/],
    ['letters in the account number', '057', '00000000AB', /10-digit/],
  ])('400 for %s', async (_name, bank_code, account_number, detail) => {
    const c = await createTestCustomer(t);
    const res = await mandate(c, bank_code, account_number);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('400 when the echoed bank details differ from the mandate being set up', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    const res = await step(
      c,
      'submit-otp',
      start.body.reference,
      { ...ZENITH, account: '0000000009' },
      { otp: '123456' },
    );
    expect(res.status).toBe(400);
  });

  it('409 for an expired reference', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    t.clock.advance(61 * 60_000);
    // The access token has expired too; sign in again first.
    const login = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: c.password,
    });
    const res = await step(
      { ...c, accessToken: login.body.data.access_token },
      'submit-otp',
      start.body.reference,
      ZENITH,
      { otp: '123456' },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('setup_expired');
  });

  it('409 for a step the mandate is not waiting for', async () => {
    const c = await createTestCustomer(t);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    const res = await step(c, 'submit-birthday', start.body.reference, ZENITH, {
      birthday: '2006-09-06',
    });
    expect(res.status).toBe(409);
  });
});

describe('default and delete', () => {
  it('keeps exactly one default; switching, deleting the default promotes the newest other', async () => {
    const c = await createTestCustomer(t);
    const first = (await (await linkCard(c)).verify()).body.data;
    t.clock.advance(1_000);
    const start = await mandate(c, ZENITH.code, ZENITH.account);
    const second = (await step(c, 'submit-otp', start.body.reference, ZENITH, { otp: '123456' }))
      .body.data;
    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(false);

    const put = await t.http.request(
      'PUT',
      `/api/v1/payment-methods/${second.id}/default`,
      auth(c),
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ok: true, message: expect.any(String) });
    const list = (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body.data;
    expect(
      list.filter((m: { is_default: boolean }) => m.is_default).map((m: { id: string }) => m.id),
    ).toEqual([second.id]);

    t.clock.advance(1_000);
    const third = (await (await linkCard(c, TEST_CARDS.success, true)).verify()).body.data;
    expect(third.is_default).toBe(true);
    const defaults = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', c.id)
      .where('is_default', '=', true)
      .execute();
    expect(defaults.map((d) => d.id)).toEqual([third.id]);

    const del = await t.http.delete(`/api/v1/payment-methods/${third.id}`, auth(c));
    expect(del.status).toBe(200);
    const after = (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body;
    expect(after.total).toBe(2);
    expect(after.data.find((m: { is_default: boolean }) => m.is_default).id).toBe(second.id);
    expect((await t.http.delete(`/api/v1/payment-methods/${third.id}`, auth(c))).status).toBe(404);
    expect(
      (await t.http.request('PUT', '/api/v1/payment-methods/pm_nope/default', auth(c))).status,
    ).toBe(404);
  });

  it('concurrent default switches between methods linked in the same millisecond never fail (B30: was a deadlock, 500)', async () => {
    const c = await createTestCustomer(t);
    // No clock advance: both methods have the same created_at, the tie the locks must not depend on.
    const a = (await (await linkCard(c)).verify()).body.data;
    const b = (await (await linkCard(c)).verify()).body.data;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.http
          .request('PUT', `/api/v1/payment-methods/${i % 2 ? a.id : b.id}/default`, auth(c))
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const defaults = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', c.id)
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toHaveLength(1);
  });
});

describe('ownership: a customer reaches only their own methods', () => {
  it('another customer gets 404 everywhere and learns nothing; no token or a merchant key gets 401', async () => {
    const alice = await createTestCustomer(t);
    const bob = await createTestCustomer(t);
    const flow = await linkCard(alice);
    const method = (await flow.verify()).body.data;
    const pending = await mandate(alice, ZENITH.code, ZENITH.account);

    const attempts = [
      t.http.get(`/api/v1/payment-methods/customers/${alice.id}`, auth(bob)),
      t.http.post(
        '/api/v1/payment-methods/initialize-card',
        { customer_id: alice.id, callback_url: CALLBACK, is_default: false },
        auth(bob),
      ),
      t.http.post(
        '/api/v1/payment-methods/verify-card',
        { customer_id: alice.id, reference: flow.reference, is_default: false },
        auth(bob),
      ),
      t.http.post(
        '/api/v1/payment-methods/verify-card',
        { customer_id: bob.id, reference: flow.reference, is_default: false },
        auth(bob),
      ),
      mandate({ ...alice, accessToken: bob.accessToken }, ZENITH.code, ZENITH.account),
      step(bob, 'submit-otp', pending.body.reference, ZENITH, { otp: '123456' }),
      step(bob, 'submit-birthday', pending.body.reference, ZENITH, { birthday: '1990-01-15' }),
      step(bob, 'submit-phone', pending.body.reference, ZENITH, { phone: '08031234567' }),
      step(bob, 'verify', pending.body.reference, ZENITH),
      t.http.request('PUT', `/api/v1/payment-methods/${method.id}/default`, auth(bob)),
      t.http.delete(`/api/v1/payment-methods/${method.id}`, auth(bob)),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(alice.id);
      expect(JSON.stringify(res.body)).not.toContain(method.id);
    }
    expect((await t.http.get(`/api/v1/payment-methods/customers/${alice.id}`)).status).toBe(401);
    expect((await t.http.get('/api/v1/payment-methods/banks')).status).toBe(401);
    // Alice's method is untouched.
    expect(
      (await t.http.get(`/api/v1/payment-methods/customers/${alice.id}`, auth(alice))).body.data[0],
    ).toMatchObject({ id: method.id, is_default: true });
  });
});

describe('revocations (POST /api/v1/webhooks/payment-gateway)', () => {
  const sign = (body: string, key = t.sandbox.secretKey) =>
    createHmac('sha512', key).update(body).digest('hex');
  const post = (body: string, signature: string | undefined) =>
    t.http.request('POST', '/api/v1/webhooks/payment-gateway', {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        ...(signature && { 'x-paystack-signature': signature }),
      },
    });

  async function cardWithCode(c: Customer) {
    const method = (await (await linkCard(c)).verify()).body.data;
    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', method.id)
      .executeTakeFirstOrThrow();
    return { method, code: t.ctx.secretBox.open(row.authorization_sealed) };
  }

  it.each([
    'charge.dispute.create',
    'authorization.revoked',
    'mandate.revoked',
    'mandate.cancelled',
    'subscription.disable',
  ])('%s sent by the sandbox revokes the method and clears its default', async (event) => {
    const c = await createTestCustomer(t);
    const { method, code } = await cardWithCode(c);
    const backup = (
      await step(
        c,
        'submit-otp',
        (await mandate(c, ZENITH.code, ZENITH.account)).body.reference,
        ZENITH,
        { otp: '123456' },
      )
    ).body.data;
    const sent = await t.sandbox.control('POST', '/_sandbox/events', {
      event,
      authorization_code: code,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.delivered).toBe(true);
    const list = (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body.data;
    const revoked = list.find((m: { id: string }) => m.id === method.id);
    expect(revoked).toMatchObject({ status: 'revoked', is_default: false });
    expect(list.find((m: { id: string }) => m.id === backup.id)).toMatchObject({
      status: 'active',
      is_default: true,
    });
    expect(
      (await t.http.request('PUT', `/api/v1/payment-methods/${method.id}/default`, auth(c))).status,
    ).toBe(409);
  });

  it('a forged signature changes nothing (401)', async () => {
    const c = await createTestCustomer(t);
    const { method, code } = await cardWithCode(c);
    const body = JSON.stringify({
      event: 'authorization.revoked',
      data: { authorization: { authorization_code: code } },
    });
    expect((await post(body, sign(body, 'sk_test_not_the_key'))).status).toBe(401);
    expect((await post(body, undefined)).status).toBe(401);
    expect((await post(body, sign(`${body} `))).status).toBe(401);
    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .select('status')
      .where('id', '=', method.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('a duplicated event applies once; an unknown event is acknowledged and changes nothing', async () => {
    const c = await createTestCustomer(t);
    const { method, code } = await cardWithCode(c);
    const body = JSON.stringify({ event: 'mandate.revoked', data: { authorization_code: code } });
    const first = await post(body, sign(body));
    const second = await post(body, sign(body));
    expect([first.body.status, second.body.status]).toEqual(['processed', 'duplicate']);
    const events = await t.ctx.db
      .selectFrom('gateway_events')
      .selectAll()
      .where('event', '=', 'mandate.revoked')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(
      (
        await t.ctx.db
          .selectFrom('payment_methods')
          .select('status')
          .where('id', '=', method.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('revoked');

    const unknown = JSON.stringify({
      event: 'customeridentification.success',
      data: { authorization_code: code },
    });
    const res = await post(unknown, sign(unknown));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ignored');
  });
});
