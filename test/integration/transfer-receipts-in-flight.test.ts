import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureTransferAccount } from '../../src/features/transfers/index.ts';
import { waitFor } from '../harness/e2e.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, confirmBankPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * A bank transfer that arrives while a bank debit of an installment is in flight (decision 0071):
 * the transfer leaves that installment alone (the debit may still succeed) and pays the next one;
 * when the debit settles, each installment was paid exactly once. Bank debits settle only when
 * the test says (`/_sandbox/settle`), so the debit stays in flight as long as needed.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox({ sandbox: { settleDelayMs: 600_000 } });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

async function statuses(planId: string) {
  const rows = await t.ctx.db
    .selectFrom('installments')
    .select('status')
    .where('plan_id', '=', planId)
    .orderBy('sequence')
    .execute();
  return rows.map((r) => r.status);
}

describe('a transfer while a debit is in flight', () => {
  it('skips the installment being debited and pays the next; the debit then settles it: nothing paid twice', async () => {
    // ₦800.00 weekly in 3, 25% upfront: deposit and installments of 20,000 kobo each.
    const plan = await confirmBankPlanFor(t, merchant);
    await collect(t, plan.installments[0]!.id);
    await t.sandbox.control('POST', '/_sandbox/settle');
    await waitFor(async () => (await statuses(plan.id))[0] === 'paid', 10_000);

    await collect(t, plan.installments[1]!.id);
    expect(await statuses(plan.id)).toEqual(['paid', 'processing', 'scheduled', 'scheduled']);

    const { customer_id: customerId } = await t.ctx.db
      .selectFrom('payment_plans')
      .select('customer_id')
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    const account = await ensureTransferAccount(t.ctx, customerId);
    const sent = await t.sandbox.control('POST', '/_sandbox/dedicated_account/transfers', {
      account_number: account.account_number,
      amount: 20_000,
    });
    expect(sent.status).toBe(200);
    const reference = String(sent.body.data.reference);
    await waitFor(
      async () =>
        (await t.ctx.db
          .selectFrom('transfer_receipts')
          .select('reference')
          .where('reference', '=', reference)
          .executeTakeFirst()) !== undefined,
      10_000,
    );
    expect(await statuses(plan.id)).toEqual(['paid', 'processing', 'paid', 'scheduled']);

    // The bank debit succeeds after all: installment 1 is paid by it, once.
    await t.sandbox.control('POST', '/_sandbox/settle');
    await waitFor(async () => (await statuses(plan.id))[1] === 'paid', 10_000);
    expect(await statuses(plan.id)).toEqual(['paid', 'paid', 'paid', 'scheduled']);
  });
});
