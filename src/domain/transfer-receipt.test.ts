import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { splitPlatformFee } from './money.ts';
import { matchTransfer, type OpenInstallment, paymentOrder } from './transfer-receipt.ts';

const at = (iso: string) => new Date(iso);
const receivedAt = at('2027-03-10T12:00:00Z');

function installment(over: Partial<OpenInstallment> & { installmentId: string }): OpenInstallment {
  return {
    planId: 'pln_a',
    planConfirmedAt: at('2027-01-31T13:20:00Z'),
    sequence: 1,
    dueAt: at('2027-02-28T08:00:00Z'),
    owedKobo: 625_000,
    failed: false,
    ...over,
  };
}

const plan = [
  installment({
    installmentId: 'ins_1',
    sequence: 1,
    dueAt: at('2027-02-28T08:00:00Z'),
    failed: true,
  }),
  installment({ installmentId: 'ins_2', sequence: 2, dueAt: at('2027-03-31T08:00:00Z') }),
  installment({ installmentId: 'ins_3', sequence: 3, dueAt: at('2027-04-30T08:00:00Z') }),
];

describe('transfer receipts (money-rules.md §4b)', () => {
  it('exact: pays the oldest arrears off', () => {
    const match = matchTransfer({ amountKobo: 625_000, receivedAt, open: plan });
    expect(match.heldKobo).toBe(0);
    expect(match.allocations).toEqual([
      {
        installmentId: 'ins_1',
        planId: 'pln_a',
        amountKobo: 625_000,
        feeKobo: 15_625,
        netKobo: 609_375,
        settles: true,
        remainingKobo: 0,
      },
    ]);
  });

  it('short: pays part of the oldest installment, which keeps owing the rest', () => {
    const match = matchTransfer({ amountKobo: 400_000, receivedAt, open: plan });
    expect(match.allocations).toHaveLength(1);
    expect(match.allocations[0]).toMatchObject({
      installmentId: 'ins_1',
      amountKobo: 400_000,
      feeKobo: 10_000,
      settles: false,
      remainingKobo: 225_000,
    });
    expect(match.heldKobo).toBe(0);
  });

  it('over: pays in order, then holds what is beyond everything owed', () => {
    const match = matchTransfer({ amountKobo: 2_000_000, receivedAt, open: plan });
    expect(match.allocations.map((a) => [a.installmentId, a.amountKobo, a.settles])).toEqual([
      ['ins_1', 625_000, true],
      ['ins_2', 625_000, true],
      ['ins_3', 625_000, true],
    ]);
    expect(match.heldKobo).toBe(125_000);
  });

  it('nothing owed (a late transfer after the installment was paid otherwise): all held', () => {
    expect(matchTransfer({ amountKobo: 625_000, receivedAt, open: [] })).toEqual({
      allocations: [],
      heldKobo: 625_000,
    });
  });

  it('arrears of another plan come before the next installment of the first', () => {
    const other = installment({
      installmentId: 'ins_b1',
      planId: 'pln_b',
      planConfirmedAt: at('2027-02-10T10:00:00Z'),
      dueAt: at('2027-03-09T08:00:00Z'),
    });
    const order = paymentOrder([plan[1]!, plan[2]!, other, plan[0]!], receivedAt);
    expect(order.map((i) => i.installmentId)).toEqual(['ins_1', 'ins_b1', 'ins_2', 'ins_3']);
  });

  it('the worked example of money-rules.md §4b', () => {
    const [, second, third] = [
      null,
      installment({
        installmentId: 'ins_2',
        sequence: 2,
        dueAt: at('2027-03-31T08:00:00Z'),
        failed: true,
      }),
      installment({ installmentId: 'ins_3', sequence: 3, dueAt: at('2027-04-30T08:00:00Z') }),
    ];
    const open = [second, third];
    const when = at('2027-04-05T10:00:00Z');
    const short = matchTransfer({ amountKobo: 700_000, receivedAt: when, open });
    expect(
      short.allocations.map((a) => [a.installmentId, a.amountKobo, a.feeKobo, a.remainingKobo]),
    ).toEqual([
      ['ins_2', 625_000, 15_625, 0],
      ['ins_3', 75_000, 1_875, 550_000],
    ]);
    expect(matchTransfer({ amountKobo: 1_500_000, receivedAt: when, open }).heldKobo).toBe(250_000);
  });

  it('refuses bad input', () => {
    expect(() => matchTransfer({ amountKobo: 0, receivedAt, open: plan })).toThrow(RangeError);
    expect(() => matchTransfer({ amountKobo: 1, receivedAt, open: [plan[0]!, plan[0]!] })).toThrow(
      RangeError,
    );
  });

  const openInstallments = fc
    .array(
      fc.record({
        planIndex: fc.integer({ min: 0, max: 3 }),
        sequence: fc.integer({ min: 1, max: 12 }),
        dueOffsetDays: fc.integer({ min: -60, max: 120 }),
        owedKobo: fc.integer({ min: 1, max: 50_000_000 }),
        failed: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    .map((rows) =>
      rows.map((row, index): OpenInstallment => ({
        installmentId: `ins_${index}`,
        planId: `pln_${row.planIndex}`,
        planConfirmedAt: new Date(Date.UTC(2027, 0, 1 + row.planIndex)),
        sequence: row.sequence,
        dueAt: new Date(receivedAt.getTime() + row.dueOffsetDays * 86_400_000),
        owedKobo: row.owedKobo,
        failed: row.failed,
      })),
    );

  it('conserves the money, never pays an installment more than it owes, holds only a surplus', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000_000 }),
        openInstallments,
        (amountKobo, open) => {
          const match = matchTransfer({ amountKobo, receivedAt, open });
          const applied = match.allocations.reduce((sum, a) => sum + a.amountKobo, 0);
          expect(applied + match.heldKobo).toBe(amountKobo);
          const owedTotal = open.reduce((sum, i) => sum + i.owedKobo, 0);
          expect(applied).toBe(Math.min(amountKobo, owedTotal));
          expect(match.heldKobo).toBe(Math.max(0, amountKobo - owedTotal));
          const byId = new Map(open.map((i) => [i.installmentId, i]));
          const ids = new Set<string>();
          match.allocations.forEach((a, index) => {
            const owed = byId.get(a.installmentId);
            expect(owed).toBeDefined();
            expect(ids.has(a.installmentId)).toBe(false);
            ids.add(a.installmentId);
            expect(a.amountKobo).toBeGreaterThan(0);
            expect(a.amountKobo + a.remainingKobo).toBe(owed?.owedKobo);
            expect(a.settles).toBe(a.remainingKobo === 0);
            // Only the last part may leave an installment owing.
            if (index < match.allocations.length - 1) expect(a.settles).toBe(true);
            // The §1 fee on each part.
            const split = splitPlatformFee(a.amountKobo);
            expect([a.feeKobo, a.netKobo]).toEqual([split.feeKobo, split.merchantNetKobo]);
          });
          // Something is held only when everything owed was paid off.
          if (match.heldKobo > 0) expect(match.allocations.every((a) => a.settles)).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('pays arrears before anything not yet due', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000_000 }),
        openInstallments,
        (amountKobo, open) => {
          const match = matchTransfer({ amountKobo, receivedAt, open });
          const byId = new Map(open.map((i) => [i.installmentId, i]));
          const arrears = (id: string) => {
            const i = byId.get(id);
            return i !== undefined && (i.failed || i.dueAt <= receivedAt);
          };
          const paid = new Set(match.allocations.map((a) => a.installmentId));
          const anyCurrentPaid = match.allocations.some((a) => !arrears(a.installmentId));
          if (anyCurrentPaid) {
            for (const i of open) {
              if (arrears(i.installmentId)) expect(paid.has(i.installmentId)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
