import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { chargeReference } from '../../src/features/collections/intents.ts';
import { hmacSha512Hex } from '../../src/platform/crypto.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { confirmBankPlanFor, customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Paystack sends every event of a mode to the one webhook URL set on its dashboard, so either of
 * the spec's two addresses must handle every kind (decision 0041). The sandbox sends nothing on
 * its own here: each delivery is posted by the test, to the address it names.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestAppWithSandbox({ sandbox: { webhooks: false, settleDelayMs: 3_600_000 } });
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

const GATEWAY = '/api/v1/webhooks/gateway';
const PAYMENT_GATEWAY = '/api/v1/webhooks/payment-gateway';

function deliver(path: string, event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  return t.http.request('POST', path, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': hmacSha512Hex(t.sandbox.secretKey, body),
    },
  });
}

async function installmentStatus(id: string) {
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function methodStatus(id: string) {
  const row = await t.ctx.db
    .selectFrom('payment_methods')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('one webhook address for every gateway event', () => {
  it('charge.success on the revocations address settles the debit, once', async () => {
    const plan = await confirmBankPlanFor(t, merchant);
    const deposit = plan.installments[0]!;
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('pending');
    // The debit succeeds at the gateway; its webhook is the only news.
    expect((await t.sandbox.control('POST', '/_sandbox/settle')).status).toBe(200);
    expect(await installmentStatus(deposit.id)).toBe('processing');

    const data = {
      reference: chargeReference(deposit.id, 1),
      status: 'success',
      amount: deposit.amount,
      currency: 'NGN',
    };
    const first = await deliver(PAYMENT_GATEWAY, 'charge.success', data);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'processed', event: 'charge.success' });
    expect(await installmentStatus(deposit.id)).toBe('paid');

    // The same bytes on the other address are the same delivery.
    const again = await deliver(GATEWAY, 'charge.success', data);
    expect(again.body).toMatchObject({ status: 'duplicate' });
    const collected = await t.ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'payment_collected')
      .where('reference', '=', chargeReference(deposit.id, 1))
      .execute();
    expect(collected).toHaveLength(1);
  });

  it('a revocation on the charges address revokes the method; the same bytes on the other address are a duplicate', async () => {
    const { methodId, authorizationCode } = await customerWithCard(t);
    const data = { authorization: { authorization_code: authorizationCode } };
    const first = await deliver(GATEWAY, 'authorization.revoked', data);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'processed', event: 'authorization.revoked' });
    expect(await methodStatus(methodId)).toBe('revoked');

    const again = await deliver(PAYMENT_GATEWAY, 'authorization.revoked', data);
    expect(again.body).toMatchObject({ status: 'duplicate' });
    const recorded = await t.ctx.db
      .selectFrom('gateway_events')
      .select(['endpoint', 'event'])
      .where('event', '=', 'authorization.revoked')
      .execute();
    expect(recorded).toEqual([{ endpoint: 'gateway', event: 'authorization.revoked' }]);
  });

  it('an event neither address handles is acknowledged and changes nothing, on both', async () => {
    for (const path of [GATEWAY, PAYMENT_GATEWAY]) {
      const answer = await deliver(path, 'customeridentification.success', { path });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ignored' });
    }
  });
});
