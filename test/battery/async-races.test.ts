import { randomInt } from 'node:crypto';

import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppContext } from '../../src/app-context.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { merchantWallet } from '../../src/domain/ledger-balances.ts';
import { collectInstallment } from '../../src/features/collections/collect.ts';
import { chargeReference } from '../../src/features/collections/intents.ts';
import { receiveGatewayEvent } from '../../src/features/gateway-events/gateway-webhooks.ts';
import { accountBalances } from '../../src/features/money/ledger-store.ts';
import { createPayout, sendPayout } from '../../src/features/money/payouts.ts';
import { confirmPlan, type ConfirmPlanInput } from '../../src/features/plans/plans.ts';
import { GatewayError, type PaymentGateway } from '../../src/gateway/port.ts';
import { hmacSha512Hex } from '../../src/platform/crypto.ts';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { checkInvariants, formatViolations } from '../harness/invariants.ts';
import { collectToStatus, customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B6 of the reliability battery (docs/reliability.md): an async race search with fast-check's
 * scheduler against the application layer (src/app), a real PostgreSQL database and the real
 * Paystack adapter talking to the sandbox gateway. Only the timing of promises is chosen by fc:
 *
 *  - each command invocation (a confirm, a collection, a webhook delivery, a payout request)
 *    starts when fc releases it;
 *  - each gateway call waits twice: before the request leaves (fc decides when the gateway sees
 *    it) and after the real answer came back (fc decides when the caller hears it). So "the
 *    gateway charged, then a webhook was processed, then the charge call returned" is one of
 *    the schedules.
 *
 * Between two such points an actor runs alone until it parks at its next point or finishes
 * (the driver waits for that before releasing anything else), so a seed replays the same
 * order. fc may also release two or three points at once (`bursts`): those actors then run
 * truly concurrently against the database, which is where row locks and unique keys earn
 * their keep (that part is not exactly replayable).
 *
 * The sandbox sends no webhooks of its own here: every gateway webhook is delivered by an actor,
 * signed with the sandbox's key in Paystack's format, at the moment fc chooses. The app confirms
 * each with the gateway's verify endpoint (a scheduled call too), as it does in production.
 *
 * After every run: the scenario's own checks (one plan, one gateway charge per installment,
 * each collection booked once, payouts within what was available, one transfer per payout) and
 * every invariant of test/invariants.sql (I1–I12) on the whole database.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
const SEED = Number(process.env.BATTERY_SEED ?? randomInt(1, 2 ** 31));
/** An actor that makes no progress for this long is reported as stuck (a lock never released). */
const STALL_MS = 60_000;

/** B6_SCHEDULES=1 prints every run's schedule (to see what the search tries). */
const SHOW_SCHEDULES = process.env.B6_SCHEDULES === '1';

const figures = {
  confirm: { runs: 0, schedules: new Set<string>(), failed: false },
  webhook: { runs: 0, schedules: new Set<string>(), failed: false },
  payout: { runs: 0, schedules: new Set<string>(), failed: false },
};
const started = Date.now();
/** Each scenario's time limit: a run takes about a second on an idle machine, more when busy. */
const SCENARIO_TIMEOUT_MS = batteryCount({ ci: 150_000, full: 1_500_000 });

beforeAll(async () => {
  t = await startTestAppWithSandbox({
    // Every run creates a session and a customer; the per-key limit is not under test here.
    settings: { rateLimitSandboxPerMin: 1_000_000 },
    // Webhooks only when an actor delivers them; transfers settle only when an actor says so.
    sandbox: { webhooks: false, settleDelayMs: 3_600_000 },
  });
  merchant = await createTestMerchant(t, { approve: true });
});

afterAll(async () => {
  const runs = figures.confirm.runs + figures.webhook.runs + figures.payout.runs;
  const distinct =
    figures.confirm.schedules.size + figures.webhook.schedules.size + figures.payout.schedules.size;
  const failures = [figures.confirm, figures.webhook, figures.payout].filter(
    (f) => f.failed,
  ).length;
  report('B6', {
    interleavings: runs,
    distinct_schedules: distinct,
    failures,
    confirm_runs: figures.confirm.runs,
    webhook_runs: figures.webhook.runs,
    payout_runs: figures.payout.runs,
    seed: SEED,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  await t.close();
});

// ── customers and plans ─────────────────────────────────────────────────────────────────────

/**
 * A customer with a card, shared by a few runs: linking a card is most of a run's setup. Each
 * plan keeps part of its amount open, and Bronze's limit on what is open is ₦50,000, so a new
 * customer takes over every 15 plans (at most 15 × ₦1,500 open).
 */
let pooled: { card: Awaited<ReturnType<typeof customerWithCard>>; plans: number } | undefined;
async function payingCustomer() {
  if (!pooled || pooled.plans >= 15) pooled = { card: await customerWithCard(t), plans: 0 };
  pooled.plans += 1;
  return pooled.card;
}

/** A checkout session of `shop` for `amount` kobo. */
async function newSession(shop: TestMerchant, amount: number) {
  const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(shop.id, { amount }), {
    token: shop.testKey,
  });
  if (session.status !== 201) throw new Error(`session: ${JSON.stringify(session.body)}`);
  return session.body.data as { id: string; token: string };
}

/** Session → plan confirmed (monthly, 3 installments, 25% upfront), nothing collected. */
async function confirmedPlan(shop: TestMerchant, amount: number) {
  const card = await payingCustomer();
  const session = await newSession(shop, amount);
  const plan = await confirmPlan(t.ctx, card.customer.id, session.token, {
    frequency: 'monthly',
    installmentCount: 3,
    upfrontPct: 25,
    paymentMethodId: card.methodId,
  });
  return {
    customer: card.customer,
    installments: [...plan.installments].sort((a, b) => a.sequence - b.sequence),
  };
}

// ── the scheduler's driver ──────────────────────────────────────────────────────────────────

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Actor {
  name: string;
  /** Points where the actor waits for fc (one at a time in these scenarios). */
  parked: number;
  done: boolean;
}

const settle = <T>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** A short word for a gateway answer, for the schedule's labels (no ids: labels are compared). */
function summary(outcome: Outcome<unknown>): string {
  if (!outcome.ok) {
    return outcome.error instanceof GatewayError
      ? `error ${outcome.error.kind}`
      : `error ${String(outcome.error)}`;
  }
  const value = outcome.value;
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object' && 'status' in value) return String(value.status);
  return 'ok';
}

class Race {
  readonly #s: fc.Scheduler;
  readonly #bursts: readonly number[];
  readonly #base: AppContext;
  readonly #actors: Actor[] = [];
  #wake: (() => void) | null = null;

  constructor(s: fc.Scheduler, bursts: readonly number[], base: AppContext) {
    this.#s = s;
    this.#bursts = bursts;
    this.#base = base;
  }

  #changed(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Parks `actor` until fc releases this point: the only steps whose order fc chooses. */
  async point(actor: Actor, label: string): Promise<void> {
    actor.parked += 1;
    const released = this.#s.schedule(
      Promise.resolve(),
      `${actor.name} ${label}`,
      undefined,
      // Runs synchronously when fc picks this task, so the driver never sees it still parked.
      async (release) => {
        actor.parked -= 1;
        await release();
      },
    );
    this.#changed();
    await released;
  }

  /**
   * A command invocation: starts when fc releases it, with a context whose gateway is this
   * actor's scheduled one. Its outcome (value or error) is returned, never thrown.
   */
  actor<T>(name: string, body: (ctx: AppContext) => Promise<T>): Promise<Outcome<T>> {
    const actor: Actor = { name, parked: 0, done: false };
    this.#actors.push(actor);
    const ctx: AppContext = {
      ...this.#base,
      gateway: scheduledGateway(this, actor, this.#base.gateway),
    };
    const outcome = settle(this.point(actor, 'starts').then(() => body(ctx)));
    void outcome.then(() => {
      actor.done = true;
      this.#changed();
    });
    return outcome;
  }

  /** Releases parked points (one, or a burst fc chose) whenever every actor is parked or done. */
  async run(): Promise<void> {
    for (let step = 0; ; step++) {
      await this.#quiet();
      if (this.#actors.every((a) => a.done)) return;
      const burst = this.#bursts.length === 0 ? 1 : (this.#bursts[step % this.#bursts.length] ?? 1);
      await this.#s.waitNext(Math.min(burst, this.#s.count()));
    }
  }

  /** The label sequence in release order: what makes one schedule differ from another. */
  schedule(): string {
    return this.#s
      .report()
      .filter((r) => r.status !== 'pending')
      .map((r) => r.label)
      .join(' | ');
  }

  #quiet(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#wake = null;
        const state = this.#actors
          .map((a) => `${a.name}: ${a.done ? 'done' : a.parked > 0 ? 'parked' : 'running'}`)
          .join(', ');
        reject(new Error(`B6: no actor moved for ${STALL_MS / 1000} s (${state})`));
      }, STALL_MS);
      const check = () => {
        if (this.#actors.every((a) => a.done || a.parked > 0)) {
          clearTimeout(timer);
          resolve();
        } else this.#wake = check;
      };
      check();
    });
  }
}

/** Methods that do no I/O: not points. */
const SYNC_METHODS = new Set<PropertyKey>(['verifyWebhookSignature', 'parseWebhook']);

/**
 * The real adapter, with each call's departure and each answer's arrival a point of `actor`.
 * The call itself is real: the sandbox charges, transfers and answers as it would.
 */
function scheduledGateway(race: Race, actor: Actor, real: PaymentGateway): PaymentGateway {
  return new Proxy(real, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (SYNC_METHODS.has(property)) return (...args: unknown[]) => method.apply(target, args);
      return async (...args: unknown[]) => {
        const name = String(property);
        await race.point(actor, `→ ${name}`);
        const outcome = await settle(method.apply(target, args) as Promise<unknown>);
        await race.point(actor, `← ${name} ${summary(outcome)}`);
        if (!outcome.ok) throw outcome.error;
        return outcome.value;
      };
    },
  });
}

/** Paystack's webhook shape (`{ event, data }`), signed with the sandbox's key over the bytes. */
function gatewayWebhook(event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  return { body: Buffer.from(body), signature: hmacSha512Hex(t.sandbox.secretKey, body) };
}

/** fc's choices shared by every scenario: the schedule and how many points go at once. */
const schedulerArbitraries = {
  s: fc.scheduler(),
  bursts: fc.array(fc.constantFrom(1, 1, 1, 2, 3), { minLength: 1, maxLength: 8 }),
};

async function runProperty<Ts extends [unknown, ...unknown[]]>(
  which: keyof typeof figures,
  runs: number,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  // fc.check, not fc.assert: the figure counts the runs either way. No shrinking: a failed run
  // leaves its broken rows in the shared database, so later runs would fail for its reason.
  const details = await fc.check(property, { numRuns: runs, seed: SEED, endOnFailure: true });
  figures[which].runs += details.numRuns;
  if (details.failed) {
    figures[which].failed = true;
    const cause = details.errorInstance;
    throw new Error(
      `B6 ${which}: ${cause instanceof Error ? cause.message : String(cause)}\n` +
        `BATTERY_SEED=${SEED} replays this.\n${fc.defaultReportMessage(details)}`,
      { cause },
    );
  }
}

function recordSchedule(which: keyof typeof figures, race: Race): void {
  const schedule = race.schedule();
  figures[which].schedules.add(schedule);
  if (SHOW_SCHEDULES) console.log(`[B6 ${which}] ${schedule}`);
}

async function assertNoViolation(): Promise<void> {
  const violations = await checkInvariants(t.databaseUrl, { now: t.clock.now() });
  if (violations.length > 0) throw new Error(`invariants broken:\n${formatViolations(violations)}`);
}

/** The installment's charges here and its transactions at the gateway. */
async function chargesOf(installmentId: string) {
  const ours = await t.ctx.db
    .selectFrom('charges')
    .select(['reference', 'status', 'attempt'])
    .where('installment_id', '=', installmentId)
    .execute();
  const prefix = chargeReference(installmentId, 0).replace(/-0$/, '-');
  const { rows: gateway } = await sql<{ reference: string; status: string }>`
    SELECT reference, status FROM sandbox_gateway.transactions
     WHERE starts_with(reference, ${prefix})`.execute(t.ctx.db);
  const { rows: entries } = await sql<{ reference: string }>`
    SELECT reference FROM journal_entries
     WHERE kind = 'payment_collected' AND starts_with(reference, ${prefix})`.execute(t.ctx.db);
  const installment = await t.ctx.db
    .selectFrom('installments')
    .select(['status', 'charge_reference'])
    .where('id', '=', installmentId)
    .executeTakeFirstOrThrow();
  return { ours, gateway, entries, installment };
}

/** Paid exactly once: one charge, one gateway transaction that took money, one ledger entry. */
async function expectCollectedOnce(installmentId: string): Promise<void> {
  const { ours, gateway, entries, installment } = await chargesOf(installmentId);
  const tookMoney = gateway.filter((g) => g.status === 'success' || g.status === 'reversed');
  expect(installment.status, `installment ${installmentId}`).toBe('paid');
  expect(ours.map((c) => c.status)).toEqual(['success']);
  expect(tookMoney.map((g) => g.reference)).toEqual([ours[0]?.reference]);
  expect(entries.map((e) => e.reference)).toEqual([ours[0]?.reference]);
}

const collectionOutcomes = ['paid', 'nothing_to_do', 'pending'];

// ── (a) a plan confirmed twice at once ─────────────────────────────────────────────────────

describe('B6: fc.scheduler over the application, the database and the sandbox gateway', () => {
  it(
    '(a) a plan confirmed twice at once (same body, or another one): one plan, one deposit charge',
    async () => {
      const runs = batteryCount({ ci: 8, full: 80 });
      await runProperty(
        'confirm',
        runs,
        fc.asyncProperty(
          schedulerArbitraries.s,
          schedulerArbitraries.bursts,
          fc.constantFrom('same body', 'other body'),
          async (s, bursts, variant) => {
            t.clock.advance(1_000);
            const { customer, methodId } = await payingCustomer();
            const session = await newSession(merchant, 120_000);
            const first: ConfirmPlanInput = {
              frequency: 'monthly',
              installmentCount: 3,
              upfrontPct: 25,
              paymentMethodId: methodId,
            };
            // Confirm takes no Idempotency-Key (the session token is its key): a double click
            // sends the same body twice; two tabs may send different choices.
            const second: ConfirmPlanInput =
              variant === 'same body'
                ? first
                : { ...first, frequency: 'weekly', installmentCount: 4, upfrontPct: 50 };
            const race = new Race(s, bursts, t.ctx);
            // Each submission, once answered, is followed by the deposit's collection job (two
            // jobs for one deposit: a retry, or a second worker).
            const submit = (name: string, input: ConfirmPlanInput) =>
              race.actor(name, async (ctx) => {
                const plan = await confirmPlan(ctx, customer.id, session.token, input);
                const deposit = plan.installments.find((i) => i.sequence === 0);
                if (!deposit) throw new Error('no deposit');
                return {
                  planId: plan.id,
                  depositId: deposit.id,
                  collected: await collectInstallment(ctx, deposit.id),
                };
              });
            const outcomes = [submit('confirm#1', first), submit('confirm#2', second)];
            await race.run();
            const results = await Promise.all(outcomes);
            recordSchedule('confirm', race);

            const plans = await t.ctx.db
              .selectFrom('payment_plans')
              .select(['id'])
              .where('checkout_session_id', '=', session.id)
              .execute();
            expect(plans).toHaveLength(1);
            // The same body twice: both answered with the one plan. Other choices: whichever
            // commits second is refused (decision 0027), never handed the other's plan.
            const answered = results.filter((r) => r.ok);
            expect(answered).toHaveLength(variant === 'same body' ? 2 : 1);
            for (const r of results) {
              if (!r.ok) {
                expect(r.error).toMatchObject({ code: 'session_not_pending' });
                continue;
              }
              expect(r.value.planId).toBe(plans[0]?.id);
              expect(collectionOutcomes).toContain(r.value.collected);
            }
            const depositId = answered[0]?.ok ? answered[0].value.depositId : '';
            await expectCollectedOnce(depositId);
            await assertNoViolation();
          },
        ),
      );
    },
    SCENARIO_TIMEOUT_MS,
  );

  // ── (b) the gateway's webhook before (or after) the charge call returns ──────────────────

  it(
    '(b) charge.success webhooks before, during and after the charge call: collected exactly once',
    async () => {
      const runs = batteryCount({ ci: 8, full: 80 });
      await runProperty(
        'webhook',
        runs,
        fc.asyncProperty(
          schedulerArbitraries.s,
          schedulerArbitraries.bursts,
          fc.constantFrom('deposit', 'installment 1'),
          fc.integer({ min: 1, max: 2 }),
          fc.integer({ min: 1, max: 2 }),
          async (s, bursts, target, collectors, deliveries) => {
            t.clock.advance(1_000);
            const { installments: bySequence, customer } = await confirmedPlan(merchant, 100_000);
            if (target === 'installment 1') {
              // The deposit first, without fc: the race is about installment 1.
              expect(await collectToStatus(t, bySequence[0]?.id ?? '')).toBe('paid');
            }
            const installment = bySequence[target === 'deposit' ? 0 : 1];
            if (!installment) throw new Error('no installment');
            const reference = chargeReference(installment.id, 1);
            // What the gateway sends once it charged: the app only takes it as "look now".
            const webhook = gatewayWebhook('charge.success', {
              id: randomInt(1, 2 ** 31),
              reference,
              amount: installment.amount,
              currency: 'NGN',
              status: 'success',
              gateway_response: 'Approved',
              paid_at: t.clock.now().toISOString(),
              channel: 'card',
              customer: { email: customer.email },
            });
            const race = new Race(s, bursts, t.ctx);
            const jobs = Array.from({ length: collectors }, (_, i) =>
              race.actor(`collect#${i + 1}`, (ctx) => collectInstallment(ctx, installment.id)),
            );
            const hooks = Array.from({ length: deliveries }, (_, i) =>
              race.actor(`webhook#${i + 1}`, (ctx) =>
                receiveGatewayEvent(ctx, 'gateway', webhook.body, webhook.signature),
              ),
            );
            await race.run();
            recordSchedule('webhook', race);

            for (const r of await Promise.all(jobs)) {
              if (!r.ok) throw r.error;
              expect(collectionOutcomes).toContain(r.value);
            }
            for (const r of await Promise.all(hooks)) {
              if (!r.ok) throw r.error;
              expect(['processed', 'duplicate']).toContain(r.value.status);
            }
            await expectCollectedOnce(installment.id);
            await assertNoViolation();
          },
        ),
      );
    },
    SCENARIO_TIMEOUT_MS,
  );

  // ── (c) payouts and transfer webhooks ─────────────────────────────────────────────────────

  it(
    '(c) two payout requests, a sweep, the gateway settling and transfer webhooks: never more paid than available, one transfer per payout',
    async () => {
      const runs = batteryCount({ ci: 8, full: 80 });
      await runProperty(
        'payout',
        runs,
        fc.asyncProperty(
          schedulerArbitraries.s,
          schedulerArbitraries.bursts,
          fc.integer({ min: 30, max: 80 }),
          fc.integer({ min: 30, max: 80 }),
          fc.boolean(),
          fc.integer({ min: 1, max: 2 }),
          fc.constantFrom('success', 'failed', 'reversed'),
          async (s, bursts, pctA, pctB, sweep, deliveries, fate) => {
            t.clock.advance(1_000);
            // A merchant of its own per run (its balance is the race's subject), whose account
            // number decides what the sandbox does with its transfers (…9999 fails, …8888 is
            // reversed after succeeding).
            const shop = await createTestMerchant(t, { approve: true });
            const ending = fate === 'failed' ? '9999' : fate === 'reversed' ? '8888' : '1234';
            const accountNumber = `${String(randomInt(0, 1_000_000)).padStart(6, '0')}${ending}`;
            const settings = await t.http.patch(
              `/api/v1/merchant/${shop.id}/settings`,
              { settlement_account: { bank_code: '058', account_number: accountNumber } },
              { token: shop.testKey },
            );
            expect(settings.status, JSON.stringify(settings.body)).toBe(200);
            const { installments } = await confirmedPlan(shop, 200_000);
            for (const i of installments.slice(0, 2)) {
              expect(await collectToStatus(t, i.id)).toBe('paid');
            }
            const availableOf = async () =>
              merchantWallet(
                await accountBalances(t.ctx.db, [
                  { kind: 'merchant_payable', merchantId: shop.id },
                ]),
                shop.id,
              ).availableKobo;
            const available = await availableOf();

            const race = new Race(s, bursts, t.ctx);
            // A payout request, then (as its send_payout job would) its transfer.
            const payout = (name: string, amountKobo: number | undefined) =>
              race.actor(name, async (ctx) => {
                const created = await createPayout(ctx, shop.id, {
                  ...(amountKobo !== undefined && { amountKobo }),
                  trigger: amountKobo === undefined ? 'schedule' : 'request',
                });
                return created ? sendPayout(ctx, created.id) : null;
              });
            const payouts = [
              payout('payout#1', Math.floor((available * pctA) / 100)),
              payout('payout#2', Math.floor((available * pctB) / 100)),
              ...(sweep ? [payout('sweep', undefined)] : []),
            ];
            const settler = race.actor('gateway-settles', async () => {
              const settled = await t.sandbox.control('POST', '/_sandbox/settle');
              expect(settled.status).toBe(200);
            });
            // The transfer webhook: for each payout the app has at that moment that is not final,
            // the event its fate sends (the app verifies it with the gateway either way).
            const event = fate === 'success' ? 'transfer.success' : `transfer.${fate}`;
            const hooks = Array.from({ length: deliveries }, (_, n) =>
              race.actor(`transfer-webhook#${n + 1}`, async (ctx) => {
                const open = await ctx.db
                  .selectFrom('payouts')
                  .select(['reference', 'amount_kobo'])
                  .where('merchant_id', '=', shop.id)
                  .where('status', 'in', ['pending', 'in_transit'])
                  .execute();
                const receipts = [];
                for (const p of open) {
                  const webhook = gatewayWebhook(event, {
                    reference: p.reference,
                    amount: p.amount_kobo,
                    status: fate,
                    reason: 'Tranche payout',
                  });
                  receipts.push(
                    await receiveGatewayEvent(ctx, 'gateway', webhook.body, webhook.signature),
                  );
                }
                return receipts;
              }),
            );
            await race.run();
            recordSchedule('payout', race);

            for (const r of await Promise.all(payouts)) {
              // A request above what is left is refused: the only error allowed.
              if (
                !r.ok &&
                !(r.error instanceof DomainError && r.error.code === 'invalid_request')
              ) {
                throw r.error;
              }
            }
            const settled = await settler;
            if (!settled.ok) throw settled.error;
            for (const r of await Promise.all(hooks)) if (!r.ok) throw r.error;

            // Then the world catches up without fc: every payout's transfer is sent (its job), the
            // gateway settles, every payout hears.
            const rows = await t.ctx.db
              .selectFrom('payouts')
              .selectAll()
              .where('merchant_id', '=', shop.id)
              .execute();
            for (const row of rows) if (row.status === 'pending') await sendPayout(t.ctx, row.id);
            await t.sandbox.control('POST', '/_sandbox/settle');
            for (const row of rows) {
              const webhook = gatewayWebhook(event, {
                reference: row.reference,
                amount: row.amount_kobo,
                status: fate,
              });
              await receiveGatewayEvent(t.ctx, 'gateway', webhook.body, webhook.signature);
            }
            const final = await t.ctx.db
              .selectFrom('payouts')
              .select(['reference', 'status', 'amount_kobo'])
              .where('merchant_id', '=', shop.id)
              .execute();
            const { rows: transfers } = await sql<{ reference: string; n: number }>`
            SELECT reference, count(*)::int AS n FROM sandbox_gateway.transfers
             WHERE reference = ANY(${final.map((p) => p.reference)}::text[])
             GROUP BY reference`.execute(t.ctx.db);
            // One transfer per payout, and each payout where its transfer ended.
            expect(transfers.map((x) => x.n)).toEqual(final.map(() => 1));
            const expectedStatus = fate === 'success' ? 'paid' : fate;
            expect(final.map((p) => p.status)).toEqual(final.map(() => expectedStatus));
            // Never more paid out than was available; what stays is exactly the rest.
            const kept = final
              .filter((p) => p.status === 'paid')
              .reduce((sum, p) => sum + p.amount_kobo, 0);
            expect(kept).toBeLessThanOrEqual(available);
            expect(await availableOf()).toBe(available - kept);
            if (fate === 'success') expect(final.length).toBeGreaterThan(0);
            await assertNoViolation();
          },
        ),
      );
    },
    SCENARIO_TIMEOUT_MS,
  );
});
