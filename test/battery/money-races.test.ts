import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  sql,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppContext } from '../../src/app-context.ts';
import { connectDatabase, type DatabaseHandle, type Db } from '../../src/db/database.ts';
import { runWrite } from '../../src/db/write.ts';
import {
  paymentCollectedEntry,
  payoutInitiatedEntry,
  planConfirmedEntry,
} from '../../src/domain/ledger.ts';
import { merchantWallet } from '../../src/domain/ledger-balances.ts';
import { accountBalances, appendJournalEntry } from '../../src/features/money/ledger-store.ts';
import { createPayout } from '../../src/features/money/payouts.ts';
import { createRefund } from '../../src/features/refunds/refunds.ts';
import { newId, randomBase62 } from '../../src/platform/ids.ts';
import { createTestDatabase } from '../harness/database.ts';
import { createTestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestApp, startTestAppWithSandbox, type TestApp } from '../harness/test-app.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B10, B11 and B12 of the reliability battery (docs/reliability.md): money moved concurrently.
 *
 *  - B10: 20 concurrent payouts, together above the available balance, through the real
 *    createPayout: what is paid never exceeds what was available.
 *  - B11: writers book real entries (a plan confirmed, a payment collected, a payout) while a
 *    reader sums every account, one statement per account, in one REPEATABLE READ snapshot: the
 *    sum is 0 at every read (Jepsen's bank checker).
 *  - B12: the same two checks against weaker code, which must fail: the reader at READ
 *    COMMITTED (each statement its own snapshot) sees money appear and vanish, and a payout
 *    without the merchant row lock (createPayout's steps minus FOR UPDATE) overdraws, and the
 *    production createRefund with every FOR UPDATE stripped (a Kysely plugin) refunds one plan
 *    more than once. This is the proof that B9, B10 and B11 can see what they look for.
 *
 * The writers use a scratch database (a migrated clone) of their own, since B12 leaves it
 * overdrawn on purpose and its entries are not backed by gateway charges; the app's own database
 * stays clean for the invariants check after the file.
 */

let t: TestApp;
let scratch: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;

const cleanup: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  t = await startTestApp();
  cleanup.push(() => t.close());
  scratch = await createTestDatabase();
  cleanup.push(() => scratch.drop());
  handle = connectDatabase(scratch.url, 24);
  cleanup.push(() => handle.close());
});
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

/** A merchant row with a settlement account, in the scratch database. */
async function scratchMerchant(db: Db): Promise<string> {
  const id = newId('mer');
  const now = new Date();
  await db
    .insertInto('merchants')
    .values({
      id,
      business_name: 'Race Shop',
      email: `race-${randomBase62(8).toLowerCase()}@shop.test`,
      password_hash: null,
      status: 'active',
      approved_at: now,
      deactivated_at: null,
      settlement_bank_code: '058',
      settlement_account_number: '0123456789',
      default_constraints: JSON.stringify({}),
      min_customer_tier: 'bronze',
      goods_release_rule: JSON.stringify({}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Books a plan of `grossKobo` fully collected: `grossKobo - 2.5%` becomes available. */
async function collected(db: Db, merchantId: string, grossKobo: number): Promise<void> {
  const planId = newId('plan');
  const now = new Date();
  await runWrite(db, async (tx) => {
    await appendJournalEntry(
      tx,
      planConfirmedEntry({ planId, merchantId, amountKobo: grossKobo }),
      now,
    );
    await appendJournalEntry(
      tx,
      paymentCollectedEntry({ planId, merchantId, chargeReference: newId('inst'), grossKobo }),
      now,
    );
  });
}

async function availableOf(db: Db, merchantId: string): Promise<number> {
  const balances = await accountBalances(db, [{ kind: 'merchant_payable', merchantId }]);
  return merchantWallet(balances, merchantId).availableKobo;
}

/** createPayout's steps without its `FOR UPDATE` on the merchant: the weaker code of B12. */
async function payoutWithoutLock(db: Db, merchantId: string, amountKobo: number): Promise<boolean> {
  return runWrite(db, async (tx) => {
    await tx.selectFrom('merchants').select('id').where('id', '=', merchantId).execute();
    if ((await availableOf(tx, merchantId)) < amountKobo) return false;
    const reference = `trf-${randomBase62(24).toLowerCase()}`;
    await appendJournalEntry(
      tx,
      payoutInitiatedEntry({ merchantId, payoutReference: reference, amountKobo }),
      new Date(),
    );
    return true;
  });
}

/** 20 payouts of 30% of the available balance each, all at once: at most 3 may succeed. */
async function payoutRace(
  pay: (merchantId: string, amountKobo: number) => Promise<boolean>,
): Promise<{ paidKobo: number; availableKobo: number; successes: number }> {
  const merchantId = await scratchMerchant(handle.db);
  await collected(handle.db, merchantId, 1_000_000);
  const availableKobo = await availableOf(handle.db, merchantId);
  const amountKobo = Math.floor(availableKobo * 0.3);
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, () => pay(merchantId, amountKobo).catch(() => false)),
  );
  const successes = outcomes.filter(Boolean).length;
  return { paidKobo: successes * amountKobo, availableKobo, successes };
}

describe('B10: concurrent payouts above the available balance', () => {
  it(
    '20 at once through createPayout: never more paid than was available, every round',
    async () => {
      const rounds = batteryCount({ ci: 5, full: 50 });
      let overdrafts = 0;
      let successes = 0;
      for (let round = 0; round < rounds; round++) {
        const result = await payoutRace(async (merchantId, amountKobo) => {
          const payout = await createPayout({ ...t.ctx, db: handle.db }, merchantId, {
            amountKobo,
            trigger: 'request',
          });
          return payout !== null;
        });
        successes += result.successes;
        if (result.paidKobo > result.availableKobo) overdrafts++;
        expect(result.successes).toBe(3);
      }
      report('B10', { rounds, payouts_attempted: rounds * 20, successes, overdrafts });
      expect(overdrafts).toBe(0);
    },
    batteryCount({ ci: 30_000, full: 120_000 }),
  );
});

/**
 * Writers booking real entry shapes as fast as they can, for `ms`, while `read` runs in a loop.
 * Returns how many reads were made and how many saw a total other than 0.
 */
/** Reads of the whole ledger a snapshot check needs before its answer counts. */
const MIN_READS = 11;

async function bankCheck(
  ms: number,
  read: () => Promise<number>,
): Promise<{ reads: number; violations: number; entries: number }> {
  // A fixed set of accounts (3 merchants, 2 plans each), so a read's cost stays the same while
  // the writers add entries: payments collected, and payouts of part of what they made.
  const merchants = await Promise.all([1, 2, 3].map(() => scratchMerchant(handle.db)));
  const plans = merchants.flatMap((merchantId) => [
    { merchantId, planId: newId('plan') },
    { merchantId, planId: newId('plan') },
  ]);
  let stop = false;
  let entries = 0;
  const writer = async (index: number) => {
    const { merchantId, planId } = plans[index % plans.length]!;
    while (!stop) {
      const grossKobo = 10_000 + ((index * 7919 + entries) % 90_000);
      await runWrite(handle.db, async (tx) => {
        const now = new Date();
        await appendJournalEntry(
          tx,
          paymentCollectedEntry({ planId, merchantId, chargeReference: newId('inst'), grossKobo }),
          now,
        );
        const payoutReference = `trf-${randomBase62(24).toLowerCase()}`;
        await appendJournalEntry(
          tx,
          payoutInitiatedEntry({
            merchantId,
            payoutReference,
            amountKobo: Math.floor(grossKobo / 2),
          }),
          now,
        );
      });
      entries += 2;
    }
  };
  let reads = 0;
  let violations = 0;
  const reader = async () => {
    while (!stop) {
      const total = await read();
      reads++;
      if (total !== 0) violations++;
    }
  };
  const running = [...Array.from({ length: 6 }, (_, i) => writer(i)), reader()];
  await new Promise((resolve) => setTimeout(resolve, ms));
  // A busy machine reads slowly (5 reads in 5 s at load ~20): the writers keep going until the
  // reader has read often enough for the check to mean something; the test's timeout bounds it.
  while (reads < MIN_READS) await new Promise((resolve) => setTimeout(resolve, 50));
  stop = true;
  await Promise.all(running);
  return { reads, violations, entries };
}

/** Every account's balance, one statement per account, at the given isolation level. */
function perAccountSum(isolation: 'repeatable read' | 'read committed') {
  return () =>
    handle.db
      .transaction()
      .setIsolationLevel(isolation)
      .execute(async (tx) => {
        const { rows } = await sql<{
          account: string;
        }>`SELECT DISTINCT account FROM journal_postings ORDER BY account`.execute(tx);
        let total = 0;
        for (const { account } of rows) {
          const { rows: balance } = await sql<{ balance: string }>`
            SELECT COALESCE(sum(debit_kobo) - sum(credit_kobo), 0) AS balance
              FROM journal_postings WHERE account = ${account}`.execute(tx);
          total += Number(balance[0]?.balance);
        }
        return total;
      });
}

describe('B11: a snapshot reader while writers move money', () => {
  it(
    'every read of all accounts in one REPEATABLE READ snapshot sums to 0',
    async () => {
      const ms = batteryCount({ ci: 5_000, full: 60_000 });
      const result = await bankCheck(ms, perAccountSum('repeatable read'));
      report('B11', { seconds: ms / 1000, ...result, isolation: 'repeatable read' });
      expect(result.reads).toBeGreaterThanOrEqual(MIN_READS);
      expect(result.violations).toBe(0);
      // The full tier reads for a minute: more than the default test timeout.
    },
    batteryCount({ ci: 120_000, full: 240_000 }),
  );
});

describe('B12: the same checks against weaker code must fail', () => {
  it(
    'the reader at READ COMMITTED sees a total other than 0',
    async () => {
      const result = await bankCheck(
        batteryCount({ ci: 5_000, full: 20_000 }),
        perAccountSum('read committed'),
      );
      report('B12 reader', { ...result, isolation: 'read committed' });
      expect(result.violations).toBeGreaterThan(0);
    },
    batteryCount({ ci: 120_000, full: 120_000 }),
  );

  it(
    'a payout without the merchant row lock overdraws',
    async () => {
      const rounds = batteryCount({ ci: 5, full: 20 });
      let overdrafts = 0;
      let worst = 0;
      for (let round = 0; round < rounds; round++) {
        const result = await payoutRace((merchantId, amountKobo) =>
          payoutWithoutLock(handle.db, merchantId, amountKobo),
        );
        if (result.paidKobo > result.availableKobo) overdrafts++;
        worst = Math.max(worst, result.successes);
      }
      report('B12 payouts', { rounds, overdrawn_rounds: overdrafts, most_successes_of_20: worst });
      expect(overdrafts).toBeGreaterThan(0);
    },
    batteryCount({ ci: 30_000, full: 120_000 }),
  );

  it(
    'refunds without their row locks refund a plan more than once, and the invariants see it',
    async () => {
      // B9's half: the production refund (createRefund) over a database handle whose every
      // SELECT … FOR UPDATE has its lock removed, against the same handle with the locks. Its own
      // app and database, since it leaves them wrong on purpose.
      const rounds = batteryCount({ ci: 3, full: 10 });
      const lockless = await startTestAppWithSandbox();
      const closed = { done: false };
      try {
        // Every installment collected: a full refund is all cash and reduces no installment (whose
        // UPDATE would otherwise queue the refunds behind each other). A merchant per round, with
        // a second paid plan, so the balance check alone never stops a second refund.
        const race = async (ctx: AppContext) => {
          const merchant = await createTestMerchant(lockless, { approve: true });
          const paidPlan = async () => {
            const { plan } = await confirmPlanFor(lockless, merchant);
            for (const installment of plan.installments) await collect(lockless, installment.id);
            return plan;
          };
          await paidPlan();
          const plan = await paidPlan();
          const scope = { merchantId: merchant.id, livemode: false };
          const answers = await Promise.allSettled(
            Array.from({ length: 20 }, () => createRefund(ctx, scope, plan.id, {}, undefined)),
          );
          return answers.filter((a) => a.status === 'fulfilled').length;
        };
        // The control: with the locks, one of the 20 succeeds.
        expect(await race(lockless.ctx)).toBe(1);
        const unlocked = { ...lockless.ctx, db: lockless.ctx.db.withPlugin(new WithoutRowLocks()) };
        let doubled = 0;
        let most = 0;
        for (let round = 0; round < rounds; round++) {
          const successes = await race(unlocked);
          if (successes > 1) doubled++;
          most = Math.max(most, successes);
        }
        expect(doubled).toBeGreaterThan(0);
        closed.done = true;
        const refused = await lockless.close().then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        expect(refused?.message).toMatch(/invariant violation/);
        // Each violation is a line "  I7 gateway-refunds: object: detail".
        const checks = [...new Set(refused?.message.match(/^ {2}I\d+ [\w-]+(?=:)/gm) ?? [])];
        report('B12 refunds', {
          rounds,
          refunded_twice_rounds: doubled,
          most_successes_of_20: most,
          invariant_checks_failed: checks.map((c) => c.trim().replace(' ', ':')).join(','),
        });
      } finally {
        if (!closed.done) await lockless.close().catch(() => undefined);
      }
      // Each round confirms and collects two plans first: seconds each on a loaded machine.
    },
    batteryCount({ ci: 90_000, full: 300_000 }),
  );
});

/** Removes FOR UPDATE (and the other row-lock clauses) from every SELECT built on the handle. */
class WithoutRowLocks implements KyselyPlugin {
  readonly #strip = new (class extends OperationNodeTransformer {
    protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
      const query = super.transformSelectQuery(node);
      const locks = ['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare'];
      return {
        ...query,
        endModifiers: query.endModifiers?.filter((m) => !locks.includes(m.modifier ?? '')),
      };
    }
  })();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#strip.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

describe('B11 sanity: the scratch ledger itself balances', () => {
  it('one statement over all postings sums to 0 once the writers stop', async () => {
    const { rows } = await sql<{
      total: string;
    }>`SELECT COALESCE(sum(debit_kobo) - sum(credit_kobo), 0) AS total FROM journal_postings`.execute(
      handle.db,
    );
    expect(Number(rows[0]?.total)).toBe(0);
  });
});
