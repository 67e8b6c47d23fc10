import { describe, expect, it } from 'vitest';

import type { InstallmentRow } from '../../db/schema.ts';
import { InvariantViolation } from '../../platform/assert.ts';
import { installmentStatusAfter } from './installment-state.ts';

function row(status: InstallmentRow['status'], chargeReference: string | null): InstallmentRow {
  return {
    id: 'ins_1',
    plan_id: 'plan_1',
    sequence: 1,
    amount_kobo: 10_000,
    due_at: new Date('2026-11-27T08:00:00Z'),
    status,
    charge_reference: chargeReference,
    failed_attempts: 0,
    paid_at: null,
    refunded_kobo: 0,
    partially_paid_kobo: 0,
    excused_failed_attempts: 0,
  };
}

describe('installment status writes go through the domain machine', () => {
  it('writes what the machine applies', () => {
    const processing = row('processing', 'chg-1-1');
    expect(
      installmentStatusAfter(processing, { type: 'charge_succeeded', chargeReference: 'chg-1-1' }),
    ).toBe('paid');
    expect(
      installmentStatusAfter(processing, { type: 'charge_failed', chargeReference: 'chg-1-1' }),
    ).toBe('failed');
    expect(installmentStatusAfter(row('failed', 'chg-1-1'), { type: 'cancelled' })).toBe(
      'cancelled',
    );
  });

  it('refuses, loudly, a write the machine would not make (a second charge on a paid one)', () => {
    expect(() =>
      installmentStatusAfter(row('paid', 'chg-1-1'), {
        type: 'charge_succeeded',
        chargeReference: 'chg-1-2',
      }),
    ).toThrow(InvariantViolation);
    expect(() =>
      installmentStatusAfter(row('processing', 'chg-1-1'), { type: 'cancelled' }),
    ).toThrow(/cancel once it settles/);
  });
});
