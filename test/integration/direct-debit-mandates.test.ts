import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  ACTIVATION_GIVE_UP_MS,
  ACTIVATION_RETRY_AFTER_MS,
  deactivateAtGateway,
  handleDirectDebitEvent,
  syncMandates,
} from '../../src/features/payment-methods/direct-debit.ts';
import { createTestCustomer, createTestMerchant, sessionBody } from '../harness/fixtures.ts';
import { addCard, collect } from '../harness/plans.ts';
import { decideMandate } from '../harness/sandbox.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * Bank mandates through the Direct Debit API (decision 0044, gateway-protocol.md §13) against
 * the sandbox gateway: creation → activation → collection, failed activation, revocation. The
 * sandbox's webhooks go to a receiver: `direct_debit.authorization.*` are handed to the
 * payment-methods handler (what the gateway-events receiver does with them), and charge events
 * are forwarded to the app's webhook URL as the gateway would send them.
 */
let t: TestAppWithSandbox;
let hooks: WebhookReceiver;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
  t = await startTestAppWithSandbox({
    settings: { bankMandateApi: 'direct_debit' },
    sandbox: { webhookUrl: `${hooks.url}/gateway`, mandateActivationDelayMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

type Customer = Awaited<ReturnType<typeof createTestCustomer>>;
const auth = (c: Customer) => ({ token: c.accessToken });
const ZENITH = { code: '057', name: 'Zenith Bank' };

/** Webhooks of one kind received since the test began (each handed over at most once). */
let seen = 0;
beforeEach(() => {
  seen = hooks.received.length;
});
async function nextWebhook(event: string): Promise<{ body: string; headers: object }> {
  for (let i = 0; i < 200; i++) {
    const found = hooks.received
      .slice(seen)
      .find((r) => (JSON.parse(r.body) as { event: string }).event === event);
    if (found) {
      seen = hooks.received.indexOf(found) + 1;
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${event} webhook`);
}
/** Posts a received webhook to the app byte for byte, signature and all, as the gateway sent it. */
async function forward(
  hook: { body: string; headers: object },
  address: 'gateway' | 'payment-gateway',
): Promise<number> {
  const response = await fetch(`${t.url}/api/v1/webhooks/${address}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': String(
        (hook.headers as Record<string, string>)['x-paystack-signature'],
      ),
    },
    body: hook.body,
  });
  return response.status;
}
const handOver = async (event: string) =>
  handleDirectDebitEvent(
    t.ctx,
    t.ctx.gateway.parseWebhook(Buffer.from((await nextWebhook(event)).body)),
  );

async function initiate(c: Customer, accountNumber: string, isDefault = false) {
  return t.http.post(
    `/api/v1/payment-methods/customers/${c.id}/initiate-bank-mandate`,
    {
      bank_code: ZENITH.code,
      account_number: accountNumber,
      is_default: isDefault,
      address: { street: '1 Marina', city: 'Lagos', state: 'Lagos' },
    },
    auth(c),
  );
}
const verify = (c: Customer, reference: string, accountNumber: string) =>
  t.http.post(
    '/api/v1/payment-methods/bank-mandate/verify',
    {
      customer_id: c.id,
      reference,
      bank_code: ZENITH.code,
      bank_name: ZENITH.name,
      account_number: accountNumber,
    },
    auth(c),
  );
const methods = async (c: Customer) =>
  (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body.data as {
    id: string;
    status: string;
    is_default: boolean;
    label: string;
  }[];

/** Initiated and approved on the consent page: the method is saved `pending`. */
async function approvedMandate(c: Customer, accountNumber: string) {
  const start = await initiate(c, accountNumber, true);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect((await decideMandate(start.body.url, 'approve')).status).toBe(200);
  const verified = await verify(c, start.body.reference, accountNumber);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { reference: start.body.reference as string, methodId: verified.body.data.id as string };
}

async function confirm(c: Customer, merchantId: string, merchantKey: string, methodId: string) {
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchantId, { amount: 80_000 }),
    { token: merchantKey },
  );
  return t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    { frequency: 'weekly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
    auth(c),
  );
}

describe('Direct Debit: creation → activation → collection', () => {
  it('open_url with the consent page; pending after approval (no plan on it); active after the bank; the deposit collected by direct debit', async () => {
    const merchant = await createTestMerchant(t);
    const c = await createTestCustomer(t);
    // A card too, so the customer is eligible and the mandate alone decides the refusal below.
    await addCard(t, c, { isDefault: false });
    const start = await initiate(c, '0000000010', true);
    expect(start.body).toMatchObject({
      ok: true,
      next_action: 'open_url',
      url: expect.stringMatching(/\/mandate\//),
    });
    // Before the customer approves, verify says so (the gateway answers 404).
    const early = await verify(c, start.body.reference, '0000000010');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('setup_pending');

    expect((await decideMandate(start.body.url, 'approve')).status).toBe(200);
    // The webhook completes the set-up without the customer coming back.
    expect(await handOver('direct_debit.authorization.created')).toBe('processed');
    let method = (await methods(c)).find((m) => m.label.startsWith('Zenith'));
    expect(method).toMatchObject({
      status: 'pending',
      is_default: false,
      label: 'Zenith Bank ******0010',
    });
    // The customer's own verify answers the same method, still pending.
    const again = await verify(c, start.body.reference, '0000000010');
    expect(again.body).toMatchObject({
      next_action: 'success',
      data: { id: method?.id, status: 'pending' },
      display_text: expect.stringMatching(/up to 24 hours/),
    });
    // Decision 0044: a plan waits for an active mandate.
    const refused = await confirm(c, merchant.id, merchant.testKey, method?.id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'payment_method_unusable' });
    expect(refused.body.detail).toMatch(/not active yet/);

    // The bank activates it: `.active` arrives, the handler asks the gateway and activates.
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await handOver('direct_debit.authorization.active')).toBe('processed');
    method = (await methods(c)).find((m) => m.label.startsWith('Zenith'));
    expect(method).toMatchObject({ status: 'active', is_default: true });

    const confirmed = await confirm(c, merchant.id, merchant.testKey, method?.id ?? '');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const deposit = (
      confirmed.body.data.plan.installments as { id: string; sequence: number }[]
    ).find((i) => i.sequence === 0);
    await collect(t, deposit?.id ?? '');
    // A direct debit answers `processing`; charge.success settles it (forwarded as sent).
    expect(await forward(await nextWebhook('charge.success'), 'gateway')).toBe(200);
    const installment = await t.ctx.db
      .selectFrom('installments')
      .select('status')
      .where('id', '=', deposit?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(installment.status).toBe('paid');
  });

  it('without any webhook, the sync job activates a pending mandate (verify says active)', async () => {
    const c = await createTestCustomer(t);
    await approvedMandate(c, '0000000010');
    expect((await methods(c))[0]?.status).toBe('pending');
    await t.sandbox.control('POST', '/_sandbox/settle');
    const report = await syncMandates(t.ctx);
    expect(report.activated).toBeGreaterThanOrEqual(1);
    expect((await methods(c))[0]?.status).toBe('active');
  });

  it('a webhook naming a mandate none of our set-ups has is ignored', async () => {
    const event = t.ctx.gateway.parseWebhook(
      Buffer.from(
        JSON.stringify({
          event: 'direct_debit.authorization.active',
          data: {
            authorization_code: 'AUTH_notours',
            active: true,
            customer: { email: 'nobody@mail.test' },
          },
        }),
      ),
    );
    expect(await handleDirectDebitEvent(t.ctx, event)).toBe('ignored');
  });
});

describe('Direct Debit: activation failure', () => {
  it('pending for good: one activation-charge retry after a day, failed after three, never usable', async () => {
    const c = await createTestCustomer(t);
    const { methodId } = await approvedMandate(c, '0000000011');
    const status = async () =>
      (
        await t.ctx.db
          .selectFrom('payment_methods')
          .select(['status', 'activation_retried_at'])
          .where('id', '=', methodId)
          .executeTakeFirstOrThrow()
      ).status;
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect((await syncMandates(t.ctx)).retried).toBe(0);
    expect(await status()).toBe('pending');

    // The clock moves; the customer's token would expire, so the rows are read directly.
    t.clock.advance(ACTIVATION_RETRY_AFTER_MS + 60_000);
    const retried = await syncMandates(t.ctx);
    expect(retried.retried).toBe(1);
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect((await syncMandates(t.ctx)).retried).toBe(0);
    expect(await status()).toBe('pending');

    t.clock.advance(ACTIVATION_GIVE_UP_MS - ACTIVATION_RETRY_AFTER_MS);
    expect((await syncMandates(t.ctx)).failed).toBe(1);
    expect(await status()).toBe('failed');
    const again = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: c.password,
    });
    const merchant = await createTestMerchant(t);
    await addCard(t, { ...c, accessToken: again.body.data.access_token }, { isDefault: false });
    const refused = await confirm(
      { ...c, accessToken: again.body.data.access_token },
      merchant.id,
      merchant.testKey,
      methodId,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.detail).toMatch(/did not activate/);
    // Its authorization is deactivated at the gateway by a job queued with the change.
    const jobs = await sql<{ key: string }>`
      SELECT key FROM graphile_worker.jobs
       WHERE key = ${`deactivate-authorization:${methodId}`}`.execute(t.ctx.db);
    expect(jobs.rows).toHaveLength(1);
  });
});

describe('Direct Debit: revocation', () => {
  it('revoked by the bank (no webhook): the sync job finds it in the revoked list', async () => {
    const c = await createTestCustomer(t);
    const { methodId } = await approvedMandate(c, '0000000012');
    // Activates, then the bank revokes it one delay later.
    await t.sandbox.control('POST', '/_sandbox/settle');
    const report = await syncMandates(t.ctx);
    expect(report.revoked).toBeGreaterThanOrEqual(1);
    const [method] = await methods(c);
    expect(method).toMatchObject({ id: methodId, status: 'revoked', is_default: false });
  });

  it('removed by the customer: deactivated at the gateway, which then lists it revoked', async () => {
    const c = await createTestCustomer(t);
    const { methodId } = await approvedMandate(c, '0000000010');
    await t.sandbox.control('POST', '/_sandbox/settle');
    await syncMandates(t.ctx);
    const removed = await t.http.delete(`/api/v1/payment-methods/${methodId}`, auth(c));
    expect(removed.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .select('authorization_sealed')
      .where('id', '=', methodId)
      .executeTakeFirstOrThrow();
    const code = t.ctx.secretBox.open(row.authorization_sealed);
    await deactivateAtGateway(t.ctx, methodId);
    const revoked = await t.ctx.gateway.listMandates({ status: 'revoked' });
    expect(revoked.mandates.some((m) => m.authorizationCode === code)).toBe(true);
  });

  it("the sandbox's mandate.revoked event (spec §6.2) still revokes an active mandate", async () => {
    const c = await createTestCustomer(t);
    const { methodId } = await approvedMandate(c, '0000000010');
    await t.sandbox.control('POST', '/_sandbox/settle');
    await syncMandates(t.ctx);
    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .select('authorization_sealed')
      .where('id', '=', methodId)
      .executeTakeFirstOrThrow();
    await t.sandbox.control('POST', '/_sandbox/events', {
      event: 'mandate.revoked',
      authorization_code: t.ctx.secretBox.open(row.authorization_sealed),
    });
    // Received here; delivered to the spec's revocation address (POST …/webhooks/payment-gateway).
    expect(await forward(await nextWebhook('mandate.revoked'), 'payment-gateway')).toBe(200);
    expect((await methods(c))[0]?.status).toBe('revoked');
  });
});
