import { randomInt } from 'node:crypto';

import { assert } from '../platform/assert.ts';
import {
  type ApiAnswer,
  CliApi,
  CliFailure,
  type CliOutput,
  type KeyMerchant,
  keyMerchant,
  refusal,
  sleep,
} from './cli-api.ts';

/**
 * What `tranche trigger` can make happen: every event of the catalogue (docs/webhooks.md), each
 * with the real sandbox objects and steps that cause it.
 */
export const TRIGGER_CATALOGUE = {
  'payment.success': 'a customer confirms a plan and the deposit is collected',
  'goods.release': 'the deposit is collected (release rule deposit_paid, the default)',
  'debit.scheduled': 'a plan is confirmed: one per later installment',
  'payment.failed': "the customer's card runs out of funds before the next installment",
  'payment.partial':
    'a Verve card holds 60% of the next installment; its retry takes that by partial debit (your floor set to 50% meanwhile)',
  'payment_plan.installment_paid': 'the next installment is collected now (time travel)',
  'installment.paid': 'the same, under its alias',
  'payment_plan.completed': 'a one-installment plan is paid off (time travel)',
  'payment_plan.defaulted': 'an installment fails every retry (time travel)',
  'payment_plan.cancelled': 'you cancel an active plan',
  'payment_plan.updated': 'a refund shortens the schedule',
  'refund.processed': 'a refund within what is unpaid (no cash back)',
  'refund.failed': 'a cash refund the gateway refuses (the payment was refunded there already)',
  'payment_method.revoked': "the gateway revokes the plan's card",
  'transfer.success': 'a payout of the plan’s deposit to your settlement account',
  'transfer.failed': 'a payout to a sandbox account that fails (…9999); yours is put back',
  'transfer.reversed': 'a payout to a sandbox account the bank reverses (…8888); yours is put back',
  'dispute.created': "the customer's bank disputes the deposit (a chargeback)",
  'dispute.reminder': 'the gateway reminds you to answer that dispute',
  'dispute.resolved': 'the bank decides that dispute in your favour',
  'payment.reversed':
    'the gateway reverses the deposit with no refund or dispute of yours; the reversal check runs at once',
} as const;
export type TriggerEvent = keyof typeof TRIGGER_CATALOGUE;

export function isTriggerEvent(name: string): name is TriggerEvent {
  return Object.hasOwn(TRIGGER_CATALOGUE, name);
}

interface PlanView {
  id: string;
  status: string;
  installments: { id: string; sequence: number; status: string }[];
}

const WAIT_MS = 60_000;

/**
 * `tranche trigger <event>`: drives the sandbox through the public API as a merchant and its
 * customer would (session, a registered and identity-verified test customer, a test card on the
 * sandbox gateway's page, a confirmed plan), plus the sandbox-only tools (time travel, gateway
 * simulations), until the event is in the merchant's event log. Prints each step and the event.
 */
export async function runTrigger(
  options: { apiBase: string; apiKey: string; event: TriggerEvent },
  out: CliOutput,
): Promise<number> {
  // A margin for the service's clock being a little behind this machine's; the events are told
  // apart by their plan or payout anyway.
  const started = new Date(Date.now() - 10 * 60_000);
  const run = new TriggerRun(new CliApi(options.apiBase, options.apiKey), out);
  const merchant = await keyMerchant(run.api);
  run.merchant = merchant;
  out.print(`Triggering ${options.event} for ${merchant.id} (${merchant.business_name}) …`);
  const event = options.event;
  const onePayment = event === 'payment_plan.completed';
  // Paystack partially debits Mastercard and Verve cards only (decision 0045).
  const plan = await run.confirmedPlan({
    installmentCount: onePayment ? 1 : 3,
    card: event === 'payment.partial' ? 'verve' : 'visa',
  });
  if (event === 'debit.scheduled' || event === 'payment.success') {
    return run.expect(event, plan.id, started);
  }
  // Every other event follows the deposit; one "Done" line, for the event asked for.
  const deposit = await run.waitForEvent('payment.success', plan.id, started);
  out.print(`  ✓ Deposit collected (payment.success ${deposit.id})`);

  switch (event) {
    case 'goods.release':
      return run.expect(event, plan.id, started);
    case 'payment.failed':
      await run.simulate(plan.id, 'decline_debits');
      await run.advance(plan.id);
      return run.expect(event, plan.id, started, (data) => installmentSequence(data) > 0);
    case 'payment.partial':
      return run.partialDebit(plan.id, started);
    case 'payment_plan.installment_paid':
    case 'installment.paid':
    case 'payment_plan.completed':
      await run.advance(plan.id);
      return run.expect(event, plan.id, started);
    case 'payment_plan.defaulted':
      await run.simulate(plan.id, 'decline_debits');
      return run.defaultPlan(plan.id, started);
    case 'payment_plan.cancelled':
      await run.ok(
        'Cancelling the plan',
        run.merchantPost(`/plans/${plan.id}/cancel`, { reason: 'tranche trigger' }),
      );
      return run.expect(event, plan.id, started);
    case 'payment_plan.updated':
    case 'refund.processed':
      // Within what is still unpaid: the schedule shrinks and no cash goes back, so it is
      // processed at once.
      await run.ok(
        'Refunding ₦1,000 of the unpaid part',
        run.merchantPost(`/plans/${plan.id}/refunds`, {
          amount: 100_000,
          reason: 'tranche trigger',
        }),
      );
      return run.expect(event, plan.id, started);
    case 'refund.failed':
      await run.simulate(plan.id, 'refund_at_gateway');
      await run.ok(
        'Refunding everything (the deposit back in cash)',
        run.merchantPost(`/plans/${plan.id}/refunds`, { reason: 'tranche trigger' }),
      );
      return run.expect(event, plan.id, started);
    case 'payment_method.revoked':
      await run.simulate(plan.id, 'revoke_payment_method');
      return run.expect(event, null, started, (data) => planIds(data).includes(plan.id));
    case 'transfer.success':
    case 'transfer.failed':
    case 'transfer.reversed':
      return run.payout(event, plan.id, started);
    case 'dispute.created':
    case 'dispute.reminder':
    case 'dispute.resolved':
      return run.dispute(event, plan.id, started);
    case 'payment.reversed':
      await run.simulate(plan.id, 'reverse_payment');
      return run.expect(event, null, started, (data) => {
        const reversal = data.reversal as { payment_plan_id?: unknown } | undefined;
        return reversal?.payment_plan_id === plan.id;
      });
  }
}

class TriggerRun {
  readonly api: CliApi;
  readonly out: CliOutput;
  merchant: KeyMerchant | undefined;

  constructor(api: CliApi, out: CliOutput) {
    this.api = api;
    this.out = out;
  }

  get merchantPath(): string {
    assert(this.merchant, 'the merchant is read first');
    return `/api/v1/merchant/${this.merchant.id}`;
  }

  merchantPost(path: string, body: unknown = {}): Promise<ApiAnswer> {
    return this.api.post(`${this.merchantPath}${path}`, body);
  }

  async ok(step: string, answer: Promise<ApiAnswer>): Promise<ApiAnswer['body']> {
    const result = await answer;
    if (result.status >= 300) throw refusal(step, result);
    this.out.print(`  ✓ ${step}`);
    return result.body;
  }

  /** Session, customer (registered, BVN verified), test card, confirmed plan. */
  async confirmedPlan(shape: {
    installmentCount: number;
    card: 'visa' | 'verve';
  }): Promise<PlanView> {
    const amount = 2_000_000;
    const session = await this.ok(
      'Checkout session (₦20,000)',
      this.api.post('/api/v1/checkout/sessions', {
        merchant_id: this.merchant?.id,
        amount,
        currency: 'NGN',
        title: 'tranche trigger',
        order_reference: `trigger-${Date.now()}-${randomInt(1_000_000)}`,
      }),
    );
    const { token, constraints } = session.data as {
      token: string;
      constraints: {
        allowed_frequencies: string[];
        max_monthly_duration: number;
        max_weekly_duration: number;
        min_upfront_pct: number;
      };
    };
    const customer = await this.customerWithCard(shape.card);
    const frequency = constraints.allowed_frequencies.includes('monthly') ? 'monthly' : 'weekly';
    const longest =
      frequency === 'monthly' ? constraints.max_monthly_duration : constraints.max_weekly_duration;
    const confirmed = await this.ok(
      'Plan confirmed',
      customer.api.post(`/api/v1/checkout/sessions/${token}/confirm`, {
        frequency,
        installment_count: Math.max(1, Math.min(shape.installmentCount, longest)),
        upfront_pct: Math.max(25, constraints.min_upfront_pct),
        payment_method_id: customer.methodId,
      }),
    );
    const plan = (confirmed.data as { plan: PlanView }).plan;
    this.out.print(`    plan ${plan.id}`);
    return plan;
  }

  async customerWithCard(kind: 'visa' | 'verve'): Promise<{ api: CliApi; methodId: string }> {
    const email = `trigger-${Date.now()}-${randomInt(1_000_000)}@example.test`;
    const registered = await this.ok(
      'Test customer registered',
      this.api.as(null).post('/api/v1/customers/register', {
        email,
        password: 'tranche trigger customer',
        first_name: 'Test',
        last_name: 'Customer',
        phone: '08031234567',
      }),
    );
    const data = registered.data as { access_token: string; customer: { id: string } };
    const customer = this.api.as(data.access_token);
    // The identity provider's consent text and its test values (the sandbox's or the Dojah
    // simulator's; decision 0046). One BVN verifies one account: a fresh test BVN each time.
    const terms = (
      await this.ok('Consent text', customer.get('/api/v1/customers/me/identity/consent-text'))
    ).data as {
      version: string;
      test_values: { bvn_prefix: string; date_of_birth: string; phone_code: string | null } | null;
    };
    const test = terms.test_values;
    if (!test) {
      throw new CliFailure(
        'tranche trigger needs a test identity provider (the sandbox or the Dojah simulator); this server checks BVNs with a real one.',
      );
    }
    for (let attempt = 1; ; attempt++) {
      const rest = 11 - test.bvn_prefix.length;
      const bvn = `${test.bvn_prefix}${String(randomInt(0, 10 ** rest)).padStart(rest, '0')}`;
      const verified = await customer.post(
        '/api/v1/customers/me/identity',
        {
          bvn,
          date_of_birth: test.date_of_birth,
          consent: { text_version: terms.version, agreed: true },
        },
        { idempotencyKey: false },
      );
      if (verified.status === 200) {
        const status = (verified.body.data as { status: string }).status;
        if (status === 'pending_phone_code') {
          await this.ok(
            'Phone code (test code)',
            customer.post(
              '/api/v1/customers/me/identity/phone-code',
              { code: test.phone_code ?? '' },
              { idempotencyKey: false },
            ),
          );
        }
        break;
      }
      if (verified.status !== 409 || attempt >= 5) throw refusal('Identity (test BVN)', verified);
    }
    this.out.print('  ✓ Identity verified (test BVN)');
    const init = await this.ok(
      'Card page opened',
      customer.post('/api/v1/payment-methods/initialize-card', {
        customer_id: data.customer.id,
        callback_url: 'https://example.test/tranche-trigger',
        is_default: true,
      }),
    );
    const { authorization_url: page, reference } = init as unknown as {
      authorization_url: string;
      reference: string;
    };
    // The sandbox gateway's hosted card page, filled in as a browser would.
    const paid = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams(
        kind === 'verve'
          ? { card_number: '507850785078507812', cvv: '081', pin: '1111', expiry: '12/30' }
          : { card_number: '4084084084084081', cvv: '408', expiry: '12/30' },
      ),
      redirect: 'manual',
    });
    if (paid.status !== 303) {
      throw new CliFailure(
        `The card page at ${page} answered ${paid.status}: trigger needs the sandbox gateway.`,
      );
    }
    const card = await this.ok(
      kind === 'verve'
        ? 'Test card 5078 5078 5078 5078 12 (Verve) saved'
        : 'Test card 4084 0840 8408 4081 saved',
      customer.post('/api/v1/payment-methods/verify-card', {
        customer_id: data.customer.id,
        reference,
        is_default: true,
      }),
    );
    return { api: customer, methodId: (card.data as { id: string }).id };
  }

  simulate(planId: string, action: string): Promise<ApiAnswer['body']> {
    return this.ok(
      `Sandbox gateway: ${action}`,
      this.merchantPost(`/plans/${planId}/simulate`, { action }),
    );
  }

  advance(planId: string): Promise<ApiAnswer['body']> {
    return this.ok(
      'Time travel: next installment due now',
      this.merchantPost(`/plans/${planId}/advance`),
    );
  }

  /**
   * The next installment on a card holding 60% of it: the first attempt (a full debit) fails,
   * the retry brought forward takes the 60% by partial debit. The merchant's floor is set to 50%
   * for it when it was off, and put back after.
   */
  async partialDebit(planId: string, since: Date): Promise<number> {
    const merchant = await keyMerchant(this.api);
    const restore = merchant.partial_debit_floor_pct ?? null;
    if (restore === null) {
      await this.ok(
        'Partial debits on (floor 50%)',
        this.api.patch(`${this.merchantPath}/settings`, { partial_debit_floor_pct: 50 }),
      );
    }
    try {
      await this.simulate(planId, 'partial_funds');
      await this.advance(planId);
      await this.waitForEvent('payment.failed', planId, since);
      this.out.print('  ✓ The full debit failed (payment.failed)');
      await this.advance(planId);
      return await this.expect('payment.partial', planId, since);
    } finally {
      if (restore === null) {
        await this.ok(
          'Partial debits off again',
          this.api.patch(`${this.merchantPath}/settings`, { partial_debit_floor_pct: null }),
        );
      }
    }
  }

  /** Fails the next installment, then brings each retry forward until the plan defaults. */
  async defaultPlan(planId: string, since: Date): Promise<number> {
    for (let round = 1; round <= 8; round++) {
      await this.advance(planId);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const plan = await this.api.get(`${this.merchantPath}/plans/${planId}`);
        const view = plan.body.data as PlanView | undefined;
        if (view?.status === 'defaulted') {
          return this.expect('payment_plan.defaulted', planId, since);
        }
        const failed = await this.api.get(
          `${this.merchantPath}/webhook-events?event=payment.failed&payment_plan_id=${planId}&limit=100`,
        );
        if (((failed.body.data as unknown[] | undefined)?.length ?? 0) >= round) break;
        if (Date.now() > deadline) {
          throw new CliFailure(
            `No payment.failed after ${WAIT_MS / 1000} s: is the worker running?`,
          );
        }
        await sleep(500);
      }
    }
    return this.expect('payment_plan.defaulted', planId, since);
  }

  /**
   * Pays the plan's deposit (what it added to the available balance) out. For the failure and
   * reversal, the settlement account is switched to the sandbox account that ends that way for
   * the payout and put back right after: the payout keeps the account it was made to.
   */
  async payout(event: TriggerEvent, planId: string, since: Date): Promise<number> {
    const success = await this.waitForEvent('payment.success', planId, since);
    const net = ((success.data as { payment?: { net?: number } }).payment?.net ?? 0) || undefined;
    const merchant = await keyMerchant(this.api);
    const account =
      event === 'transfer.failed'
        ? '0000009999'
        : event === 'transfer.reversed'
          ? '0000008888'
          : merchant.settlement_account
            ? null
            : '0123456789';
    const restore = merchant.settlement_account;
    if (account) {
      await this.ok(
        `Settlement account 058/${account} (sandbox)`,
        this.api.patch(`${this.merchantPath}/settings`, {
          settlement_account: { bank_code: '058', account_number: account },
        }),
      );
    }
    try {
      const payout = await this.ok(
        'Payout requested',
        this.merchantPost('/payouts', net ? { amount: net } : {}),
      );
      const id = (payout.data as { id: string }).id;
      return await this.expect(
        event,
        null,
        since,
        (data) => (data.payout as { id?: string } | undefined)?.id === id,
      );
    } finally {
      if (account && event !== 'transfer.success') {
        await this.api.patch(`${this.merchantPath}/settings`, { settlement_account: restore });
        this.out.print('  ✓ Settlement account put back');
      }
    }
  }

  /** Waits for the event in the merchant's event log and prints it; 0 when it is there. */
  /** A chargeback on the plan's deposit, then the gateway's reminder or the bank's decision. */
  async dispute(
    event: 'dispute.created' | 'dispute.reminder' | 'dispute.resolved',
    planId: string,
    since: Date,
  ): Promise<number> {
    const aboutPlan = (data: Record<string, unknown>) =>
      (data.dispute as { payment_plan_id?: unknown } | undefined)?.payment_plan_id === planId;
    await this.simulate(planId, 'open_dispute');
    if (event === 'dispute.created') return this.expect(event, null, since, aboutPlan);
    const created = await this.waitForEvent('dispute.created', null, since, aboutPlan);
    this.out.print(`  ✓ Dispute opened (dispute.created ${created.id})`);
    await this.simulate(
      planId,
      event === 'dispute.reminder' ? 'remind_dispute' : 'resolve_dispute',
    );
    return this.expect(event, null, since, aboutPlan);
  }

  async expect(
    type: string,
    planId: string | null,
    since: Date,
    match: (data: Record<string, unknown>) => boolean = () => true,
  ): Promise<number> {
    const event = await this.waitForEvent(type, planId, since, match);
    this.out.print(`Done: ${type} ${event.id} was written; your listeners get it now.`);
    return 0;
  }

  async waitForEvent(
    type: string,
    planId: string | null,
    since: Date,
    match: (data: Record<string, unknown>) => boolean = () => true,
  ): Promise<{ id: string; data: Record<string, unknown> }> {
    const query = new URLSearchParams({
      event: type,
      created_from: since.toISOString(),
      limit: '100',
    });
    if (planId) query.set('payment_plan_id', planId);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const list = await this.api.get(`${this.merchantPath}/webhook-events?${query.toString()}`);
      if (list.status !== 200) throw refusal('Reading the event log', list);
      const items = (list.body.data ?? []) as {
        id: string;
        payload: { data: Record<string, unknown> };
      }[];
      for (const item of items) {
        if (match(item.payload.data)) return { id: item.id, data: item.payload.data };
      }
      if (Date.now() > deadline) {
        throw new CliFailure(
          `No ${type} after ${WAIT_MS / 1000} s: is the worker running (tranche start or tranche worker)?`,
        );
      }
      await sleep(500);
    }
  }
}

function installmentSequence(data: Record<string, unknown>): number {
  return (data.installment as { sequence?: number } | undefined)?.sequence ?? -1;
}

function planIds(data: Record<string, unknown>): string[] {
  return (data.payment_plan_ids as string[] | undefined) ?? [];
}
