import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * `POST …/plans/{id}/simulate` (`tranche trigger`'s sandbox tools). Its own file: a refund made
 * at the gateway behind the service's back is exactly what reconciliation reports, so it must not
 * share a sandbox with a file that expects a clean reconciliation.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const simulate = (planId: string, action: string, token = merchant.testKey) =>
  t.http.post(`/api/v1/merchant/${merchant.id}/plans/${planId}/simulate`, { action }, { token });

describe('sandbox simulations (POST …/plans/{id}/simulate)', () => {
  it('refund_at_gateway: nothing collected is a 409; asked twice, the second is a no-op 200, not a 502', async () => {
    const { plan } = await confirmPlanFor(t, merchant);
    const early = await simulate(plan.id, 'refund_at_gateway');
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.detail).toMatch(/no collected payment/);
    const deposit = plan.installments.find((i) => i.sequence === 0);
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, deposit?.id ?? ''));
    for (const attempt of [1, 2]) {
      const res = await simulate(plan.id, 'refund_at_gateway');
      expect(res.status, `attempt ${attempt}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.id).toBe(plan.id);
    }
  });

  it('a live key is refused (sandbox only), another merchant’s plan is 404', async () => {
    const { plan } = await confirmPlanFor(t, merchant);
    const live = await simulate(plan.id, 'decline_debits', merchant.liveKey);
    expect(live.status).toBe(403);
    expect(live.body.detail).toMatch(/simulations are for sandbox \(sk_test_\) keys only/);
    const other = await createTestMerchant(t);
    const foreign = await t.http.post(
      `/api/v1/merchant/${other.id}/plans/${plan.id}/simulate`,
      { action: 'decline_debits' },
      { token: other.testKey },
    );
    expect(foreign.status).toBe(404);
  });
});
