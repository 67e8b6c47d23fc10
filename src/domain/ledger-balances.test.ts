import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { batteryCount, report } from '../../test/battery/battery.ts';
import { apply, auditBooks, Auditor, operations } from '../../test/harness/ledger-auditor.ts';
import { type JournalEntry, paymentCollectedEntry } from './ledger.ts';
import { balancesOf, signViolations } from './ledger-balances.ts';
import { splitPlatformFee } from './money.ts';

describe('sign violations (I3)', () => {
  it('lists exactly the accounts whose balance sits on the wrong side; zero is on no side', () => {
    const balances = new Map<string, number>([
      ['gateway_clearing', 500], // debit-normal, debit balance: fine
      ['customer_receivable:plan_1', -1], // debit-normal, credit balance
      ['merchant_payable:mer_1', -300], // credit-normal, credit balance: fine
      ['merchant_pending:mer_1', 2], // credit-normal, debit balance
      ['platform_fee_revenue', 0],
      ['refunds_in_transit:mer_1', 0],
    ]);
    expect(signViolations(balances)).toEqual([
      'customer_receivable:plan_1',
      'merchant_pending:mer_1',
    ]);
    expect(signViolations(new Map())).toEqual([]);
  });
});

describe('the ledger under random sequences of operations', () => {
  it('stays balanced and agrees with an independent auditor after every step (I1–I4, I7)', () => {
    // B5 of the reliability battery (the domain half): the design's nightly size is 500 × 50.
    const sequences = batteryCount({ ci: 400, full: 2_000 });
    let steps = 0;
    fc.assert(
      fc.property(operations, (ops) => {
        const auditor = new Auditor();
        const journal: JournalEntry[] = [];
        for (const op of ops) {
          apply(op, auditor, journal);
          auditBooks(auditor, journal);
          steps += 1;
        }
      }),
      { numRuns: sequences },
    );
    report('B5 ledger-model', { sequences, steps });
  }, 300_000);

  it('fee revenue is exactly Σ splitPlatformFee(gross).fee when nothing is refunded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { maxLength: 30 }),
        (grosses) => {
          const journal = grosses.map((grossKobo, i) =>
            paymentCollectedEntry({
              planId: 'plan_1',
              merchantId: 'mer_1',
              chargeReference: `chg_${i}`,
              grossKobo,
            }),
          );
          const revenue = 0 - (balancesOf(journal).get('platform_fee_revenue') ?? 0);
          expect(revenue).toBe(grosses.reduce((s, g) => s + splitPlatformFee(g).feeKobo, 0));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
