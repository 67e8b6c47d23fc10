import { createHmac } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { chargeReference } from '../../src/features/collections/intents.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { confirmBankPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B19–B22 of the reliability battery, through `POST /api/v1/webhooks/gateway` over real HTTP:
 * the sandbox gateway's own signed webhooks are caught by a receiver instead of reaching the app,
 * and the test delivers them itself: copies at the same time (B19), every order of a four-event
 * history (B20), again three days later after the dedupe records are gone (B21), and forged or
 * misleading variants (B22). Bank debits are the case that matters: their outcome arrives only by
 * webhook. The app treats each event as "look now" and asks the gateway (verify) before giving
 * value, so the final state must be the gateway's truth whatever arrives.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
let caught: WebhookReceiver;
beforeAll(async () => {
  caught = await startWebhookReceiver();
  t = await startTestAppWithSandbox({ sandbox: { webhookUrl: caught.url } });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => {
  await t.close();
  await caught.close();
});

interface Delivery {
  body: string;
  signature: string;
}

const sign = (body: string, key = t.sandbox.secretKey) =>
  createHmac('sha512', key).update(body).digest('hex');

async function deliver(delivery: Delivery): Promise<{ status: number; outcome: string }> {
  const response = await t.http.request('POST', '/api/v1/webhooks/gateway', {
    rawBody: delivery.body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': delivery.signature },
  });
  return { status: response.status, outcome: String(response.body?.status ?? response.body?.code) };
}

/** A plan paid by bank mandate whose deposit debit is `processing` at the gateway. */
async function planWithProcessingDeposit() {
  const plan = await confirmBankPlanFor(t, merchant);
  const deposit = plan.installments[0]!;
  expect(await collectInstallment(t.ctx, deposit.id)).toBe('pending');
  return { plan, deposit, reference: chargeReference(deposit.id, 1) };
}

/** Settles every processing debit at the gateway and returns its webhook for `reference`. */
async function settledEvent(reference: string): Promise<Delivery> {
  expect((await t.sandbox.control('POST', '/_sandbox/settle')).status).toBe(200);
  let found: Delivery | undefined;
  const deadline = Date.now() + 20_000;
  while (!found) {
    const hit = caught.received.find((r) => {
      const event = JSON.parse(r.body) as { event: string; data: { reference?: string } };
      return event.event === 'charge.success' && event.data.reference === reference;
    });
    if (hit) found = { body: hit.body, signature: String(hit.headers['x-paystack-signature']) };
    else if (Date.now() > deadline) throw new Error(`no charge.success for ${reference}`);
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The gateway's own signature over the bytes it sent.
  expect(found.signature).toBe(sign(found.body));
  return found;
}

async function installmentStatus(id: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function collectedEntries(reference: string): Promise<{ count: number; gross: number }> {
  const rows = await t.ctx.db
    .selectFrom('journal_entries')
    .innerJoin('journal_postings', 'journal_postings.entry_id', 'journal_entries.id')
    .select(['journal_entries.id', 'journal_postings.debit_kobo', 'journal_postings.account'])
    .where('journal_entries.kind', '=', 'payment_collected')
    .where('journal_entries.reference', '=', reference)
    .execute();
  const gross = rows
    .filter((r) => r.account === 'gateway_clearing')
    .reduce((sum, r) => sum + r.debit_kobo, 0);
  return { count: new Set(rows.map((r) => r.id)).size, gross };
}

/** The gateway's truth for a reference: its successful transactions. */
async function gatewaySuccesses(reference: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM sandbox_gateway.transactions
     WHERE reference = ${reference} AND status = 'success'`.execute(t.ctx.db);
  return Number(rows[0]?.n);
}

const allEffects: { reference: string; installmentId: string }[] = [];
const allDeliveries: Delivery[] = [];

describe('B19: each gateway event delivered 1–5 times, the copies at the same time', () => {
  it('one effect per event, every copy answered 200', async () => {
    const plans = batteryCount({ ci: 5, full: 25 });
    let deliveries = 0;
    const statuses = new Map<string, number>();
    for (let i = 0; i < plans; i++) {
      const { deposit, reference } = await planWithProcessingDeposit();
      const event = await settledEvent(reference);
      const copies = 1 + (i % 5);
      const answers = await Promise.all(Array.from({ length: copies }, () => deliver(event)));
      deliveries += copies;
      for (const a of answers) {
        statuses.set(
          `${a.status} ${a.outcome}`,
          (statuses.get(`${a.status} ${a.outcome}`) ?? 0) + 1,
        );
      }
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(await installmentStatus(deposit.id)).toBe('paid');
      expect((await collectedEntries(reference)).count).toBe(1);
      expect(await gatewaySuccesses(reference)).toBe(1);
      allEffects.push({ reference, installmentId: deposit.id });
      allDeliveries.push(event);
    }
    report('B19', {
      events: plans,
      deliveries,
      effects: allEffects.length,
      answers: [...statuses].map(([s, n]) => `${s.replace(' ', ':')}×${n}`).join(','),
    });
  }, 120_000);
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('B20: every order of a four-event history', () => {
  it('whatever the order, the final state is the gateway’s truth', async () => {
    const orders = permutations([0, 1, 2, 3]);
    let divergences = 0;
    for (const order of orders) {
      const { plan, deposit, reference } = await planWithProcessingDeposit();
      const success = await settledEvent(reference);
      const parsed = JSON.parse(success.body) as { event: string; data: Record<string, unknown> };
      // The gateway's event, the same event re-serialised and re-signed (another delivery of
      // it, different bytes), a contradicting `charge.failed` for the same debit (failure after
      // success), and a `charge.success` for the next installment, which was never charged.
      const reserialised = JSON.stringify(parsed, null, 1);
      const failed = JSON.stringify({
        ...parsed,
        event: 'charge.failed',
        data: { ...parsed.data, status: 'failed' },
      });
      const unearned = JSON.stringify({
        ...parsed,
        data: { ...parsed.data, reference: chargeReference(plan.installments[1]!.id, 1) },
      });
      const history: Delivery[] = [
        success,
        { body: reserialised, signature: sign(reserialised) },
        { body: failed, signature: sign(failed) },
        { body: unearned, signature: sign(unearned) },
      ];
      for (const index of order) expect((await deliver(history[index]!)).status).toBe(200);
      const state = {
        deposit: await installmentStatus(deposit.id),
        entries: (await collectedEntries(reference)).count,
        next: await installmentStatus(plan.installments[1]!.id),
        nextEntries: (await collectedEntries(chargeReference(plan.installments[1]!.id, 1))).count,
      };
      const truth = {
        deposit: (await gatewaySuccesses(reference)) === 1 ? 'paid' : 'processing',
        entries: await gatewaySuccesses(reference),
        next: 'scheduled',
        nextEntries: await gatewaySuccesses(chargeReference(plan.installments[1]!.id, 1)),
      };
      if (JSON.stringify(state) !== JSON.stringify(truth)) divergences += 1;
      expect(state, `order ${order.join('')}`).toEqual(truth);
      allEffects.push({ reference, installmentId: deposit.id });
      allDeliveries.push(...history);
    }
    report('B20', { histories: orders.length, events_per_history: 4, divergences });
  }, 240_000);
});

describe('B21: late webhooks, three days on, after the dedupe records are gone', () => {
  it('every event delivered again changes nothing', async () => {
    const before = await Promise.all(allEffects.map((e) => collectedEntries(e.reference)));
    // Nothing reaps gateway_events today; deleting them is the worst case a reaper could make.
    await t.ctx.db.deleteFrom('gateway_events').execute();
    t.clock.advance(72 * 3_600_000);
    const answers = [];
    for (const delivery of allDeliveries) answers.push(await deliver(delivery));
    const after = await Promise.all(allEffects.map((e) => collectedEntries(e.reference)));
    const extra = after.reduce((sum, a, i) => sum + a.count - before[i]!.count, 0);
    report('B21', {
      late_deliveries: allDeliveries.length,
      after_hours: 72,
      extra_effects: extra,
    });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(extra).toBe(0);
    for (const e of allEffects) expect(await installmentStatus(e.installmentId)).toBe('paid');
  });
});

describe('B22: forged, altered and misleading deliveries', () => {
  it('forgeries are refused (401) and change nothing; a signed event’s own figures are never booked', async () => {
    const { deposit, reference } = await planWithProcessingDeposit();
    const event = await settledEvent(reference);
    const reserialised = JSON.stringify(JSON.parse(event.body));
    const forged: [string, Delivery][] = [
      ['no signature', { body: event.body, signature: '' }],
      ['another key', { body: event.body, signature: sign(event.body, 'sk_test_not_ours') }],
      ['truncated signature', { body: event.body, signature: event.signature.slice(0, 64) }],
      [
        'signature with a byte changed',
        // The last byte, changed whatever it was (a fixed `00` equals it once in 256 runs).
        {
          body: event.body,
          signature: `${event.signature.slice(0, -2)}${event.signature.endsWith('00') ? 'ff' : '00'}`,
        },
      ],
      [
        'body re-serialised under the original signature',
        { body: `${reserialised} `, signature: event.signature },
      ],
      ['one byte appended', { body: `${event.body}\n`, signature: event.signature }],
      [
        'SHA-256 instead of SHA-512',
        {
          body: event.body,
          signature: createHmac('sha256', t.sandbox.secretKey).update(event.body).digest('hex'),
        },
      ],
    ];
    const refused: string[] = [];
    for (const [label, delivery] of forged) {
      const answer = await deliver(delivery);
      if (answer.status === 401) refused.push(label);
      expect(answer.status, label).toBe(401);
      expect(await installmentStatus(deposit.id), label).toBe('processing');
    }

    // Correctly signed but misleading: the body's amount and currency are not what happened,
    // and an event names a debit that is not ours. Value comes from verify, never the body.
    const parsed = JSON.parse(event.body) as { event: string; data: Record<string, unknown> };
    const misleading = JSON.stringify({
      ...parsed,
      data: { ...parsed.data, amount: 1, currency: 'USD' },
    });
    const foreign = JSON.stringify({
      ...parsed,
      data: { ...parsed.data, reference: 'chg_someone_elses_debit' },
    });
    expect((await deliver({ body: foreign, signature: sign(foreign) })).status).toBe(200);
    expect(await installmentStatus(deposit.id)).toBe('processing');
    expect((await deliver({ body: misleading, signature: sign(misleading) })).status).toBe(200);
    expect(await installmentStatus(deposit.id)).toBe('paid');
    const booked = await collectedEntries(reference);
    expect(booked).toEqual({ count: 1, gross: deposit.amount });
    report('B22', {
      forgeries: forged.length,
      refused_401: refused.length,
      misleading_signed: 2,
      booked_from_body: booked.gross === deposit.amount ? 0 : 1,
    });
  });
});
