import { createHmac } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { syncDisputes } from '../../src/features/disputes/index.ts';
import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import { loadTrustProfile } from '../../src/features/trust/trust.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { ledgerTotal } from '../harness/ledger.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * Disputes (issue 29, decision 0069) through real PostgreSQL and real HTTP both ways: the
 * sandbox gateway opens, reminds and resolves disputes by its control calls and sends signed
 * `charge.dispute.*` webhooks to a receiver; the test hands them to the app's webhook address
 * byte for byte (once, twice, out of order), and the merchant answers through the API, which
 * calls the sandbox's Disputes API. The plan: ₦1,000, 25% upfront, 3 monthly: each collected
 * payment is 25,000 gross, 625 fee, 24,375 to the merchant.
 */

let t: TestAppWithSandbox;
let hooks: WebhookReceiver;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  t = await startTestAppWithSandbox({ sandbox: { webhookUrl: `${hooks.url}/gateway` } });
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

let seen = 0;
beforeEach(() => {
  seen = hooks.received.length;
});

/**
 * The next webhook of `event` for the gateway's dispute `disputeId` (when given): a test never
 * takes an earlier test's late delivery for its own.
 */
async function nextWebhook(
  event: string,
  disputeId?: string,
): Promise<{ body: string; signature: string }> {
  const matches = (body: string) => {
    const parsed = JSON.parse(body) as { event: string; data?: { id?: unknown } };
    return (
      parsed.event === event && (disputeId === undefined || String(parsed.data?.id) === disputeId)
    );
  };
  for (let i = 0; i < 200; i++) {
    const found = hooks.received.slice(seen).find((r) => matches(r.body));
    if (found) {
      seen = hooks.received.indexOf(found) + 1;
      return { body: found.body, signature: String(found.headers['x-paystack-signature']) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${event} webhook`);
}

async function deliver(hook: {
  body: string;
  signature: string;
}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${t.url}/api/v1/webhooks/gateway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature },
    body: hook.body,
  });
  return { status: response.status, body: await response.json() };
}

async function collectedPlan(merchant: TestMerchant) {
  const confirmed = await confirmPlanFor(t, merchant);
  const [deposit, first] = confirmed.plan.installments;
  if (!deposit || !first) throw new Error('plan without installments');
  expect(['paid', 'nothing_to_do']).toContain(await collect(t, deposit.id));
  expect(['paid', 'nothing_to_do']).toContain(await collect(t, first.id));
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('charge_reference')
    .where('id', '=', first.id)
    .executeTakeFirstOrThrow();
  if (!row.charge_reference) throw new Error('no charge');
  return { ...confirmed, installment: first, charge: row.charge_reference };
}

async function openDispute(charge: string, body: object = {}) {
  const opened = await t.sandbox.control('POST', '/_sandbox/disputes', {
    transaction: charge,
    ...body,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return {
    gatewayId: String(opened.body.data.id),
    hook: await nextWebhook('charge.dispute.create', String(opened.body.data.id)),
  };
}

const api = (m: TestMerchant) => `/api/v1/merchant/${m.id}/disputes`;
const wallet = async (m: TestMerchant) =>
  (await t.http.get(`/api/v1/merchant/${m.id}/wallet`, { token: m.testKey })).body.data as {
    available: number;
  };

async function eventTypes(merchantId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select('type')
    .where('merchant_id', '=', merchantId)
    .where('type', 'like', 'dispute.%')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.type);
}

async function entries(disputeId: string) {
  const { rows } = await sql<{ kind: string; account: string; debit: string; credit: string }>`
    SELECT e.kind, p.account, p.debit_kobo AS debit, p.credit_kobo AS credit
      FROM journal_entries e JOIN journal_postings p ON p.entry_id = e.id
     WHERE e.reference = ${disputeId} AND e.kind LIKE 'dispute\\_%'
     ORDER BY e.kind, p.line`.execute(t.ctx.db);
  return rows.map((r) => [r.kind, r.account.split(':')[0], Number(r.debit), Number(r.credit)]);
}

async function answerWithProof(m: TestMerchant, disputeId: string) {
  const evidence = await t.http.post(
    `${api(m)}/${disputeId}/evidence`,
    {
      customer_email: 'ada@example.com',
      customer_name: 'Ada Obi',
      customer_phone: '08012345678',
      service_details: 'Two pairs of shoes, delivered and signed for.',
      delivery_address: '3 Marina, Lagos',
      delivery_date: '2026-11-20',
    },
    { token: m.testKey },
  );
  expect(evidence.status, JSON.stringify(evidence.body)).toBe(200);
  const file = await t.http.post(
    `${api(m)}/${disputeId}/file`,
    {
      filename: 'delivery-note.pdf',
      content_type: 'application/pdf',
      content_base64: Buffer.from('%PDF-1.4 signed delivery note').toString('base64'),
    },
    { token: m.testKey },
  );
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  expect(file.body.data).toMatchObject({
    file_uploaded: true,
    evidence: { customer_name: 'Ada Obi' },
  });
}

describe('disputes: open → evidence → resolve', () => {
  it('won: the money taken back returns, the card stays revoked, the trust score is untouched', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge, plan, methodId, customer } = await collectedPlan(merchant);
    const before = await wallet(merchant);

    const { gatewayId, hook } = await openDispute(charge, { reason: 'I never got the shoes' });
    expect(await deliver(hook)).toMatchObject({ status: 200, body: { ok: true } });
    const listed = await t.http.get(api(merchant), { token: merchant.testKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const dispute = listed.body.data[0];
    expect(dispute).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      amount: 25_000,
      fee_share: 625,
      balance_debited: 24_375,
      returned_amount: 0,
      reason: 'I never got the shoes',
      payment_plan_id: plan.id,
      charge_reference: charge,
    });
    expect(new Date(dispute.due_at).getTime()).toBeGreaterThan(Date.now());
    expect((await wallet(merchant)).available).toBe(before.available - 24_375);
    expect(await entries(dispute.id)).toEqual([
      ['dispute_opened', 'merchant_payable', 24_375, 0],
      ['dispute_opened', 'platform_fee_revenue', 625, 0],
      ['dispute_opened', 'gateway_clearing', 0, 25_000],
    ]);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    // The card behind it is revoked (decision 0007, kept by 0069).
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select(['status', 'revoked_reason'])
      .where('id', '=', methodId)
      .executeTakeFirstOrThrow();
    expect(method).toEqual({ status: 'revoked', revoked_reason: 'charge.dispute.create' });

    // The same delivery again changes nothing.
    expect(await deliver(hook)).toMatchObject({ status: 200 });
    // A reminder: due date and count, and its event once even when delivered twice.
    await t.sandbox.control('POST', `/_sandbox/disputes/${gatewayId}/remind`);
    const remind = await nextWebhook('charge.dispute.remind', gatewayId);
    await deliver(remind);
    await deliver(remind);
    expect(
      (await t.http.get(`${api(merchant)}/${dispute.id}`, { token: merchant.testKey })).body.data
        .reminders,
    ).toBe(1);

    await answerWithProof(merchant, dispute.id);
    const declined = await t.http.post(
      `${api(merchant)}/${dispute.id}/decline`,
      { message: 'Delivered on 20 November; signed note attached.' },
      { token: merchant.testKey },
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({
      status: 'under_review',
      merchant_decision: 'declined',
      merchant_message: 'Delivered on 20 November; signed note attached.',
    });
    // Answered: a second answer is refused, nothing moves.
    const again = await t.http.post(
      `${api(merchant)}/${dispute.id}/accept`,
      { message: 'changed my mind' },
      { token: merchant.testKey },
    );
    expect(again.status).toBe(409);

    // The bank rules for the merchant.
    await t.sandbox.control('POST', `/_sandbox/disputes/${gatewayId}/resolve`, { outcome: 'won' });
    const resolve = await nextWebhook('charge.dispute.resolve', gatewayId);
    expect(await deliver(resolve)).toMatchObject({ status: 200 });
    expect(await deliver(resolve)).toMatchObject({ status: 200 });
    // A late creation after the resolution changes nothing either.
    expect(await deliver(hook)).toMatchObject({ status: 200 });
    const won = (await t.http.get(`${api(merchant)}/${dispute.id}`, { token: merchant.testKey }))
      .body.data;
    expect(won).toMatchObject({ status: 'won', returned_amount: 25_000, resolution: 'declined' });
    expect((await wallet(merchant)).available).toBe(before.available);
    expect(await entries(dispute.id)).toEqual([
      ['dispute_opened', 'merchant_payable', 24_375, 0],
      ['dispute_opened', 'platform_fee_revenue', 625, 0],
      ['dispute_opened', 'gateway_clearing', 0, 25_000],
      ['dispute_returned', 'merchant_payable', 0, 24_375],
      ['dispute_returned', 'platform_fee_revenue', 0, 625],
      ['dispute_returned', 'gateway_clearing', 25_000, 0],
    ]);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    expect(await eventTypes(merchant.id)).toEqual([
      'dispute.created',
      'dispute.reminder',
      'dispute.resolved',
    ]);
    // One e-mail to the merchant, queued with the dispute itself (decision 0067), for the opening
    // only: the webhook events carry the reminder and the outcome.
    const mails = await sql<{ kind: string; subject_id: string; amount: number }>`
      SELECT kind, subject_id, (data ->> 'amountKobo')::int AS amount FROM notification_outbox
       WHERE merchant_id = ${merchant.id} AND kind LIKE 'dispute%'`.execute(t.ctx.db);
    expect(mails.rows).toEqual([
      { kind: 'dispute_opened', subject_id: dispute.id, amount: 25_000 },
    ]);
    const profile = await loadTrustProfile(t.ctx.db, customer.id, false, t.ctx.clock.now());
    expect(profile.facts.lostDisputes).toBe(0);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('lost by accepting: the money stays out, the customer loses 150 trust points', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge, customer } = await collectedPlan(merchant);
    const before = await wallet(merchant);
    const { gatewayId, hook } = await openDispute(charge);
    await deliver(hook);
    const dispute = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data[0];
    // Accepting needs the file of proof first (the gateway requires one).
    const early = await t.http.post(
      `${api(merchant)}/${dispute.id}/accept`,
      { message: 'Refund them' },
      { token: merchant.testKey },
    );
    expect(early.status).toBe(409);
    await answerWithProof(merchant, dispute.id);
    const accepted = await t.http.post(
      `${api(merchant)}/${dispute.id}/accept`,
      { message: 'We could not deliver in time.' },
      { token: merchant.testKey },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'lost',
      resolution: 'merchant-accepted',
      returned_amount: 0,
      merchant_decision: 'accepted',
    });
    // The gateway's own resolve webhook then changes nothing.
    expect(await deliver(await nextWebhook('charge.dispute.resolve', gatewayId))).toMatchObject({
      status: 200,
    });
    expect((await wallet(merchant)).available).toBe(before.available - 24_375);
    expect((await entries(dispute.id)).map((e) => e[0])).toEqual([
      'dispute_opened',
      'dispute_opened',
      'dispute_opened',
    ]);
    expect(await eventTypes(merchant.id)).toEqual(['dispute.created', 'dispute.resolved']);
    const facts = await t.ctx.db
      .selectFrom('disputes')
      .select('status')
      .where('id', '=', dispute.id)
      .executeTakeFirstOrThrow();
    expect(facts.status).toBe('lost');
    const profile = await loadTrustProfile(t.ctx.db, customer.id, false, t.ctx.clock.now());
    expect(profile.facts.lostDisputes).toBe(1);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('a dispute whose webhooks never arrive is learned from the gateway’s list, once (sync_disputes)', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge, methodId } = await collectedPlan(merchant);
    const before = await wallet(merchant);
    // Opened and later lost at the bank; neither webhook is handed to the app until the end.
    const { gatewayId, hook } = await openDispute(charge);
    const synced = await syncDisputes(t.ctx);
    expect(synced.ours).toBeGreaterThanOrEqual(1);
    let [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    expect(dispute).toMatchObject({ status: 'needs_response', amount: 25_000 });
    expect((await wallet(merchant)).available).toBe(before.available - 24_375);
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select(['status', 'revoked_reason'])
      .where('id', '=', methodId)
      .executeTakeFirstOrThrow();
    expect(method).toEqual({ status: 'revoked', revoked_reason: 'charge.dispute.create' });

    await t.sandbox.control('POST', `/_sandbox/disputes/${gatewayId}/resolve`, { outcome: 'lost' });
    const resolveHook = await nextWebhook('charge.dispute.resolve', gatewayId);
    // Twice: the second run finds nothing new.
    await syncDisputes(t.ctx);
    await syncDisputes(t.ctx);
    [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    expect(dispute).toMatchObject({ status: 'lost', returned_amount: 0 });
    // The late webhooks change nothing a second time.
    expect(await deliver(hook)).toMatchObject({ status: 200 });
    expect(await deliver(resolveHook)).toMatchObject({ status: 200 });
    expect((await wallet(merchant)).available).toBe(before.available - 24_375);
    expect(await eventTypes(merchant.id)).toEqual(['dispute.created', 'dispute.resolved']);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('lost at the bank for part of the amount: the rest comes back', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge } = await collectedPlan(merchant);
    const before = await wallet(merchant);
    const { gatewayId, hook } = await openDispute(charge, { amount: 20_000 });
    await deliver(hook);
    await t.sandbox.control('POST', `/_sandbox/disputes/${gatewayId}/resolve`, {
      outcome: 'lost',
      refund_amount: 15_000,
    });
    expect(await deliver(await nextWebhook('charge.dispute.resolve', gatewayId))).toMatchObject({
      status: 200,
    });
    const [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    // 20,000 taken (fee share 500), 5,000 back (fee share 125): 15,000 kept, 14,625 of it the merchant's.
    expect(dispute).toMatchObject({
      status: 'lost',
      amount: 20_000,
      fee_share: 500,
      returned_amount: 5_000,
      resolution: 'auto-accepted',
    });
    expect((await wallet(merchant)).available).toBe(before.available - 14_625);
    expect(await eventTypes(merchant.id)).toEqual(['dispute.created', 'dispute.resolved']);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('out of order: the resolution first opens and closes it; the late creation changes nothing', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge } = await collectedPlan(merchant);
    const before = await wallet(merchant);
    const { gatewayId, hook } = await openDispute(charge);
    await t.sandbox.control('POST', `/_sandbox/disputes/${gatewayId}/resolve`, { outcome: 'lost' });
    expect(await deliver(await nextWebhook('charge.dispute.resolve', gatewayId))).toMatchObject({
      status: 200,
    });
    expect(await deliver(hook)).toMatchObject({ status: 200 });
    const [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    expect(dispute).toMatchObject({
      status: 'lost',
      amount: 25_000,
      returned_amount: 0,
      reminders: 0,
    });
    expect((await wallet(merchant)).available).toBe(before.available - 24_375);
    expect(await eventTypes(merchant.id)).toEqual(['dispute.created', 'dispute.resolved']);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('after the deadline the answer is refused and nothing is sent', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge } = await collectedPlan(merchant);
    await deliver((await openDispute(charge)).hook);
    const [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    const before = t.clock.now();
    t.clock.set(new Date(new Date(dispute.due_at).getTime() + 60_000));
    const late = await t.http
      .post(
        `${api(merchant)}/${dispute.id}/evidence`,
        {
          customer_email: 'ada@example.com',
          customer_name: 'Ada Obi',
          customer_phone: '08012345678',
          service_details: 'Delivered',
        },
        { token: merchant.testKey },
      )
      .finally(() => t.clock.set(before));
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/deadline/);
    const row = await t.ctx.db
      .selectFrom('disputes')
      .select(['evidence', 'status'])
      .where('id', '=', dispute.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ evidence: null, status: 'needs_response' });
  });

  it('forged, unknown or foreign disputes move nothing', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { charge } = await collectedPlan(merchant);
    const { hook } = await openDispute(charge);
    // Forged: signed with another key.
    const forged = createHmac('sha512', 'sk_test_not_the_key').update(hook.body).digest('hex');
    expect((await deliver({ body: hook.body, signature: forged })).status).toBe(401);
    // A well-signed event naming a dispute the gateway does not know: acknowledged, no dispute.
    const invented = JSON.parse(hook.body) as { data: { id: number } };
    invented.data.id = 999_999_999;
    const body = JSON.stringify(invented);
    const signature = createHmac('sha512', t.sandbox.secretKey).update(body).digest('hex');
    expect((await deliver({ body, signature })).status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('disputes')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(rows).toEqual([]);
    // Other merchants cannot see or answer a dispute.
    await deliver(hook);
    const [dispute] = (await t.http.get(api(merchant), { token: merchant.testKey })).body.data;
    const other = await createTestMerchant(t, { approve: true });
    expect(
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/disputes/${dispute.id}`, {
          token: other.testKey,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.http.get(`/api/v1/merchant/${other.id}/disputes/${dispute.id}`, {
          token: other.testKey,
        })
      ).status,
    ).toBe(404);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });
});

describe('dispute routes refuse the wrong callers', () => {
  let owner: TestMerchant;
  let other: TestMerchant;
  let revokedKey = '';
  let customerToken = '';
  let disputeId = '';
  beforeAll(async () => {
    owner = await createTestMerchant(t, { approve: true });
    other = await createTestMerchant(t);
    const rolled = await rollApiKey(t.ctx, owner.id, 'test', 60);
    revokedKey = rolled.secret_key;
    await revokeApiKey(t.ctx, owner.id, rolled.id);
    customerToken = (await createTestCustomer(t)).accessToken;
    const { charge } = await collectedPlan(owner);
    seen = hooks.received.length;
    await deliver((await openDispute(charge)).hook);
    disputeId = (await t.http.get(api(owner), { token: owner.testKey })).body.data[0].id as string;
  });
  const fixtures: SecurityFixtures = {
    t: () => t,
    merchant: () => owner,
    revokedKey: () => revokedKey,
    otherMerchant: () => other,
    customerToken: () => customerToken,
  };
  const send =
    (method: 'get' | 'post', path: () => string, body?: unknown) => (token: string | undefined) =>
      method === 'get'
        ? t.http.get(path(), { ...(token && { token }) })
        : t.http.post(path(), body, { ...(token && { token }) });
  const one = () => `${api(owner)}/${disputeId}`;
  for (const [name, method, path, body, mode] of [
    [
      'GET /merchant/{id}/disputes',
      'get',
      () => api(owner),
      undefined,
      { lists: 'test', id: () => disputeId },
    ],
    ['GET /merchant/{id}/disputes/{dispute}', 'get', one, undefined, { object: 'test' }],
    [
      'POST /merchant/{id}/disputes/{dispute}/evidence',
      'post',
      () => `${one()}/evidence`,
      {
        customer_email: 'ada@example.com',
        customer_name: 'Ada Obi',
        customer_phone: '08012345678',
        service_details: 'Delivered',
      },
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/disputes/{dispute}/file',
      'post',
      () => `${one()}/file`,
      { filename: 'a.pdf', content_type: 'application/pdf', content_base64: 'JVBERi0x' },
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/disputes/{dispute}/accept',
      'post',
      () => `${one()}/accept`,
      { message: 'ok' },
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/disputes/{dispute}/decline',
      'post',
      () => `${one()}/decline`,
      { message: 'no' },
      { object: 'test' },
    ],
  ] as const) {
    merchantRouteSecuritySuite(
      { name, otherMerchantStatus: 404, mode, send: send(method, path, body) },
      fixtures,
    );
  }
});
