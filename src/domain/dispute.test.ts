import { describe, expect, it } from 'vitest';

import {
  canMove,
  disputeOutcome,
  disputeReturn,
  disputeStatusFor,
  disputeTakenSplit,
} from './dispute.ts';
import { splitPlatformFee } from './money.ts';

const facts = (gatewayStatus: string, resolution: string | null) => ({
  gatewayStatus,
  resolution,
  refundAmountKobo: 1_000,
});

describe('disputes', () => {
  it('only `declined` is a win; every other resolution, known or not, is lost', () => {
    expect(disputeOutcome(facts('resolved', 'declined'))).toBe('won');
    for (const r of ['merchant-accepted', 'auto-accepted', 'something-new']) {
      expect(disputeOutcome(facts('resolved', r))).toBe('lost');
    }
    expect(disputeOutcome(facts('awaiting-bank-feedback', 'declined'))).toBeNull();
    expect(disputeOutcome(facts('resolved', null))).toBeNull();
  });

  it('maps the gateway status and only moves forward', () => {
    expect(disputeStatusFor(facts('awaiting-merchant-feedback', null))).toBe('needs_response');
    expect(disputeStatusFor(facts('awaiting-bank-feedback', null))).toBe('under_review');
    expect(disputeStatusFor(facts('pending', null))).toBe('under_review');
    expect(canMove('needs_response', 'under_review')).toBe(true);
    expect(canMove('under_review', 'needs_response')).toBe(false);
    expect(canMove('under_review', 'won')).toBe(true);
    expect(canMove('won', 'lost')).toBe(false);
    expect(canMove('lost', 'won')).toBe(false);
    expect(canMove('needs_response', 'needs_response')).toBe(false);
  });

  it('takes at most the charge, split like a refund, and returns all of it when won', () => {
    const charge = splitPlatformFee(25_000);
    expect(disputeTakenSplit(charge, 25_000)).toEqual({
      amountKobo: 25_000,
      feeShareKobo: 625,
      merchantShareKobo: 24_375,
    });
    expect(disputeTakenSplit(charge, 99_999).amountKobo).toBe(25_000);
    const taken = { amountKobo: 20_000, feeShareKobo: 500 };
    expect(disputeReturn(taken, 'won', 20_000)).toEqual({
      returnedKobo: 20_000,
      returnedFeeKobo: 500,
    });
    expect(disputeReturn(taken, 'lost', 20_000)).toEqual({ returnedKobo: 0, returnedFeeKobo: 0 });
    expect(disputeReturn(taken, 'lost', 15_000)).toEqual({
      returnedKobo: 5_000,
      returnedFeeKobo: 125,
    });
    expect(disputeReturn(taken, 'lost', 50_000)).toEqual({ returnedKobo: 0, returnedFeeKobo: 0 });
  });
});
