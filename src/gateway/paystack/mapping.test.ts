import { describe, expect, it } from 'vitest';

import {
  mapAuthorization,
  mapBankChargeStep,
  mapChargeStatus,
  mapEvent,
  mapMandate,
  mapMandateRecord,
  mapMandateStatus,
  mapRefundStatus,
  mapTransaction,
  mapTransferStatus,
  toKobo,
} from './mapping.ts';

describe('Paystack status mapping', () => {
  it('gives value only on an explicit success', () => {
    expect(mapChargeStatus('success')).toBe('success');
    for (const raw of [
      'abandoned',
      'ongoing',
      'pending',
      'processing',
      'queued',
      'send_otp',
      'open_url',
      'pay_offline',
    ]) {
      expect(mapChargeStatus(raw), raw).toBe('pending');
    }
    expect(mapChargeStatus('failed')).toBe('failed');
    expect(mapChargeStatus('timeout')).toBe('failed');
    expect(mapChargeStatus('reversed')).toBe('reversed');
  });

  it('maps anything unknown to pending, never to success', () => {
    for (const raw of ['SUCCESS', 'successful', 'paid', '', undefined, 'approved']) {
      expect(mapChargeStatus(raw)).toBe('pending');
      expect(mapTransferStatus(raw)).toBe('pending');
      expect(mapRefundStatus(raw)).toBe('pending');
    }
    expect(mapBankChargeStep('mystery')).toBe('pending');
  });

  it('maps bank charge steps and transfer and refund outcomes', () => {
    expect(mapBankChargeStep('send_birthday')).toBe('send_birthday');
    expect(mapBankChargeStep('timeout')).toBe('failed');
    expect(mapTransferStatus('otp')).toBe('otp');
    expect(mapTransferStatus('abandoned')).toBe('failed');
    expect(mapTransferStatus('reversed')).toBe('reversed');
    expect(mapRefundStatus('needs-attention')).toBe('pending');
    expect(mapRefundStatus('processed')).toBe('processed');
  });
});

describe('tolerant parsing of the documented quirks', () => {
  it('amounts as numbers or digit strings, nothing else', () => {
    expect(toKobo(20000)).toBe(20000);
    expect(toKobo('20000')).toBe(20000);
    expect(() => toKobo('200.50')).toThrow();
    expect(() => toKobo(12.5)).toThrow();
    expect(() => toKobo(undefined)).toThrow();
  });

  it('authorizations with numeric expiry, padded card_type and no code', () => {
    expect(
      mapAuthorization({
        authorization_code: 'AUTH_x',
        exp_month: 12,
        exp_year: 2030,
        card_type: 'visa ',
        brand: 'visa',
        last4: '4081',
        reusable: true,
        channel: 'card',
        signature: 'SIG_1',
        bank: 'TEST BANK',
      }),
    ).toEqual({
      code: 'AUTH_x',
      reusable: true,
      channel: 'card',
      brand: 'visa',
      bank: 'TEST BANK',
      last4: '4081',
      expMonth: '12',
      expYear: '2030',
      signature: 'SIG_1',
    });
    expect(mapAuthorization({ authorization_code: '' })).toBeNull();
    expect(mapAuthorization(null)).toBeNull();
  });

  it('transactions whatever metadata holds', () => {
    for (const metadata of ['', 0, null, { a: 1 }]) {
      const tx = mapTransaction({
        reference: 'r1',
        status: 'success',
        amount: '5000',
        currency: 'NGN',
        gateway_response: 'Approved',
        metadata,
        paid_at: '2026-11-21T10:00:00.000Z',
      });
      expect(tx).toMatchObject({
        reference: 'r1',
        status: 'success',
        amountKobo: 5000,
        message: 'Approved',
      });
      expect(tx.paidAt?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    }
  });

  it('webhook events, known and unknown', () => {
    expect(
      mapEvent({
        event: 'charge.success',
        data: { reference: 'r', status: 'success', amount: 100 },
      }).kind,
    ).toBe('charge.success');
    expect(
      mapEvent({
        event: 'transfer.reversed',
        data: { reference: 't', status: 'reversed', amount: '100' },
      }),
    ).toMatchObject({
      kind: 'transfer.reversed',
      transfer: { status: 'reversed', amountKobo: 100 },
    });
    expect(
      mapEvent({ event: 'mandate.cancelled', data: { authorization_code: 'AUTH_1' } }),
    ).toMatchObject({
      kind: 'authorization.revoked',
      cause: 'mandate.cancelled',
      authorizationCode: 'AUTH_1',
    });
    expect(
      mapEvent({
        event: 'charge.dispute.create',
        data: {
          id: 358950,
          refund_amount: 5800,
          status: 'awaiting-merchant-feedback',
          resolution: null,
          transaction: { reference: 'r9', authorization: { authorization_code: 'AUTH_2' } },
          transaction_reference: null,
          messages: [{ sender: 'a@b.c', body: 'Customer complained about debit without value' }],
          dueAt: '2020-11-25T18:00:00.000Z',
          resolvedAt: null,
        },
      }),
    ).toEqual({
      kind: 'charge.dispute.create',
      authorizationCode: 'AUTH_2',
      dispute: {
        id: '358950',
        status: 'awaiting-merchant-feedback',
        resolution: null,
        refundAmountKobo: 5800,
        currency: 'NGN',
        transactionReference: 'r9',
        category: null,
        reason: 'Customer complained about debit without value',
        dueAt: new Date('2020-11-25T18:00:00.000Z'),
        resolvedAt: null,
      },
    });
    // Paystack's resolve sample: `auto-accepted`, the amount a string is fine too.
    expect(
      mapEvent({
        event: 'charge.dispute.resolve',
        data: {
          id: 1,
          refund_amount: '5700',
          status: 'resolved',
          resolution: 'auto-accepted',
          transaction: { reference: 'r8' },
        },
      }),
    ).toMatchObject({ dispute: { resolution: 'auto-accepted', refundAmountKobo: 5700 } });
    // A dispute without an amount is not one we can book.
    expect(mapEvent({ event: 'charge.dispute.remind', data: { id: 2 } })).toEqual({
      kind: 'unknown',
      name: 'charge.dispute.remind',
    });
    expect(mapEvent({ event: 'charge.success', data: { amount: 'lots' } })).toEqual({
      kind: 'unknown',
      name: 'charge.success',
    });
    expect(mapEvent({ event: 'paymentrequest.success', data: {} })).toEqual({
      kind: 'unknown',
      name: 'paymentrequest.success',
    });
    expect(mapEvent('nonsense')).toEqual({ kind: 'unknown', name: '' });
  });

  it('Direct Debit: only `active: true` makes a mandate chargeable; unknown list statuses are never active', () => {
    // The documented `.created` sample has reusable: true with active: false (§13.3).
    expect(
      mapMandate({ authorization_code: 'AUTH_m', active: false, reusable: true } as never),
    ).toMatchObject({ active: false });
    expect(mapMandate({ authorization_code: 'AUTH_m', active: 'true' } as never)?.active).toBe(
      false,
    );
    expect(mapMandate({ active: true })).toBeNull();
    for (const raw of ['pending', 'active', 'revoked']) expect(mapMandateStatus(raw)).toBe(raw);
    for (const raw of ['inactive', 'ACTIVE', '', null, undefined]) {
      expect(mapMandateStatus(raw)).toBe('unknown');
    }
    expect(
      mapMandateRecord({
        id: 7,
        status: 'revoked',
        authorization_id: 7,
        authorization_code: 'AUTH_r',
        bank_code: '00103',
        customer: { id: 42 },
      }),
    ).toEqual({
      authorizationId: 7,
      customerId: 42,
      authorizationCode: 'AUTH_r',
      status: 'revoked',
      accountNumber: null,
      bankCode: '103',
    });
    expect(
      mapEvent({
        event: 'direct_debit.authorization.active',
        data: { authorization_code: 'AUTH_a', active: true, reference: 'r1' },
      }),
    ).toMatchObject({ kind: 'direct_debit.authorization.active', reference: 'r1' });
    expect(mapEvent({ event: 'direct_debit.authorization.created', data: {} })).toEqual({
      kind: 'unknown',
      name: 'direct_debit.authorization.created',
    });
  });
});

describe('partial debits (gateway-protocol.md §17)', () => {
  it('keeps requested_amount, so a partial debit does not look like a full charge', () => {
    // C6's sample: 409013 taken of 500000 asked for.
    const partial = mapTransaction({
      status: 'success',
      reference: 'r',
      amount: 409013,
      requested_amount: 500000,
    });
    expect(partial).toMatchObject({ amountKobo: 409013, requestedAmountKobo: 500000 });
    expect(mapTransaction({ status: 'success', reference: 'r', amount: 100 })).toMatchObject({
      amountKobo: 100,
      requestedAmountKobo: null,
    });
    expect(
      mapEvent({
        event: 'charge.success',
        data: { status: 'success', reference: 'r', amount: '4000', requested_amount: '9000' },
      }),
    ).toMatchObject({
      kind: 'charge.success',
      transaction: { amountKobo: 4000, requestedAmountKobo: 9000 },
    });
  });
});
