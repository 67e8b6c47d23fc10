import { collectInstallment } from '../../src/features/collections/collect.ts';
import { createTestCustomer, sessionBody, type TestMerchant } from './fixtures.ts';
import { payOnCardPage, TEST_CARDS } from './sandbox.ts';
import type { TestAppWithSandbox } from './test-app.ts';

type Customer = Awaited<ReturnType<typeof createTestCustomer>>;

/** Links a card through the sandbox's hosted page (the real flow) for an existing customer. */
export async function addCard(
  t: TestAppWithSandbox,
  customer: Customer,
  options: { isDefault?: boolean; card?: { number: string; cvv: string } } = {},
): Promise<{ methodId: string; authorizationCode: string }> {
  const init = await t.http.post(
    '/api/v1/payment-methods/initialize-card',
    {
      customer_id: customer.id,
      callback_url: 'https://shop.example/back',
      is_default: options.isDefault ?? true,
    },
    { token: customer.accessToken },
  );
  await payOnCardPage(init.body.authorization_url, options.card ?? TEST_CARDS.success);
  const verified = await t.http.post(
    '/api/v1/payment-methods/verify-card',
    { customer_id: customer.id, reference: init.body.reference },
    { token: customer.accessToken },
  );
  if (verified.status !== 200) {
    throw new Error(`verify-card failed: ${JSON.stringify(verified.body)}`);
  }
  const row = await t.ctx.db
    .selectFrom('payment_methods')
    .select('authorization_sealed')
    .where('id', '=', verified.body.data.id)
    .executeTakeFirstOrThrow();
  return {
    methodId: verified.body.data.id as string,
    authorizationCode: t.ctx.secretBox.open(row.authorization_sealed),
  };
}

/** A new (identity-verified) customer with a default card. */
export async function customerWithCard(t: TestAppWithSandbox) {
  const customer = await createTestCustomer(t);
  return { customer, ...(await addCard(t, customer)) };
}

/** Session → confirmed plan (monthly, 3 installments, 25% upfront unless told otherwise). */
export async function confirmPlanFor(
  t: TestAppWithSandbox,
  merchant: TestMerchant,
  options: { amount?: number; installmentCount?: number; upfrontPct?: number } = {},
) {
  const card = await customerWithCard(t);
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: options.amount ?? 100_000 }),
    { token: merchant.testKey },
  );
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    {
      frequency: 'monthly',
      installment_count: options.installmentCount ?? 3,
      upfront_pct: options.upfrontPct ?? 25,
      payment_method_id: card.methodId,
    },
    { token: card.customer.accessToken },
  );
  if (confirm.status !== 201) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  const plan = confirm.body.data.plan as {
    id: string;
    installments: { id: string; sequence: number; amount: number; due_at: string }[];
  };
  return { ...card, session, plan };
}

/** Runs the collection job's use case; the sandbox's own webhook may settle it first. */
export async function collect(t: TestAppWithSandbox, installmentId: string): Promise<string> {
  return collectInstallment(t.ctx, installmentId);
}

/**
 * Collects an installment as the worker does and answers its status after: the sandbox's webhook
 * may settle the charge before the engine (which then reports nothing_to_do), and that is the same.
 */
export async function collectToStatus(
  t: TestAppWithSandbox,
  installmentId: string,
): Promise<string> {
  await collectInstallment(t.ctx, installmentId);
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('status')
    .where('id', '=', installmentId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * A new customer with a bank mandate (the sandbox's OTP flow) and a confirmed weekly plan on it;
 * bank debits settle later, by webhook, which is what tests of that path need.
 */
export async function confirmBankPlanFor(
  t: TestAppWithSandbox,
  merchant: TestMerchant,
  options: { amount?: number } = {},
) {
  const customer = await createTestCustomer(t);
  const start = await t.http.post(
    `/api/v1/payment-methods/customers/${customer.id}/initiate-bank-mandate`,
    { bank_code: '057', account_number: '0000000000', is_default: true },
    { token: customer.accessToken },
  );
  const linked = await t.http.post(
    '/api/v1/payment-methods/bank-mandate/submit-otp',
    {
      customer_id: customer.id,
      reference: start.body.reference,
      otp: '123456',
      bank_code: '057',
      bank_name: 'Zenith Bank',
      account_number: '0000000000',
      is_default: true,
    },
    { token: customer.accessToken },
  );
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: options.amount ?? 80_000 }),
    { token: merchant.testKey },
  );
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    {
      frequency: 'weekly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: linked.body.data.id,
    },
    { token: customer.accessToken },
  );
  if (confirm.status !== 201) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  return confirm.body.data.plan as {
    id: string;
    installments: { id: string; sequence: number; amount: number; due_at: string }[];
  };
}
