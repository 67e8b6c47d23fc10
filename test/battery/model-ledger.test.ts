import { randomInt } from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { sendPayout } from '../../src/features/money/payouts.ts';
import { sendRefund, verifyRefund } from '../../src/features/refunds/delivery.ts';
import { hmacSha512Hex } from '../../src/platform/crypto.ts';
import {
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { checkInvariants, formatViolations } from '../harness/invariants.ts';
import { customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B5 of the reliability battery (docs/reliability.md): model-based testing of the money path
 * with fast-check's `commands` and `asyncModelRun`, against the real service (HTTP), a real
 * PostgreSQL database and the sandbox gateway. fc draws a sequence of commands — checkout,
 * deposit and installment charges, gateway webhooks (replayed charge.success, transfer.*),
 * refunds, payouts, the transfers and refunds settling at the gateway, and replayed requests —
 * and runs each against the service and against a small in-memory model of one merchant.
 *
 * The model is written from the money rules (docs/money-rules.md), not from the code: fee
 * round_half_up(2.5%), refunds lower the unpaid installments first (last first) and then go back
 * in cash (latest payment first) with the fee returned pro rata, payouts leave *available* at
 * once and come back if the transfer fails or is reversed. Where the gateway may answer more than
 * one way (a transfer to a failing account can be refused when sent or fail when settling), the
 * model accepts the set of allowed outcomes and follows the one the service reports
 * (TigerBeetle's auditor). After every step: the wallet's four balances and every plan's
 * installments equal the model's, and I1–I12 (test/invariants.sql) hold on the whole database.
 *
 * The sandbox sends no webhooks and settles nothing on its own here: each is a command, so a
 * seed replays the same sequence (BATTERY_SEED=… prints on failure, with the failing sequence; no shrinking, which would rerun whole sequences).
 */

let t: TestAppWithSandbox;
const SEED = Number(process.env.BATTERY_SEED ?? randomInt(1, 2 ** 31));
const figures = { sequences: 0, steps: 0, refused: 0, invariantChecks: 0 };
/** Steps per command, printed with the figures: evidence that each kind of step ran. */
const ran = new Map<string, number>();
const started = Date.now();

beforeAll(async () => {
  t = await startTestAppWithSandbox({
    settings: { rateLimitSandboxPerMin: 1_000_000 },
    sandbox: { webhooks: false, settleDelayMs: 3_600_000 },
  });
});

afterAll(async () => {
  report('B5 service-model', {
    sequences: figures.sequences,
    steps: figures.steps,
    refused_as_predicted: figures.refused,
    invariant_checks: figures.invariantChecks,
    per_command: [...ran].map(([name, n]) => `${name}:${n}`).join(','),
    seed: SEED,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  await t.close();
});

// ── the model ───────────────────────────────────────────────────────────────────────────────

type Fate = 'success' | 'failed' | 'reversed';

interface WalletModel {
  available: number;
  pending: number;
  payouts_in_transit: number;
  refunds_in_transit: number;
}

interface PlanModel {
  id: string;
  email: string;
  installments: { id: string; amount: number; status: 'scheduled' | 'paid' | 'cancelled' }[];
  /** Collected payments, oldest first: what cash refunds draw on (latest first). */
  charges: { reference: string; gross: number; refunded: number; feeReturned: number }[];
}

interface Replayable {
  what: string;
  path: string;
  token: string;
  body: object;
  key: string | undefined;
  status: number;
  answer: { ok: boolean; data: { id?: string; plan?: { id: string } } };
}

interface Model {
  wallet: WalletModel;
  plans: PlanModel[];
  payouts: {
    id: string;
    reference: string;
    amount: number;
    fate: Fate;
    state: Fate | 'pending' | 'in_transit';
  }[];
  refunds: { id: string; cash: number; state: 'pending' | 'processed' }[];
  replayable: Replayable[];
}

interface Real {
  shop: TestMerchant;
}

/** round_half_up(x / d) for non-negative integers. */
const roundHalfUp = (x: number, d: number) => Math.floor((2 * x + d) / (2 * d));
const feeOf = (gross: number) => roundHalfUp(gross * 25, 1000);

const open = (plan: PlanModel) => plan.installments.filter((i) => i.status === 'scheduled');
const outstanding = (plan: PlanModel) => open(plan).reduce((sum, i) => sum + i.amount, 0);
const cashRefundable = (plan: PlanModel) =>
  plan.charges.reduce((sum, c) => sum + c.gross - c.refunded, 0);

/** What a refund of `amount` (undefined: everything) would do, or the status refusing it. */
function predictRefund(model: Model, plan: PlanModel, amount: number | undefined) {
  if (plan.charges.length === 0) return { refused: 409 } as const;
  const whole = outstanding(plan) + cashRefundable(plan);
  if (whole === 0) return { refused: 409 } as const;
  const asked = amount ?? whole;
  if (asked > whole) return { refused: 400 } as const;
  const reduction = Math.min(asked, outstanding(plan));
  let cashLeft = asked - reduction;
  const parts: { charge: PlanModel['charges'][number]; cash: number; feeReturned: number }[] = [];
  for (const charge of [...plan.charges].reverse()) {
    const cash = Math.min(cashLeft, charge.gross - charge.refunded);
    if (cash === 0) continue;
    cashLeft -= cash;
    const feeTotal = roundHalfUp(feeOf(charge.gross) * (charge.refunded + cash), charge.gross);
    parts.push({ charge, cash, feeReturned: feeTotal - charge.feeReturned });
  }
  const cash = asked - reduction;
  const feeReturned = parts.reduce((sum, p) => sum + p.feeReturned, 0);
  if (cash - feeReturned > model.wallet.available) return { refused: 400 } as const;
  return { asked, reduction, cash, feeReturned, parts } as const;
}

// ── talking to the service ──────────────────────────────────────────────────────────────────

/** Paystack's webhook shape, signed with the sandbox's key, delivered to our real endpoint. */
async function deliverGatewayWebhook(event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  const answer = await t.http.request('POST', '/api/v1/webhooks/gateway', {
    rawBody: body,
    headers: { 'x-paystack-signature': hmacSha512Hex(t.sandbox.secretKey, body) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A customer with a card, shared by up to 10 plans (each at most ₦3,000: Bronze's open limit holds). */
let pooled: { card: Awaited<ReturnType<typeof customerWithCard>>; plans: number } | undefined;
async function payingCustomer() {
  if (!pooled || pooled.plans >= 10) pooled = { card: await customerWithCard(t), plans: 0 };
  pooled.plans += 1;
  return pooled.card;
}

async function post(real: Real, path: string, body: object, key?: string) {
  return t.http.post(path, body, {
    token: real.shop.testKey,
    ...(key !== undefined && { headers: { 'idempotency-key': key } }),
  });
}

/** A merchant POST answered 201 under `key`, for ReplayRequest to send again. */
function remember(
  model: Model,
  real: Real,
  what: string,
  path: string,
  body: object,
  key: string,
  answer: Replayable['answer'],
): void {
  model.replayable.push({ what, path, token: real.shop.testKey, body, key, status: 201, answer });
}

/** The status the service's database holds for each of these refunds or payouts. */
async function statusesOf(
  table: 'refunds' | 'payouts',
  objects: readonly { id: string }[],
): Promise<Map<string, string>> {
  const rows = await t.ctx.db
    .selectFrom(table)
    .select(['id', 'status'])
    .where(
      'id',
      'in',
      objects.map((o) => o.id),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The service agrees with the model: wallet, every plan's installments, and I1–I12. */
async function expectAgreement(model: Model, real: Real, command: string): Promise<void> {
  figures.steps += 1;
  ran.set(command, (ran.get(command) ?? 0) + 1);
  const wallet = await t.http.get(`/api/v1/merchant/${real.shop.id}/wallet?limit=1`, {
    token: real.shop.testKey,
  });
  const { available, pending, payouts_in_transit, refunds_in_transit } = wallet.body.data;
  expect({ available, pending, payouts_in_transit, refunds_in_transit }, 'wallet').toEqual(
    model.wallet,
  );
  for (const plan of model.plans) {
    const read = await t.http.get(`/api/v1/merchant/${real.shop.id}/plans/${plan.id}`, {
      token: real.shop.testKey,
    });
    const installments = (
      read.body.data.installments as { id: string; amount: number; status: string }[]
    ).map(({ id, amount, status }) => ({ id, amount, status }));
    expect(installments, `plan ${plan.id}`).toEqual(
      plan.installments.map(({ id, amount, status }) => ({ id, amount, status })),
    );
  }
  figures.invariantChecks += 1;
  const violations = await checkInvariants(t.databaseUrl, { now: t.clock.now() });
  if (violations.length > 0) throw new Error(`invariants broken:\n${formatViolations(violations)}`);
}

// ── the commands ────────────────────────────────────────────────────────────────────────────

type Command = fc.AsyncCommand<Model, Real>;

const CHOICES = [
  { frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
  { frequency: 'weekly', installment_count: 4, upfront_pct: 50 },
] as const;

/** A checkout: a session (with a key) and the customer's confirm. Nothing is collected yet. */
class Checkout implements Command {
  readonly amount: number;
  readonly choice: (typeof CHOICES)[number];
  constructor(amount: number, choice: (typeof CHOICES)[number]) {
    this.amount = amount;
    this.choice = choice;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const card = await payingCustomer();
    const key = newIdempotencyKey();
    const body = sessionBody(real.shop.id, { amount: this.amount });
    const session = await post(real, '/api/v1/checkout/sessions', body, key);
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    remember(model, real, 'session', '/api/v1/checkout/sessions', body, key, session.body);
    const confirmPath = `/api/v1/checkout/sessions/${session.body.data.token}/confirm`;
    const confirmBody = { ...this.choice, payment_method_id: card.methodId };
    const confirm = await t.http.post(confirmPath, confirmBody, {
      token: card.customer.accessToken,
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
    const plan = confirm.body.data.plan as {
      id: string;
      installments: { id: string; sequence: number; amount: number }[];
    };
    const installments = [...plan.installments].sort((a, b) => a.sequence - b.sequence);
    // The schedule's own rounding is property-tested in src/domain; here: it adds up.
    expect(installments.reduce((sum, i) => sum + i.amount, 0)).toBe(this.amount);
    model.plans.push({
      id: plan.id,
      email: card.customer.email,
      installments: installments.map((i) => ({ id: i.id, amount: i.amount, status: 'scheduled' })),
      charges: [],
    });
    model.replayable.push({
      what: 'confirm',
      path: confirmPath,
      token: card.customer.accessToken,
      body: confirmBody,
      key: undefined,
      status: 201,
      answer: confirm.body,
    });
    model.wallet.pending += this.amount;
    await expectAgreement(model, real, 'Checkout');
  }
  toString = () => `Checkout(${this.amount}, ${this.choice.frequency})`;
}

/** The auto-debit job's use case on a plan's next installment (the deposit first). */
class Collect implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (model: Readonly<Model>) => model.plans.some((p) => open(p).length > 0);
  async run(model: Model, real: Real) {
    const candidates = model.plans.filter((p) => open(p).length > 0);
    const plan = candidates[this.pick % candidates.length]!;
    const next = open(plan)[0]!;
    // Allowed: paid at once; or, when the charge call outlives its timeout on a busy machine,
    // pending, and then paid by the job's retry, which verifies the charge at the gateway.
    let outcome = await collectInstallment(t.ctx, next.id);
    for (let retry = 0; outcome === 'pending' && retry < 3; retry++) {
      outcome = await collectInstallment(t.ctx, next.id);
    }
    expect(['paid', 'nothing_to_do']).toContain(outcome);
    const charge = await t.ctx.db
      .selectFrom('installments')
      .select('charge_reference')
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    next.status = 'paid';
    plan.charges.push({
      reference: charge.charge_reference ?? '',
      gross: next.amount,
      refunded: 0,
      feeReturned: 0,
    });
    model.wallet.pending -= next.amount;
    model.wallet.available += next.amount - feeOf(next.amount);
    await expectAgreement(model, real, 'Collect');
  }
  toString = () => `Collect(${this.pick})`;
}

/** The gateway sends charge.success again for a payment already booked: nothing changes. */
class ReplayChargeWebhook implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (model: Readonly<Model>) => model.plans.some((p) => p.charges.length > 0);
  async run(model: Model, real: Real) {
    const paid = model.plans.filter((p) => p.charges.length > 0);
    const plan = paid[this.pick % paid.length]!;
    const charge = plan.charges[this.pick % plan.charges.length]!;
    await deliverGatewayWebhook('charge.success', {
      id: randomInt(1, 2 ** 31),
      reference: charge.reference,
      amount: charge.gross,
      currency: 'NGN',
      status: 'success',
      gateway_response: 'Approved',
      paid_at: t.clock.now().toISOString(),
      channel: 'card',
      customer: { email: plan.email },
    });
    await expectAgreement(model, real, 'ReplayChargeWebhook');
  }
  toString = () => `ReplayChargeWebhook(${this.pick})`;
}

/** A merchant's refund (whole, or a share of what is refundable; above 100% is refused). */
class Refund implements Command {
  readonly pick: number;
  readonly percent: number | undefined;
  constructor(pick: number, percent: number | undefined) {
    this.pick = pick;
    this.percent = percent;
  }
  check = (model: Readonly<Model>) => model.plans.length > 0;
  async run(model: Model, real: Real) {
    const plan = model.plans[this.pick % model.plans.length]!;
    const whole = outstanding(plan) + cashRefundable(plan);
    const amount =
      this.percent === undefined
        ? undefined
        : Math.max(1, Math.floor((whole * this.percent) / 100));
    const predicted = predictRefund(model, plan, amount);
    const key = newIdempotencyKey();
    const path = `/api/v1/merchant/${real.shop.id}/plans/${plan.id}/refunds`;
    const body = amount === undefined ? {} : { amount };
    const answer = await post(real, path, body, key);
    if ('refused' in predicted) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(predicted.refused);
      figures.refused += 1;
      await expectAgreement(model, real, 'Refund');
      return;
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({
      amount: predicted.asked,
      balance_reduction: predicted.reduction,
      cash_amount: predicted.cash,
      fee_returned: predicted.feeReturned,
      status: predicted.cash === 0 ? 'processed' : 'pending',
    });
    remember(model, real, 'refund', path, body, key, answer.body);
    // The unpaid part, from the last installment backwards.
    let reduce = predicted.reduction;
    for (const installment of [...open(plan)].reverse()) {
      const taken = Math.min(reduce, installment.amount);
      installment.amount -= taken;
      if (installment.amount === 0) installment.status = 'cancelled';
      reduce -= taken;
    }
    for (const part of predicted.parts) {
      part.charge.refunded += part.cash;
      part.charge.feeReturned += part.feeReturned;
    }
    model.wallet.pending -= predicted.reduction;
    model.wallet.available -= predicted.cash - predicted.feeReturned;
    model.wallet.refunds_in_transit += predicted.cash;
    if (predicted.cash > 0) {
      model.refunds.push({
        id: answer.body.data.id as string,
        cash: predicted.cash,
        state: 'pending',
      });
    }
    await expectAgreement(model, real, 'Refund');
  }
  toString = () => `Refund(${this.pick}, ${this.percent ?? 'whole'})`;
}

/** The refund job sends every pending refund; the gateway settles; the verify job hears it. */
class SettleRefunds implements Command {
  check = (model: Readonly<Model>) => model.refunds.some((r) => r.state === 'pending');
  async run(model: Model, real: Real) {
    const pending = model.refunds.filter((r) => r.state === 'pending');
    for (const refund of pending) await sendRefund(t.ctx, refund.id);
    expect((await t.sandbox.control('POST', '/_sandbox/settle')).status).toBe(200);
    for (const refund of pending) {
      await verifyRefund(t.ctx, refund.id);
      refund.state = 'processed';
      model.wallet.refunds_in_transit -= refund.cash;
    }
    const statuses = await statusesOf('refunds', pending);
    for (const refund of pending) expect(statuses.get(refund.id), refund.id).toBe('processed');
    await expectAgreement(model, real, 'SettleRefunds');
  }
  toString = () => 'SettleRefunds';
}

const SETTLEMENT_ACCOUNT_ENDING: Record<Fate, string> = {
  success: '1234',
  failed: '9999',
  reversed: '8888',
};

/** A payout request (with a key) to an account whose transfer will end as `fate`. */
class Payout implements Command {
  readonly percent: number | undefined;
  readonly fate: Fate;
  constructor(percent: number | undefined, fate: Fate) {
    this.percent = percent;
    this.fate = fate;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const account = `${String(randomInt(0, 1_000_000)).padStart(6, '0')}${SETTLEMENT_ACCOUNT_ENDING[this.fate]}`;
    const settings = await t.http.patch(
      `/api/v1/merchant/${real.shop.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: account } },
      { token: real.shop.testKey },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const available = model.wallet.available;
    const amount =
      this.percent === undefined
        ? undefined
        : Math.max(1, Math.floor((available * this.percent) / 100));
    const key = newIdempotencyKey();
    const path = `/api/v1/merchant/${real.shop.id}/payouts`;
    const body = amount === undefined ? {} : { amount };
    const answer = await post(real, path, body, key);
    const payable = amount ?? available;
    if (payable === 0 || payable > available) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      figures.refused += 1;
    } else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.data).toMatchObject({ amount: payable, status: 'pending' });
      model.payouts.push({
        id: answer.body.data.id as string,
        reference: answer.body.data.reference as string,
        amount: payable,
        fate: this.fate,
        state: 'pending',
      });
      remember(model, real, 'payout', path, body, key, answer.body);
      model.wallet.available -= payable;
      model.wallet.payouts_in_transit += payable;
    }
    await expectAgreement(model, real, 'Payout');
  }
  toString = () => `Payout(${this.percent ?? 'whole'}, ${this.fate})`;
}

function payoutEnded(model: Model, payout: Model['payouts'][number], state: Fate) {
  payout.state = state;
  model.wallet.payouts_in_transit -= payout.amount;
  if (state !== 'success') model.wallet.available += payout.amount;
}

/** The payout job sends every pending payout's transfer. */
class SendPayouts implements Command {
  check = (model: Readonly<Model>) => model.payouts.some((p) => p.state === 'pending');
  async run(model: Model, real: Real) {
    for (const payout of model.payouts.filter((p) => p.state === 'pending')) {
      const status = await sendPayout(t.ctx, payout.id);
      // Allowed: the transfer is pending at the gateway, or (only to a failing account) refused now.
      const allowed = payout.fate === 'failed' ? ['in_transit', 'failed'] : ['in_transit'];
      expect(allowed).toContain(status);
      if (status === 'failed') payoutEnded(model, payout, 'failed');
      else payout.state = 'in_transit';
    }
    await expectAgreement(model, real, 'SendPayouts');
  }
  toString = () => 'SendPayouts';
}

/** The gateway settles the transfers and sends transfer.* (once or twice) for each. */
class SettleTransfers implements Command {
  readonly deliveries: number;
  constructor(deliveries: number) {
    this.deliveries = deliveries;
  }
  check = (model: Readonly<Model>) => model.payouts.some((p) => p.state === 'in_transit');
  async run(model: Model, real: Real) {
    expect((await t.sandbox.control('POST', '/_sandbox/settle')).status).toBe(200);
    const moving = model.payouts.filter((p) => p.state === 'in_transit');
    for (let n = 0; n < this.deliveries; n++) {
      for (const payout of moving) {
        await deliverGatewayWebhook(`transfer.${payout.fate}`, {
          reference: payout.reference,
          amount: payout.amount,
          status: payout.fate,
          reason: 'Tranche payout',
        });
      }
    }
    for (const payout of moving) payoutEnded(model, payout, payout.fate);
    const statuses = await statusesOf('payouts', moving);
    for (const payout of moving) {
      expect(statuses.get(payout.id), payout.id).toBe(
        payout.fate === 'success' ? 'paid' : payout.fate,
      );
    }
    await expectAgreement(model, real, 'SettleTransfers');
  }
  toString = () => `SettleTransfers(×${this.deliveries})`;
}

/** A request sent again: the same key replays the first answer; a confirm returns the same plan. */
class ReplayRequest implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (model: Readonly<Model>) => model.replayable.length > 0;
  async run(model: Model, real: Real) {
    const request = model.replayable[this.pick % model.replayable.length]!;
    const answer = await t.http.post(request.path, request.body, {
      token: request.token,
      ...(request.key !== undefined && { headers: { 'idempotency-key': request.key } }),
    });
    expect(answer.status, `${request.what}: ${JSON.stringify(answer.body)}`).toBe(request.status);
    if (request.key === undefined) {
      expect(answer.body.data.plan.id).toBe(request.answer.data.plan?.id);
    } else {
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.body).toEqual(request.answer);
    }
    await expectAgreement(model, real, 'ReplayRequest');
  }
  toString = () => `ReplayRequest(${this.pick})`;
}

const commands = [
  fc
    .tuple(fc.integer({ min: 20_000, max: 300_000 }), fc.constantFrom(...CHOICES))
    .map(([amount, choice]) => new Checkout(amount, choice)),
  fc.nat().map((pick) => new Collect(pick)),
  fc.nat().map((pick) => new Collect(pick)),
  fc.nat().map((pick) => new ReplayChargeWebhook(pick)),
  fc
    .tuple(fc.nat(), fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }))
    .map(([pick, percent]) => new Refund(pick, percent)),
  fc.constant(new SettleRefunds()),
  fc.constant(new SettleRefunds()),
  fc
    .tuple(
      fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
      fc.constantFrom<Fate>('success', 'success', 'failed', 'reversed'),
    )
    .map(([percent, fate]) => new Payout(percent, fate)),
  fc.constant(new SendPayouts()),
  fc.constant(new SendPayouts()),
  fc.integer({ min: 1, max: 2 }).map((deliveries) => new SettleTransfers(deliveries)),
  fc.integer({ min: 1, max: 2 }).map((deliveries) => new SettleTransfers(deliveries)),
  fc.nat().map((pick) => new ReplayRequest(pick)),
];

describe('B5: model-based ledger (fc.commands + asyncModelRun) against the service', () => {
  it(
    'after every command the wallet and every plan equal the model, and I1–I12 hold',
    async () => {
      const runs = batteryCount({ ci: 12, full: 60 });
      const maxCommands = batteryCount({ ci: 25, full: 50 });
      const details = await fc.check(
        fc.asyncProperty(fc.commands(commands, { maxCommands, size: 'max' }), async (sequence) => {
          figures.sequences += 1;
          const shop = await createTestMerchant(t, { approve: true });
          const model: Model = {
            wallet: { available: 0, pending: 0, payouts_in_transit: 0, refunds_in_transit: 0 },
            plans: [],
            payouts: [],
            refunds: [],
            replayable: [],
          };
          const real = { shop };
          // Every sequence starts with a plan whose deposit is paid, so fc's commands have
          // something to act on from their first step.
          await new Checkout(100_000, CHOICES[0]).run(model, real);
          await new Collect(0).run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
      if (details.failed) {
        const cause = details.errorInstance;
        throw new Error(
          `B5: ${cause instanceof Error ? cause.message : String(cause)}\n` +
            `BATTERY_SEED=${SEED} replays this.\n${fc.defaultReportMessage(details)}`,
          { cause },
        );
      }
    },
    batteryCount({ ci: 300_000, full: 3_600_000 }),
  );
});
