import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type SandboxGateway, startSandboxGateway } from '../../src/gateway/sandbox/server.ts';
import { createTestDatabase } from '../harness/database.ts';
import { waitFor } from '../harness/e2e.ts';

/**
 * The sandbox gateway through real HTTP, as the Paystack adapter will use it, with a real local
 * receiver collecting webhooks and checking their signatures independently.
 */

const SECRET = 'sk_test_sandbox_0123456789abcdef0123456789';
const SETTLE_DELAY_MS = 250;
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
const CALLBACK = 'https://shop.example/paystack/callback?order=42';

// ---------------------------------------------------------------------------------------------
// A webhook receiver: node:http on port 0, recording raw bodies and headers.

interface Received {
  event: string;
  data: any;
  raw: string;
  signature: string | undefined;
  contentType: string | undefined;
}

interface Receiver {
  url: string;
  received: Received[];
  refuseNext(count: number): void;
  waitFor(predicate: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let refuse = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (refuse > 0) {
        refuse -= 1;
        res.statusCode = 500;
        res.end('not now');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(raw);
      received.push({
        event: parsed.event,
        data: parsed.data,
        raw,
        signature: req.headers['x-paystack-signature'] as string | undefined,
        contentType: req.headers['content-type'],
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    refuseNext: (count) => {
      refuse = count;
    },
    // Generous (within the test's timeout): it ends when the webhook comes; only a lost one waits.
    waitFor: async (predicate, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('webhook not received in time');
        await sleep(20);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Independent check: HMAC-SHA512 over the exact body bytes, hex, constant-time compare. */
function hasValidSignature(r: Received): boolean {
  if (r.signature === undefined) return false;
  const expected = Buffer.from(createHmac('sha512', SECRET).update(r.raw).digest('hex'));
  const actual = Buffer.from(r.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP helpers

interface Response {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

interface CallOptions {
  token?: string | null;
  form?: boolean;
}

async function call(
  gateway: SandboxGateway,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? SECRET : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (body !== undefined && options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body as Record<string, string>).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(payload !== undefined && { body: payload }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML pages stay text.
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

let counter = 0;
const uniqueEmail = () => `buyer${Date.now()}${counter++}@example.ng`;
const uniqueReference = (prefix = 'ref') => `${prefix}-${Date.now()}-${counter++}`;
const transferReference = () => `trf_${Date.now()}_${counter++}_abcdefgh`;

async function initialize(gateway: SandboxGateway, overrides: Record<string, unknown> = {}) {
  const res = await call(gateway, 'POST', '/transaction/initialize', {
    email: uniqueEmail(),
    amount: 500_000,
    callback_url: CALLBACK,
    ...overrides,
  });
  expect(res.status).toBe(200);
  return res.body.data as { authorization_url: string; access_code: string; reference: string };
}

function payOnPage(gateway: SandboxGateway, accessCode: string, fields: Record<string, string>) {
  return call(gateway, 'POST', `/checkout/${accessCode}`, fields, { form: true, token: null });
}

const CARDS = {
  success: { card_number: '4084084084084081', cvv: '408' },
  pin: { card_number: '507850785078507812', cvv: '081', pin: '1111' },
  pinOtp: { card_number: '5060666666666666666', cvv: '123', pin: '1234', otp: '123456' },
  pinPhoneOtp: { card_number: '507850785078507804', cvv: '884', pin: '0000', otp: '123456' },
  bankAuth: { card_number: '4084080000000409', cvv: '000' },
  declined: { card_number: '4084080000005408', cvv: '001' },
  tokenNotGenerated: { card_number: '507850785078507853', cvv: '082', pin: '0000' },
  insufficientFunds: { card_number: '4084080000670037', cvv: '787' },
};

/** Initializes and pays with a card in one scripted POST; returns the verified transaction. */
async function payWithCard(
  gateway: SandboxGateway,
  card: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const init = await initialize(gateway, overrides);
  const paid = await payOnPage(gateway, init.access_code, { ...card, expiry: EXPIRY });
  expect(paid.status).toBe(303);
  const verified = await call(gateway, 'GET', `/transaction/verify/${init.reference}`);
  expect(verified.status).toBe(200);
  return { init, paid, transaction: verified.body.data };
}

async function bankCharge(
  gateway: SandboxGateway,
  bank: { code: string; account_number: string },
  extra: Record<string, unknown> = {},
) {
  return call(gateway, 'POST', '/charge', {
    email: uniqueEmail(),
    amount: '250000',
    bank,
    ...extra,
  });
}

// ---------------------------------------------------------------------------------------------

let database: { url: string; drop(): Promise<void> };
let gateway: SandboxGateway;
let webhooks: Receiver;
let revocations: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  webhooks = await startReceiver();
  revocations = await startReceiver();
  gateway = await startSandboxGateway({
    port: 0,
    secretKey: SECRET,
    databaseUrl: database.url,
    webhookUrl: webhooks.url,
    revocationWebhookUrl: revocations.url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    settleDelayMs: SETTLE_DELAY_MS,
  });
});

afterAll(async () => {
  await gateway.close();
  await webhooks.close();
  await revocations.close();
  await database.drop();
});

describe('authentication', () => {
  it.each([
    ['GET', '/bank'],
    ['GET', '/transaction/verify/anything'],
    ['POST', '/transaction/initialize'],
    ['POST', '/transaction/charge_authorization'],
    ['POST', '/charge'],
    ['POST', '/transfer'],
    ['POST', '/refund'],
    ['GET', '/_sandbox/state'],
    ['POST', '/_sandbox/faults'],
  ])('%s %s without the secret key → 401 Invalid key', async (method, path) => {
    const body = method === 'POST' ? { email: 'a@b.ng', amount: 100 } : undefined;
    const missing = await call(gateway, method, path, body, { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ status: false, message: 'Invalid key' });
    const wrong = await call(gateway, method, path, body, { token: 'sk_test_someone_else' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: false, message: 'Invalid key' });
  });

  it('hosted pages need no key', async () => {
    const init = await initialize(gateway);
    const page = await call(gateway, 'GET', `/checkout/${init.access_code}`, undefined, {
      token: null,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<label for="card_number">Card number</label>');
    expect(page.text).toContain('₦5,000.00');
  });
});

describe('request bodies', () => {
  it('malformed JSON is a 400 in Paystack’s envelope; an empty JSON body is an empty object', async () => {
    const malformed = await fetch(`${gateway.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: false, message: expect.any(String) });
    const empty = await fetch(`${gateway.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ status: false, code: 'missing_params' });
  });
});

describe('GET /bank', () => {
  it('lists Nigerian banks in Paystack’s shape, flagging the direct-debit ones', async () => {
    const res = await call(gateway, 'GET', '/bank?country=nigeria&perPage=100&use_cursor=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Banks retrieved' });
    const banks: any[] = res.body.data;
    const byCode = new Map(banks.map((b) => [b.code, b]));
    const directDebit =
      '044 023 050 070 011 214 00103 058 030 301 082 076 105 101 221 068 232 100 102 032 033 215 035 057'.split(
        ' ',
      );
    for (const code of directDebit) expect(byCode.get(code)?.available_for_direct_debit).toBe(true);
    expect(byCode.get('50211')).toMatchObject({
      name: 'Kuda Bank',
      available_for_direct_debit: false,
    });
    expect(byCode.get('057')).toMatchObject({
      name: 'Zenith Bank',
      slug: 'zenith-bank',
      code: '057',
      longcode: '057150013',
      country: 'Nigeria',
      currency: 'NGN',
      type: 'nuban',
      active: true,
      is_deleted: false,
      supports_transfer: true,
      pay_with_bank: true,
    });
    for (const [code, name] of [
      ['044', 'Access Bank'],
      ['011', 'First Bank of Nigeria'],
      ['058', 'Guaranty Trust Bank'],
      ['033', 'United Bank For Africa'],
      ['032', 'Union Bank of Nigeria'],
      ['035', 'Wema Bank'],
    ]) {
      expect(byCode.get(code)?.name).toBe(name);
    }
    for (const bank of banks) {
      expect(typeof bank.id).toBe('number');
      expect(bank.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(bank).toHaveProperty('gateway');
      expect(bank).toHaveProperty('updatedAt');
    }
    const ghana = await call(gateway, 'GET', '/bank?country=ghana');
    expect(ghana.body.data).toEqual([]);
  });
});

describe('POST /transaction/initialize and verify', () => {
  it('creates a checkout URL and an abandoned transaction', async () => {
    const reference = uniqueReference();
    const res = await call(gateway, 'POST', '/transaction/initialize', {
      email: 'ada@example.ng',
      amount: '20000',
      reference,
      metadata: { order_id: 'ord_1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Authorization URL created');
    const { authorization_url, access_code } = res.body.data;
    expect(res.body.data.reference).toBe(reference);
    expect(authorization_url).toBe(
      `http://localhost:${new URL(gateway.url).port}/checkout/${access_code}`,
    );
    const verified = await call(gateway, 'GET', `/transaction/verify/${reference}`);
    expect(verified.body).toMatchObject({ status: true, message: 'Verification successful' });
    expect(verified.body.data).toMatchObject({
      status: 'abandoned',
      reference,
      amount: 20000,
      currency: 'NGN',
      domain: 'test',
      metadata: { order_id: 'ord_1' },
      authorization: {},
      log: null,
      fees: null,
      paid_at: null,
      customer: { email: 'ada@example.ng', risk_action: 'default' },
    });
    expect(verified.body.data.customer.customer_code).toMatch(/^CUS_/);
  });

  it('generates a reference when none is sent, and takes form bodies', async () => {
    const res = await call(
      gateway,
      'POST',
      '/transaction/initialize',
      { email: 'form@example.ng', amount: '10000', metadata: '{"a":1}' },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toMatch(/^[a-z0-9]{10}$/);
  });

  it('refuses a reused reference, a missing email and a bad amount', async () => {
    const reference = uniqueReference();
    await initialize(gateway, { reference });
    const again = await call(gateway, 'POST', '/transaction/initialize', {
      email: 'x@example.ng',
      amount: 1000,
      reference,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      status: false,
      message: 'Duplicate Transaction Reference',
      type: 'validation_error',
      code: 'duplicate_reference',
    });
    const noEmail = await call(gateway, 'POST', '/transaction/initialize', { amount: 1000 });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ status: false, code: 'missing_params' });
    for (const amount of [-5, 1.5, 'ten', '12.50']) {
      expect(
        (await call(gateway, 'POST', '/transaction/initialize', { email: 'a@b.ng', amount }))
          .status,
      ).toBe(400);
    }
  });

  it('answers 404 for an unknown reference', async () => {
    const res = await call(gateway, 'GET', '/transaction/verify/no-such-reference');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: false, message: 'Transaction reference not found' });
  });
});

describe('hosted card checkout', () => {
  it('success card: 303 to the callback, verify shows §3, charge.success is signed', async () => {
    const { init, paid, transaction } = await payWithCard(gateway, CARDS.success, {
      amount: 1_000_000,
    });
    const location = new URL(paid.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/paystack/callback');
    expect(location.searchParams.get('order')).toBe('42');
    expect(location.searchParams.get('reference')).toBe(init.reference);
    expect(location.searchParams.get('trxref')).toBe(init.reference);

    expect(transaction).toMatchObject({
      domain: 'test',
      status: 'success',
      reference: init.reference,
      amount: 1_000_000,
      currency: 'NGN',
      gateway_response: 'Successful',
      channel: 'card',
      log: null,
      fees: 25_000,
      authorization: {
        bin: '408408',
        last4: '4081',
        exp_month: '12',
        channel: 'card',
        card_type: 'visa ',
        bank: 'TEST BANK',
        country_code: 'NG',
        brand: 'visa',
        reusable: true,
        account_name: null,
      },
    });
    expect(typeof transaction.id).toBe('number');
    expect(transaction.authorization.authorization_code).toMatch(/^AUTH_[a-z0-9]+$/);
    expect(transaction.authorization.signature).toMatch(/^SIG_/);
    expect(transaction.authorization.exp_year).toBe(String(2000 + Number(EXPIRY.slice(3))));
    expect(Date.parse(transaction.paid_at)).not.toBeNaN();

    const hook = await webhooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === init.reference,
    );
    expect(hasValidSignature(hook)).toBe(true);
    expect(hook.contentType).toBe('application/json');
    expect(hook.raw).toBe(JSON.stringify(JSON.parse(hook.raw)));
    expect(hook.data).toEqual(transaction);
  });

  it('the same card always has the same signature, but a new authorization code', async () => {
    const first = await payWithCard(gateway, CARDS.success);
    const second = await payWithCard(gateway, CARDS.success);
    expect(second.transaction.authorization.signature).toBe(
      first.transaction.authorization.signature,
    );
    expect(second.transaction.authorization.authorization_code).not.toBe(
      first.transaction.authorization.authorization_code,
    );
  });

  it('declined card: failed "Declined", no charge.success', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.declined);
    expect(transaction).toMatchObject({ status: 'failed', gateway_response: 'Declined' });
    expect(transaction.authorization.reusable).toBe(false);
    await sleep(200);
    expect(webhooks.received.some((r) => r.data.reference === transaction.reference)).toBe(false);
  });

  it('insufficient funds card: failed, and its authorization keeps failing later charges', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.insufficientFunds);
    expect(transaction).toMatchObject({
      status: 'failed',
      gateway_response: 'Insufficient Funds',
      authorization: { reusable: true, brand: 'visa' },
    });
    const charge = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 50_000,
      authorization_code: transaction.authorization.authorization_code,
    });
    expect(charge.status).toBe(200);
    expect(charge.body.message).toBe('Charge attempted');
    expect(charge.body.data).toMatchObject({
      status: 'failed',
      gateway_response: 'Insufficient Funds',
    });
  });

  it('PIN card, all fields at once', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.pin);
    expect(transaction).toMatchObject({
      status: 'success',
      authorization: { brand: 'verve', card_type: 'verve', bin: '507850', last4: '7812' },
    });
  });

  it('PIN + OTP card, all at once and step by step', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.pinOtp);
    expect(transaction.status).toBe('success');
    expect(transaction.authorization.brand).toBe('verve');

    const init = await initialize(gateway);
    const cardStep = await payOnPage(gateway, init.access_code, {
      card_number: '5060 6666 6666 6666 666',
      cvv: '123',
      expiry: EXPIRY,
    });
    expect(cardStep.status).toBe(200);
    expect(cardStep.text).toContain('Enter your card PIN');
    // Reloading the page shows the step it is waiting for.
    const reload = await call(gateway, 'GET', `/checkout/${init.access_code}`, undefined, {
      token: null,
    });
    expect(reload.text).toContain('Enter your card PIN');
    const pinStep = await payOnPage(gateway, init.access_code, { pin: '1234' });
    expect(pinStep.status).toBe(200);
    expect(pinStep.text).toContain('Enter the OTP');
    const otpStep = await payOnPage(gateway, init.access_code, { otp: '123456' });
    expect(otpStep.status).toBe(303);
    const verified = await call(gateway, 'GET', `/transaction/verify/${init.reference}`);
    expect(verified.body.data.status).toBe('success');
  });

  it('PIN + phone + OTP card: a phone of 10+ digits passes, a shorter one fails', async () => {
    const ok = await payWithCard(gateway, { ...CARDS.pinPhoneOtp, phone: '08012345678' });
    expect(ok.transaction.status).toBe('success');
    const short = await payWithCard(gateway, { ...CARDS.pinPhoneOtp, phone: '0801234' });
    expect(short.transaction).toMatchObject({
      status: 'failed',
      gateway_response: 'Invalid phone number',
      authorization: {},
    });
  });

  it('wrong PIN fails the payment', async () => {
    const { transaction } = await payWithCard(gateway, { ...CARDS.pin, pin: '9999' });
    expect(transaction).toMatchObject({ status: 'failed', gateway_response: 'Incorrect PIN' });
  });

  it('token-not-generated card fails after its PIN', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.tokenNotGenerated);
    expect(transaction).toMatchObject({
      status: 'failed',
      gateway_response: 'Token Not Generated. Customer Not Registered on Token Platform',
    });
  });

  it('bank-authorization card: the "Authorize with your bank" page, Approve and Decline', async () => {
    const init = await initialize(gateway);
    const page = await payOnPage(gateway, init.access_code, { ...CARDS.bankAuth, expiry: EXPIRY });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Authorize with your bank');
    expect(page.text).toContain('value="approve"');
    expect(page.text).toContain('value="decline"');
    const approved = await payOnPage(gateway, init.access_code, { decision: 'approve' });
    expect(approved.status).toBe(303);
    const verified = await call(gateway, 'GET', `/transaction/verify/${init.reference}`);
    expect(verified.body.data).toMatchObject({
      status: 'success',
      authorization: { reusable: true },
    });

    const declined = await payWithCard(gateway, { ...CARDS.bankAuth, decision: 'decline' });
    expect(declined.transaction).toMatchObject({ status: 'failed', gateway_response: 'Declined' });
  });

  it('card-form mistakes show the form again (422) and leave the payment abandoned', async () => {
    const init = await initialize(gateway);
    for (const [fields, error] of [
      [{ ...CARDS.success, cvv: '999', expiry: EXPIRY }, 'The CVV does not match'],
      [{ ...CARDS.success, expiry: '01/20' }, 'This card has expired'],
      [{ card_number: '4111111111111111', cvv: '123', expiry: EXPIRY }, 'not a sandbox test card'],
    ] as const) {
      const res = await payOnPage(gateway, init.access_code, fields);
      expect(res.status).toBe(422);
      expect(res.text).toContain(error);
      expect(res.text).toContain('role="alert"');
    }
    const verified = await call(gateway, 'GET', `/transaction/verify/${init.reference}`);
    expect(verified.body.data.status).toBe('abandoned');
  });

  it('a finished payment cannot be paid again (409); unknown access codes are 404', async () => {
    const { init } = await payWithCard(gateway, CARDS.success);
    const again = await payOnPage(gateway, init.access_code, { ...CARDS.success, expiry: EXPIRY });
    expect(again.status).toBe(409);
    const unknown = await call(gateway, 'GET', '/checkout/nosuchcode', undefined, { token: null });
    expect(unknown.status).toBe(404);
  });

  it('without a callback_url the page shows the result', async () => {
    const init = await initialize(gateway, { callback_url: undefined });
    const res = await payOnPage(gateway, init.access_code, { ...CARDS.success, expiry: EXPIRY });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Payment successful');
  });
});

describe('POST /transaction/charge_authorization', () => {
  it('charges a saved card: success, then charge.success', async () => {
    const { transaction: first } = await payWithCard(gateway, CARDS.success);
    const reference = uniqueReference('rec');
    const res = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: first.customer.email.toUpperCase(),
      amount: '75000',
      authorization_code: first.authorization.authorization_code,
      reference,
      metadata: JSON.stringify({ installment: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Charge attempted' });
    expect(res.body.data).toMatchObject({
      status: 'success',
      reference,
      amount: 75_000,
      gateway_response: 'Approved',
      metadata: { installment: 2 },
      authorization: { authorization_code: first.authorization.authorization_code },
      customer: { email: first.customer.email },
    });
    const hook = await webhooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === reference,
    );
    expect(hasValidSignature(hook)).toBe(true);
  });

  it('refuses unknown, non-reusable and other customers’ authorizations, and reused references', async () => {
    const { transaction: good } = await payWithCard(gateway, CARDS.success);
    const code = good.authorization.authorization_code;
    const email = good.customer.email;
    const charge = (body: Record<string, unknown>) =>
      call(gateway, 'POST', '/transaction/charge_authorization', {
        email,
        amount: 10_000,
        authorization_code: code,
        ...body,
      });

    const unknown = await charge({ authorization_code: 'AUTH_doesnotexist' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      status: false,
      message: 'Authorization code does not exist or has been deactivated',
    });

    const { transaction: declined } = await payWithCard(gateway, CARDS.declined);
    const notReusable = await charge({
      email: declined.customer.email,
      authorization_code: declined.authorization.authorization_code,
    });
    expect(notReusable.status).toBe(400);
    expect(notReusable.body.message).toBe('This authorization is not reusable');

    const otherEmail = await charge({ email: 'someone.else@example.ng' });
    expect(otherEmail.status).toBe(400);
    expect(otherEmail.body.message).toBe('Email does not match Authorization code. Please confirm');

    const reference = uniqueReference();
    expect((await charge({ reference })).status).toBe(200);
    const duplicate = await charge({ reference });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({
      message: 'Duplicate Transaction Reference',
      code: 'duplicate_reference',
    });
  });

  it('a deactivated authorization is refused', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const code = transaction.authorization.authorization_code;
    const deactivated = await call(gateway, 'POST', '/customer/authorization/deactivate', {
      authorization_code: code,
    });
    expect(deactivated.body).toEqual({
      status: true,
      message: 'Authorization has been deactivated',
    });
    const res = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 10_000,
      authorization_code: code,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Authorization code does not exist or has been deactivated');
  });

  it('the behaviour of an authorization can be changed for later charges', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const code = transaction.authorization.authorization_code;
    const changed = await call(gateway, 'POST', `/_sandbox/authorizations/${code}`, {
      behaviour: 'insufficient_funds',
    });
    expect(changed.status).toBe(200);
    const res = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 10_000,
      authorization_code: code,
    });
    expect(res.body.data).toMatchObject({
      status: 'failed',
      gateway_response: 'Insufficient Funds',
    });
  });
});

describe('POST /charge (pay with bank)', () => {
  const submit = (path: string, body: Record<string, unknown>) =>
    call(gateway, 'POST', `/charge/${path}`, body);

  it('Zenith 0000000000: send_otp → 123456 → success with a bank mandate authorization', async () => {
    const res = await bankCharge(gateway, { code: '057', account_number: '0000000000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Charge attempted',
      data: {
        reference: expect.any(String),
        status: 'send_otp',
        display_text: 'Please send the OTP sent to 080****0000',
      },
    });
    const reference = res.body.data.reference;
    const verifying = await call(gateway, 'GET', `/transaction/verify/${reference}`);
    expect(verifying.body.data.status).toBe('ongoing');
    const done = await submit('submit_otp', { reference, otp: '123456' });
    expect(done.body.data).toMatchObject({
      status: 'success',
      reference,
      channel: 'bank',
      gateway_response: 'Approved',
      message: 'madePayment',
      amount: 250_000,
      authorization: {
        channel: 'bank',
        bank: 'Zenith Bank',
        brand: 'Zenith Emandate',
        last4: '0000',
        bin: '000XXX',
        exp_month: '12',
        exp_year: '9999',
        card_type: '',
        reusable: true,
        signature: null,
      },
    });
    await webhooks.waitFor((r) => r.event === 'charge.success' && r.data.reference === reference);
    const check = await call(gateway, 'GET', `/charge/${reference}`);
    expect(check.body).toMatchObject({
      message: 'Reference check successful',
      data: { status: 'success' },
    });
  });

  it('Zenith: a wrong OTP asks for the code again; the right one then succeeds', async () => {
    const res = await bankCharge(gateway, { code: '057', account_number: '0000000000' });
    const reference = res.body.data.reference;
    const again = await submit('submit_otp', { reference, otp: '000000' });
    expect(again.body.data).toEqual({
      reference,
      status: 'send_otp',
      display_text: 'Invalid OTP. Please send the OTP sent to 080****0000',
    });
    const done = await submit('submit_otp', { reference, otp: '123456' });
    expect(done.body.data).toMatchObject({ status: 'success', gateway_response: 'Approved' });
  });

  it('Zenith: the third wrong OTP fails the charge', async () => {
    const res = await bankCharge(gateway, { code: '057', account_number: '0000000000' });
    const reference = res.body.data.reference;
    for (const otp of ['000000', '111111']) {
      const again = await submit('submit_otp', { reference, otp });
      expect(again.body.data).toMatchObject({ status: 'send_otp' });
    }
    const done = await submit('submit_otp', { reference, otp: '222222' });
    expect(done.body.data).toMatchObject({ status: 'failed', message: 'Invalid OTP' });
  });

  it('GTBank 0000000001: OTP → send_birthday → 2006-09-06 → success; another date fails', async () => {
    const res = await bankCharge(gateway, { code: '058', account_number: '0000000001' });
    const reference = res.body.data.reference;
    const afterOtp = await submit('submit_otp', { reference, otp: '123456' });
    expect(afterOtp.body.data).toEqual({
      reference,
      status: 'send_birthday',
      display_text: 'Please enter your birthday',
    });
    const tooEarly = await submit('submit_phone', { reference, phone: '08012345678' });
    expect(tooEarly.status).toBe(400);
    const done = await submit('submit_birthday', { reference, birthday: '2006-09-06' });
    expect(done.body.data).toMatchObject({
      status: 'success',
      authorization: { brand: 'GTBank Emandate', last4: '0001' },
    });

    const other = await bankCharge(gateway, { code: '058', account_number: '0000000001' });
    await submit('submit_otp', { reference: other.body.data.reference, otp: '123456' });
    const wrong = await submit('submit_birthday', {
      reference: other.body.data.reference,
      birthday: '1990-01-01',
    });
    expect(wrong.body.data.status).toBe('failed');
  });

  it('UBA 0000000002: OTP → send_phone → a Nigerian number → success', async () => {
    const res = await bankCharge(gateway, { code: '033', account_number: '0000000002' });
    const reference = res.body.data.reference;
    const afterOtp = await submit('submit_otp', { reference, otp: '123456' });
    expect(afterOtp.body.data).toMatchObject({ status: 'send_phone' });
    const done = await submit('submit_phone', { reference, phone: '+2348012345678' });
    expect(done.body.data).toMatchObject({
      status: 'success',
      authorization: { brand: 'UBA Emandate' },
    });
  });

  it('Access 0000000003: open_url → approve on the bank page → success and charge.success', async () => {
    const res = await bankCharge(gateway, { code: '044', account_number: '0000000003' });
    const reference = res.body.data.reference;
    expect(res.body.data).toEqual({
      reference,
      status: 'open_url',
      url: `http://localhost:${new URL(gateway.url).port}/bank-auth/${reference}`,
    });
    const page = await call(gateway, 'GET', `/bank-auth/${reference}`, undefined, { token: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Authorize with your bank');
    expect(page.text).toContain('Access Bank');
    const approved = await call(
      gateway,
      'POST',
      `/bank-auth/${reference}`,
      { decision: 'approve' },
      { form: true, token: null },
    );
    expect(approved.status).toBe(200);
    expect(approved.text).toContain('Payment approved');
    const check = await call(gateway, 'GET', `/charge/${reference}`);
    expect(check.body.data).toMatchObject({
      status: 'success',
      authorization: { brand: 'Access Emandate' },
    });
    await webhooks.waitFor((r) => r.event === 'charge.success' && r.data.reference === reference);

    const declinedCharge = await bankCharge(gateway, { code: '044', account_number: '0000000003' });
    await call(
      gateway,
      'POST',
      `/bank-auth/${declinedCharge.body.data.reference}`,
      { decision: 'decline' },
      { form: true, token: null },
    );
    const declined = await call(gateway, 'GET', `/charge/${declinedCharge.body.data.reference}`);
    expect(declined.body.data.status).toBe('failed');
  });

  it('Wema 0000000004: pending, then success after the settle delay', async () => {
    const res = await bankCharge(gateway, { code: '035', account_number: '0000000004' });
    const reference = res.body.data.reference;
    expect(res.body.data).toEqual({ reference, status: 'pending' });
    const hook = await webhooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === reference,
    );
    expect(hook.data.authorization.brand).toBe('Wema Emandate');
    const check = await call(gateway, 'GET', `/charge/${reference}`);
    expect(check.body.data.status).toBe('success');
  });

  it('First Bank 0000000005: failed "Insufficient funds" at once', async () => {
    const res = await bankCharge(gateway, { code: '011', account_number: '0000000005' });
    expect(res.body.data).toMatchObject({ status: 'failed', message: 'Insufficient funds' });
  });

  it('any other account at a direct-debit bank behaves like Zenith 0000000000', async () => {
    const res = await bankCharge(gateway, { code: '232', account_number: '1234567890' });
    expect(res.body.data.status).toBe('send_otp');
    const done = await submit('submit_otp', { reference: res.body.data.reference, otp: '123456' });
    expect(done.body.data.authorization.brand).toBe('Sterling Emandate');
  });

  it('form bodies with bank[code] work too', async () => {
    const res = await call(
      gateway,
      'POST',
      '/charge',
      {
        email: uniqueEmail(),
        amount: '10000',
        'bank[code]': '057',
        'bank[account_number]': '0000000000',
      },
      { form: true },
    );
    expect(res.body.data.status).toBe('send_otp');
  });

  it('refuses unsupported banks, malformed accounts and unknown references', async () => {
    const kuda = await bankCharge(gateway, { code: '50211', account_number: '0000000000' });
    expect(kuda.status).toBe(400);
    expect(kuda.body.message).toBe('Bank not supported for direct debit');
    const short = await bankCharge(gateway, { code: '057', account_number: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.type).toBe('validation_error');
    const noEmail = await call(gateway, 'POST', '/charge', {
      amount: 100,
      bank: { code: '057', account_number: '0000000000' },
    });
    expect(noEmail.body.message).toBe('Email address is required for association with card');
    for (const path of ['submit_otp', 'submit_birthday', 'submit_phone', 'submit_pin']) {
      const res = await submit(path, {
        reference: 'unknown-ref',
        otp: '1',
        birthday: '2000-01-01',
        phone: '1',
        pin: '1',
      });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('Transaction reference is invalid');
    }
    const check = await call(gateway, 'GET', '/charge/unknown-ref');
    expect(check.status).toBe(400);
    expect(check.body.message).toBe('Transaction reference is invalid');
  });

  it('a bank mandate charged later answers processing, then settles with charge.success', async () => {
    const res = await bankCharge(gateway, { code: '057', account_number: '0000000000' });
    const done = await submit('submit_otp', { reference: res.body.data.reference, otp: '123456' });
    const { authorization, customer } = done.body.data;
    const reference = uniqueReference('dd');
    const charge = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: customer.email,
      amount: 120_000,
      authorization_code: authorization.authorization_code,
      reference,
    });
    expect(charge.body.data).toMatchObject({
      status: 'processing',
      gateway_response: 'Transaction in progress',
      channel: 'bank',
    });
    const hook = await webhooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === reference,
    );
    expect(hasValidSignature(hook)).toBe(true);
    const verified = await call(gateway, 'GET', `/transaction/verify/${reference}`);
    expect(verified.body.data).toMatchObject({ status: 'success', gateway_response: 'Approved' });
  });
});

describe('transfers', () => {
  async function recipient(accountNumber: string) {
    const res = await call(gateway, 'POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Ade Stores',
      account_number: accountNumber,
      bank_code: '058',
      currency: 'NGN',
    });
    expect([200, 201]).toContain(res.status);
    return res.body.data.recipient_code as string;
  }

  async function transfer(recipientCode: string, reference = transferReference()) {
    return call(gateway, 'POST', '/transfer', {
      source: 'balance',
      amount: '1000000',
      recipient: recipientCode,
      reference,
      reason: 'Payout',
    });
  }

  it('creates a recipient once per account', async () => {
    const res = await call(gateway, 'POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Chidi Okeke',
      account_number: '0123456789',
      bank_code: '057',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        type: 'nuban',
        name: 'Chidi Okeke',
        domain: 'test',
        details: { account_number: '0123456789', bank_code: '057', bank_name: 'Zenith Bank' },
      },
    });
    expect(res.body.data.recipient_code).toMatch(/^RCP_/);
    const again = await call(gateway, 'POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Chidi Okeke',
      account_number: '0123456789',
      bank_code: '057',
    });
    expect(again.body.data.recipient_code).toBe(res.body.data.recipient_code);
  });

  it('queues, then succeeds with transfer.success', async () => {
    const code = await recipient('0123450000');
    const reference = transferReference();
    const res = await transfer(code, reference);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transfer has been queued');
    expect(res.body.data).toMatchObject({
      status: 'pending',
      reference,
      amount: 1_000_000,
      currency: 'NGN',
      source: 'balance',
      reason: 'Payout',
      transferred_at: null,
    });
    expect(res.body.data.transfer_code).toMatch(/^TRF_/);
    expect(typeof res.body.data.recipient).toBe('number');
    const hook = await webhooks.waitFor(
      (r) => r.event === 'transfer.success' && r.data.reference === reference,
    );
    expect(hasValidSignature(hook)).toBe(true);
    expect(hook.data).toMatchObject({
      status: 'success',
      integration: { is_live: false },
      recipient: { recipient_code: code, details: { account_number: '0123450000' } },
      session: { provider: 'nip' },
    });
    const verified = await call(gateway, 'GET', `/transfer/verify/${reference}`);
    expect(verified.body).toMatchObject({
      message: 'Transfer retrieved',
      data: { status: 'success', fee_charged: 2_500 },
    });
    expect(verified.body.data.transferred_at).not.toBeNull();
  });

  it('an account ending 9999 fails with transfer.failed', async () => {
    const reference = transferReference();
    await transfer(await recipient('0000009999'), reference);
    await webhooks.waitFor((r) => r.event === 'transfer.failed' && r.data.reference === reference);
    const verified = await call(gateway, 'GET', `/transfer/verify/${reference}`);
    expect(verified.body.data.status).toBe('failed');
  });

  it('an account ending 8888 succeeds, then is reversed with transfer.reversed', async () => {
    const reference = transferReference();
    await transfer(await recipient('0000008888'), reference);
    await webhooks.waitFor((r) => r.event === 'transfer.success' && r.data.reference === reference);
    await webhooks.waitFor(
      (r) => r.event === 'transfer.reversed' && r.data.reference === reference,
    );
    const verified = await call(gateway, 'GET', `/transfer/verify/${reference}`);
    expect(verified.body.data.status).toBe('reversed');
  });

  it('refuses a duplicate reference and an unknown recipient; unknown transfers are 404', async () => {
    const code = await recipient('0123451111');
    const reference = transferReference();
    await transfer(code, reference);
    const duplicate = await transfer(code, reference);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe('Duplicate Transfer Reference');
    const unknown = await transfer('RCP_nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: 'Recipient specified is invalid',
      type: 'validation_error',
      code: 'invalid_transfer_recipient',
    });
    const missing = await call(gateway, 'GET', '/transfer/verify/no_such_transfer_reference');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: false, message: 'Transfer not found' });
  });
});

describe('refunds', () => {
  it('partial then full refund: pending → processed, and the payment verifies reversed', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success, { amount: 300_000 });
    const partial = await call(gateway, 'POST', '/refund', {
      transaction: transaction.reference,
      amount: 100_000,
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        status: 'pending',
        amount: 100_000,
        currency: 'NGN',
        transaction: { reference: transaction.reference, amount: 300_000 },
      },
    });
    const tooMuch = await call(gateway, 'POST', '/refund', {
      transaction: transaction.id,
      amount: 250_000,
    });
    expect(tooMuch.status).toBe(400);
    const pendingHook = await webhooks.waitFor(
      (r) => r.event === 'refund.pending' && r.data.transaction_reference === transaction.reference,
    );
    expect(hasValidSignature(pendingHook)).toBe(true);
    await webhooks.waitFor(
      (r) => r.event === 'refund.processed' && r.data.id === partial.body.data.id,
    );
    expect(
      (await call(gateway, 'GET', `/transaction/verify/${transaction.reference}`)).body.data.status,
    ).toBe('success');

    const rest = await call(gateway, 'POST', '/refund', { transaction: String(transaction.id) });
    expect(rest.body.data.amount).toBe(200_000);
    const settled = await call(gateway, 'POST', '/_sandbox/settle');
    expect(settled.body.data.settled).toBeGreaterThanOrEqual(1);
    await webhooks.waitFor(
      (r) => r.event === 'refund.processed' && r.data.id === rest.body.data.id,
    );
    const verified = await call(gateway, 'GET', `/transaction/verify/${transaction.reference}`);
    expect(verified.body.data.status).toBe('reversed');
    const none = await call(gateway, 'POST', '/refund', { transaction: transaction.reference });
    expect(none.status).toBe(400);
  });

  it('refuses unknown and unpaid transactions', async () => {
    expect((await call(gateway, 'POST', '/refund', { transaction: 'nope' })).status).toBe(404);
    const init = await initialize(gateway);
    expect((await call(gateway, 'POST', '/refund', { transaction: init.reference })).status).toBe(
      400,
    );
  });
});

describe('revocation events', () => {
  it('authorization.revoked is signed, sent to the revocation URL, and deactivates', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const code = transaction.authorization.authorization_code;
    const res = await call(gateway, 'POST', '/_sandbox/events', {
      event: 'authorization.revoked',
      authorization_code: code,
    });
    expect(res.body).toMatchObject({ status: true, data: { delivered: true } });
    const hook = await revocations.waitFor(
      (r) =>
        r.event === 'authorization.revoked' && r.data.authorization.authorization_code === code,
    );
    expect(hasValidSignature(hook)).toBe(true);
    expect(webhooks.received.some((r) => r.event === 'authorization.revoked')).toBe(false);
    const charge = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 10_000,
      authorization_code: code,
    });
    expect(charge.body.message).toBe('Authorization code does not exist or has been deactivated');
  });

  it('charge.dispute.create carries the transaction and leaves the authorization usable', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const code = transaction.authorization.authorization_code;
    await call(gateway, 'POST', '/_sandbox/events', {
      event: 'charge.dispute.create',
      authorization_code: code,
    });
    const hook = await revocations.waitFor(
      (r) =>
        r.event === 'charge.dispute.create' && r.data.authorization.authorization_code === code,
    );
    expect(hook.data).toMatchObject({
      status: 'awaiting-merchant-feedback',
      category: 'chargeback',
      transaction_reference: transaction.reference,
      transaction: { reference: transaction.reference, status: 'success' },
      refund_amount: transaction.amount,
      last4: '4081',
    });
    const charge = await call(gateway, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 10_000,
      authorization_code: code,
    });
    expect(charge.body.data.status).toBe('success');
  });

  it.each(['mandate.revoked', 'mandate.cancelled'])(
    '%s names the mandate and deactivates it',
    async (event) => {
      const res = await bankCharge(gateway, { code: '057', account_number: '0000000000' });
      const done = await call(gateway, 'POST', '/charge/submit_otp', {
        reference: res.body.data.reference,
        otp: '123456',
      });
      const code = done.body.data.authorization.authorization_code;
      await call(gateway, 'POST', '/_sandbox/events', { event, authorization_code: code });
      const hook = await revocations.waitFor(
        (r) => r.event === event && r.data.authorization_code === code,
      );
      expect(hook.data).toMatchObject({ active: false, channel: 'direct_debit' });
      const charge = await call(gateway, 'POST', '/transaction/charge_authorization', {
        email: done.body.data.customer.email,
        amount: 10_000,
        authorization_code: code,
      });
      expect(charge.status).toBe(400);
    },
  );

  it('subscription.disable has the §9 shape; unknown authorizations are 404', async () => {
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const code = transaction.authorization.authorization_code;
    await call(gateway, 'POST', '/_sandbox/events', {
      event: 'subscription.disable',
      authorization_code: code,
    });
    const hook = await revocations.waitFor(
      (r) => r.event === 'subscription.disable' && r.data.authorization.authorization_code === code,
    );
    expect(hook.data).toMatchObject({
      domain: 'test',
      status: 'cancelled',
      customer: { email: transaction.customer.email },
    });
    expect(hook.data.subscription_code).toMatch(/^SUB_/);
    const unknown = await call(gateway, 'POST', '/_sandbox/events', {
      event: 'authorization.revoked',
      authorization_code: 'AUTH_none',
    });
    expect(unknown.status).toBe(404);
    const badEvent = await call(gateway, 'POST', '/_sandbox/events', {
      event: 'charge.success',
      authorization_code: code,
    });
    expect(badEvent.status).toBe(400);
  });
});

describe('webhook delivery', () => {
  it('retries when the receiver answers non-2xx', async () => {
    webhooks.refuseNext(2);
    const { transaction } = await payWithCard(gateway, CARDS.success);
    const hook = await webhooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === transaction.reference,
    );
    expect(hasValidSignature(hook)).toBe(true);
  });
});

/**
 * Faults and restarts get their own sandbox on their own database: faults are process-wide, and
 * a restart must not disturb the tests above.
 */
describe('faults and restarts', () => {
  let faultDb: { url: string; drop(): Promise<void> };
  let sandbox: SandboxGateway;
  let hooks: Receiver;

  const options = () => ({
    port: 0,
    secretKey: SECRET,
    databaseUrl: faultDb.url,
    webhookUrl: hooks.url,
    revocationWebhookUrl: hooks.url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    settleDelayMs: SETTLE_DELAY_MS,
  });

  beforeAll(async () => {
    faultDb = await createTestDatabase();
    hooks = await startReceiver();
    sandbox = await startSandboxGateway(options());
  });
  afterAll(async () => {
    await sandbox.close();
    await hooks.close();
    await faultDb.drop();
  });

  async function savedCard() {
    const { transaction } = await payWithCard(sandbox, CARDS.success);
    await hooks.waitFor(
      (r) => r.event === 'charge.success' && r.data.reference === transaction.reference,
    );
    return transaction;
  }

  function chargeSaved(transaction: any, reference: string) {
    return call(sandbox, 'POST', '/transaction/charge_authorization', {
      email: transaction.customer.email,
      amount: 10_000,
      authorization_code: transaction.authorization.authorization_code,
      reference,
    });
  }

  it('latency_ms delays API calls, not test controls', async () => {
    const set = await call(sandbox, 'POST', '/_sandbox/faults', { latency_ms: 300 });
    expect(set.body.data).toMatchObject({ latency_ms: 300 });
    const started = performance.now();
    expect((await call(sandbox, 'GET', '/bank')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // Undelayed is shown by order, not by a duration a busy machine can exceed: with a minute's
    // latency, a control and (after the reset) an API call answer while a delayed call waits.
    await call(sandbox, 'POST', '/_sandbox/faults', { latency_ms: 60_000 });
    const abandon = new AbortController();
    let delayedAnswered = false;
    const delayed = fetch(`${sandbox.url}/bank`, {
      headers: { authorization: `Bearer ${SECRET}` },
      signal: abandon.signal,
    }).then(
      () => (delayedAnswered = true),
      () => undefined,
    );
    expect((await call(sandbox, 'GET', '/_sandbox/state')).status).toBe(200);
    expect(delayedAnswered).toBe(false);
    const reset = await call(sandbox, 'DELETE', '/_sandbox/faults');
    expect(reset.body.data).toEqual({
      latency_ms: 0,
      fail_next: 0,
      fail_next_after_apply: 0,
      reset_next: 0,
      reset_next_after_apply: 0,
      malformed_next: 0,
      rate_limit_next: 0,
      retry_after_s: 1,
      lose_next_response: 0,
      delay_next_response_ms: 0,
      duplicate_webhooks: false,
      reorder_webhooks: false,
    });
    expect((await call(sandbox, 'GET', '/bank')).status).toBe(200);
    expect(delayedAnswered).toBe(false);
    abandon.abort();
    await delayed;
  });

  it('fail_next answers 500 without changing state', async () => {
    await call(sandbox, 'POST', '/_sandbox/faults', { fail_next: 2 });
    const reference = uniqueReference('fail');
    const body = { email: uniqueEmail(), amount: 5000, reference };
    const first = await call(sandbox, 'POST', '/transaction/initialize', body);
    expect(first.status).toBe(500);
    expect(first.body).toEqual({
      status: false,
      message: 'Internal server error (sandbox fault)',
    });
    expect((await call(sandbox, 'GET', `/transaction/verify/${reference}`)).status).toBe(500);
    expect((await call(sandbox, 'GET', `/transaction/verify/${reference}`)).status).toBe(404);
    expect((await call(sandbox, 'POST', '/transaction/initialize', body)).status).toBe(200);
  });

  it('lose_next_response performs the call but drops the answer', async () => {
    const saved = await savedCard();
    await call(sandbox, 'POST', '/_sandbox/faults', { lose_next_response: 1 });
    // GETs are not mutating: they still answer.
    expect((await call(sandbox, 'GET', '/bank')).status).toBe(200);
    const reference = uniqueReference('lost');
    await expect(chargeSaved(saved, reference)).rejects.toThrow();
    const verified = await call(sandbox, 'GET', `/transaction/verify/${reference}`);
    expect(verified.body.data.status).toBe('success');
    await hooks.waitFor((r) => r.event === 'charge.success' && r.data.reference === reference);
    // The retry of the same request now meets the duplicate reference, as on Paystack.
    expect((await chargeSaved(saved, reference)).status).toBe(400);
  });

  it('fail_next_after_apply, reset_next_after_apply and malformed_next perform the call, then spoil the answer', async () => {
    const saved = await savedCard();
    const spoiled = async (knob: string) => {
      await call(sandbox, 'POST', '/_sandbox/faults', { [knob]: 1 });
      const reference = uniqueReference(knob.replace(/_/g, ''));
      const answer = await chargeSaved(saved, reference).catch((error: unknown) => error);
      // The charge exists all the same.
      const verified = await call(sandbox, 'GET', `/transaction/verify/${reference}`);
      expect(verified.body.data.status, knob).toBe('success');
      return answer;
    };
    const failed = (await spoiled('fail_next_after_apply')) as Response;
    expect(failed.status).toBe(500);
    expect(await spoiled('reset_next_after_apply')).toBeInstanceOf(Error);
    const malformed = (await spoiled('malformed_next')) as Response;
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text) as unknown).toThrow();
  });

  it('reset_next and rate_limit_next refuse the call before anything changes', async () => {
    const saved = await savedCard();
    await call(sandbox, 'POST', '/_sandbox/faults', { reset_next: 1 });
    const reset = uniqueReference('reset');
    await expect(chargeSaved(saved, reset)).rejects.toThrow();
    expect((await call(sandbox, 'GET', `/transaction/verify/${reset}`)).status).toBe(404);
    await call(sandbox, 'POST', '/_sandbox/faults', { rate_limit_next: 1, retry_after_s: 7 });
    const limited = uniqueReference('limited');
    const answer = await chargeSaved(saved, limited);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect((await call(sandbox, 'GET', `/transaction/verify/${limited}`)).status).toBe(404);
    expect((await chargeSaved(saved, limited)).status).toBe(200);
    await call(sandbox, 'DELETE', '/_sandbox/faults');
  });

  it('delay_next_response_ms performs the call at once but holds its answer, once', async () => {
    const saved = await savedCard();
    await call(sandbox, 'POST', '/_sandbox/faults', { delay_next_response_ms: 600 });
    const reference = uniqueReference('held');
    const started = performance.now();
    const charged = await chargeSaved(saved, reference);
    const answeredAt = Date.now();
    expect(charged.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    // The charge was made before the hold, not after: its own paid_at (the sandbox runs on the
    // real clock) is at least the hold before the answer came. A busy machine only widens that
    // gap, where a fixed pause before a look could miss it.
    const verified = await call(sandbox, 'GET', `/transaction/verify/${reference}`);
    expect(verified.body.data.status).toBe('success');
    expect(answeredAt - Date.parse(verified.body.data.paid_at as string)).toBeGreaterThanOrEqual(
      590,
    );
    const faults = await call(sandbox, 'GET', '/_sandbox/faults');
    expect(faults.body.data).toMatchObject({ delay_next_response_ms: 0 });
  });

  it('duplicate_webhooks delivers every webhook twice, identically', async () => {
    const saved = await savedCard();
    await call(sandbox, 'POST', '/_sandbox/faults', { duplicate_webhooks: true });
    const reference = uniqueReference('dup');
    expect((await chargeSaved(saved, reference)).status).toBe(200);
    const copiesOf = () => hooks.received.filter((r) => r.data.reference === reference);
    await waitFor(
      () => copiesOf().length >= 2,
      20_000,
      () => `${copiesOf().length} copies`,
    );
    // A third would come with the second; the pause only gives it the chance to show.
    await sleep(200);
    const copies = copiesOf();
    expect(copies).toHaveLength(2);
    expect(copies[0]?.raw).toBe(copies[1]?.raw);
    expect(copies.every(hasValidSignature)).toBe(true);
    await call(sandbox, 'DELETE', '/_sandbox/faults');
  });

  it('reorder_webhooks releases held webhooks newest first', async () => {
    const saved = await savedCard();
    await call(sandbox, 'POST', '/_sandbox/faults', { reorder_webhooks: true });
    const references = [uniqueReference('r1'), uniqueReference('r2'), uniqueReference('r3')];
    for (const reference of references) {
      expect((await chargeSaved(saved, reference)).status).toBe(200);
    }
    for (const reference of references) {
      await hooks.waitFor((r) => r.event === 'charge.success' && r.data.reference === reference);
    }
    const order = hooks.received
      .map((r) => r.data.reference as string)
      .filter((reference) => references.includes(reference));
    expect(order).toEqual([...references].reverse());
    await call(sandbox, 'DELETE', '/_sandbox/faults');
  });

  it('rejects unknown fault settings', async () => {
    const res = await call(sandbox, 'POST', '/_sandbox/faults', { explode: true });
    expect(res.status).toBe(400);
    const bad = await call(sandbox, 'POST', '/_sandbox/faults', { fail_next: -1 });
    expect(bad.status).toBe(400);
  });

  it('_sandbox/settle settles pending work now; state summarises', async () => {
    const recipient = await call(sandbox, 'POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Settle Now',
      account_number: '0000008888',
      bank_code: '057',
    });
    const reference = transferReference();
    await call(sandbox, 'POST', '/transfer', {
      source: 'balance',
      amount: 50_000,
      recipient: recipient.body.data.recipient_code,
      reference,
    });
    const settled = await call(sandbox, 'POST', '/_sandbox/settle');
    expect(settled.body.data.settled).toBeGreaterThanOrEqual(2);
    const verified = await call(sandbox, 'GET', `/transfer/verify/${reference}`);
    expect(verified.body.data.status).toBe('reversed');
    const events = hooks.received.filter((r) => r.data.reference === reference).map((r) => r.event);
    expect(events).toEqual(['transfer.success', 'transfer.reversed']);
    const state = await call(sandbox, 'GET', '/_sandbox/state');
    expect(state.body.data.counts.transfers.reversed).toBeGreaterThanOrEqual(1);
  });

  it('state survives a restart, and overdue settlements run at start', async () => {
    const { transaction } = await payWithCard(sandbox, CARDS.success);
    const recipient = await call(sandbox, 'POST', '/transferrecipient', {
      type: 'nuban',
      name: 'Restart',
      account_number: '0123459876',
      bank_code: '033',
    });
    const reference = transferReference();
    const queued = await call(sandbox, 'POST', '/transfer', {
      source: 'balance',
      amount: 70_000,
      recipient: recipient.body.data.recipient_code,
      reference,
    });
    expect(queued.body.data.status).toBe('pending');
    // Closed before the transfer settles; it falls due while the sandbox is down.
    await sandbox.close();
    await sleep(SETTLE_DELAY_MS + 100);
    sandbox = await startSandboxGateway(options());
    const verified = await call(sandbox, 'GET', `/transaction/verify/${transaction.reference}`);
    expect(verified.body.data).toMatchObject({
      status: 'success',
      reference: transaction.reference,
    });
    await hooks.waitFor((r) => r.event === 'transfer.success' && r.data.reference === reference);
    const transfer = await call(sandbox, 'GET', `/transfer/verify/${reference}`);
    expect(transfer.body.data.status).toBe('success');
  });
});
