import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendPayout, verifyPayout } from '../../src/features/money/payouts.ts';
import { createTestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * A payout whose transfer webhook never comes: the sandbox here sends none, and settles only
 * when told. The verify_payout job queued when the transfer went out in transit finds the
 * outcome by asking the gateway (before, the payout stayed in transit until the nightly
 * reconciliation, and `tranche trigger transfer.failed` timed out under load).
 */
let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox({ sandbox: { webhooks: false, settleDelayMs: 3_600_000 } });
});
afterAll(async () => t.close());

async function payoutTo(accountNumber: string) {
  const merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: accountNumber } },
    { token: merchant.testKey },
  );
  const { plan } = await confirmPlanFor(t, merchant, { installmentCount: 1, upfrontPct: 50 });
  for (const installment of plan.installments) {
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
  const created = await t.http.post(
    `/api/v1/merchant/${merchant.id}/payouts`,
    {},
    { token: merchant.testKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { merchant, payoutId: created.body.data.id as string };
}

const verifyJob = async (payoutId: string) =>
  (
    await t.ctx.db
      .selectFrom('graphile_worker.jobs' as never)
      .select(['task_identifier' as never, 'max_attempts' as never])
      .where('key' as never, '=', `verify-payout:${payoutId}` as never)
      .execute()
  ).length;

describe('payouts in transit are asked about again (verify_payout)', () => {
  for (const [account, outcome, event] of [
    ['0000009999', 'failed', 'transfer.failed'],
    ['0123456789', 'paid', 'transfer.success'],
  ] as const) {
    it(`a transfer that ends ${outcome} with no webhook: the job applies it and tells the merchant`, async () => {
      const { merchant, payoutId } = await payoutTo(account);
      expect(await sendPayout(t.ctx, payoutId)).toBe('in_transit');
      expect(await verifyJob(payoutId)).toBe(1);
      // Still pending at the gateway: the job throws, so the worker tries again later.
      await expect(verifyPayout(t.ctx, payoutId)).rejects.toThrow(/still pending/);
      expect((await t.sandbox.control('POST', '/_sandbox/settle')).status).toBe(200);
      expect(await verifyPayout(t.ctx, payoutId)).toBe(outcome);
      // Once final, a later run (a duplicate job, a webhook after all) changes nothing.
      expect(await verifyPayout(t.ctx, payoutId)).toBe(outcome);
      const events = await t.ctx.db
        .selectFrom('webhook_events')
        .select('type')
        .where('merchant_id', '=', merchant.id)
        .where('type', 'like', 'transfer.%')
        .execute();
      expect(events).toEqual([{ type: event }]);
      const wallet = await t.http.get(`/api/v1/merchant/${merchant.id}/wallet`, {
        token: merchant.testKey,
      });
      expect(wallet.body.data.payouts_in_transit).toBe(0);
    });
  }

  it('a send_payout retried after a crash past the gateway’s answer still queues the re-check', async () => {
    const { payoutId } = await payoutTo('0123456789');
    expect(await sendPayout(t.ctx, payoutId)).toBe('in_transit');
    await t.ctx.db
      .deleteFrom('graphile_worker._private_jobs' as never)
      .where('key' as never, '=', `verify-payout:${payoutId}` as never)
      .execute();
    expect(await verifyJob(payoutId)).toBe(0);
    expect(await sendPayout(t.ctx, payoutId)).toBe('in_transit');
    expect(await verifyJob(payoutId)).toBe(1);
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await verifyPayout(t.ctx, payoutId)).toBe('paid');
  });
});
