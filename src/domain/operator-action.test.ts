import { describe, expect, it } from 'vitest';

import { DomainError } from './errors.ts';
import { operatorName, operatorReason } from './operator-action.ts';

describe('operator actions', () => {
  it('an operator name is required, trimmed, printable and bounded', () => {
    expect(operatorName('  Ada Obi ')).toBe('Ada Obi');
    expect(operatorName('ops@tranche.ng')).toBe('ops@tranche.ng');
    for (const bad of [undefined, '', '   ', '-x', 'a\u0000b', 'Ìfẹ́', 'x'.repeat(81)]) {
      expect(() => operatorName(bad), String(bad)).toThrow(DomainError);
    }
  });

  it('a reason is required for what must say why, optional otherwise, and bounded', () => {
    expect(operatorReason(' chargebacks ', 'required', 'deactivate a merchant')).toBe(
      'chargebacks',
    );
    expect(operatorReason(undefined, 'optional', 'approve a merchant')).toBeNull();
    expect(operatorReason('   ', 'optional', 'approve a merchant')).toBeNull();
    expect(() => operatorReason('  ', 'required', 'deactivate a merchant')).toThrow(
      /shown to the merchant/,
    );
    expect(() => operatorReason(null, 'required', 'reactivate a merchant')).toThrow(
      /reason is required/,
    );
    expect(() => operatorReason('x'.repeat(501), 'optional', 'approve')).toThrow(/at most 500/);
  });
});
