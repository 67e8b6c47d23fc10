import { describe, expect, it } from 'vitest';

import {
  decideMerchantDelivery,
  defaultMerchantPreferences,
  MERCHANT_NOTIFICATION_KINDS,
  MERCHANT_TOPIC_OF,
  normaliseNotificationEmail,
  type PayoutFacts,
  renderMerchantNotification,
  webhookIncidentStarts,
} from './merchant-notification.ts';

const payout: PayoutFacts = {
  payoutId: 'po_1',
  reference: 'po_ref_1',
  amountKobo: 12_345_678,
  bankCode: '058',
  accountLast4: '6789',
  accountName: 'ADE STORES LTD',
  livemode: true,
  // 18:30 in Lagos (UTC+1).
  at: '2027-03-12T17:30:00.000Z',
  reason: null,
};

describe('merchant e-mail words', () => {
  it('a paid payout: the amount in naira, the account, the reference, Lagos time', () => {
    const mail = renderMerchantNotification({ kind: 'payout_paid', facts: payout });
    expect(mail.subject).toBe('Payout of ₦123,456.78 sent to your bank account');
    expect(mail.text).toContain('  Amount:     ₦123,456.78');
    expect(mail.text).toContain(
      '  To:         ADE STORES LTD, account ending 6789 (bank code 058)',
    );
    expect(mail.text).toContain('  Reference:  po_ref_1');
    expect(mail.text).toContain('Friday 12 March 2027, 18:30 (Lagos time)');
    expect(mail.text).not.toContain('sandbox');
  });

  it('a failed or returned payout says why and that the money is back; test mode says so', () => {
    const failed = renderMerchantNotification({
      kind: 'payout_failed',
      facts: { ...payout, livemode: false, reason: 'Account number is invalid' },
    });
    expect(failed.subject).toBe('[Test] Payout of ₦123,456.78 failed');
    expect(failed.text).toContain(
      'The bank or the payment gateway said: “Account number is invalid”.',
    );
    expect(failed.text).toContain('The money is back in your Tranche wallet');
    expect(failed.text).toContain('test-mode (sandbox) payout');
    const returned = renderMerchantNotification({
      kind: 'payout_reversed',
      facts: { ...payout, accountName: null },
    });
    expect(returned.subject).toBe('Payout of ₦123,456.78 was returned by the bank');
    expect(returned.text).toContain('  To:         account ending 6789 (bank code 058)');
  });

  it('account e-mails name the business; a deactivation gives the reason', () => {
    const approved = renderMerchantNotification({
      kind: 'merchant_approved',
      facts: { businessName: 'Ade Stores', at: payout.at },
    });
    expect(approved.subject).toBe('Ade Stores is approved: you can take live payments');
    const deactivated = renderMerchantNotification({
      kind: 'merchant_deactivated',
      facts: { businessName: 'Ade Stores', at: payout.at, reason: 'Unpaid chargebacks' },
    });
    expect(deactivated.text).toContain('The reason given: Unpaid chargebacks');
  });

  it('webhook incidents name the endpoint, the start, and promise one more e-mail only', () => {
    const failing = renderMerchantNotification({
      kind: 'webhooks_failing',
      facts: {
        incidentId: 'whi_1',
        livemode: true,
        url: 'https://shop.example/hooks',
        failingSince: payout.at,
        lastError: 'HTTP 503',
      },
    });
    expect(failing.text).toContain(
      'Every webhook we sent to your live webhook URL (https://shop.example/hooks) has failed since Friday 12 March 2027, 18:30 (Lagos time).',
    );
    expect(failing.text).toContain('We will e-mail you once when deliveries work again');
    const recovered = renderMerchantNotification({
      kind: 'webhooks_recovered',
      facts: {
        incidentId: 'whi_1',
        livemode: false,
        url: null,
        failingSince: payout.at,
        lastError: null,
        recoveredAt: '2027-03-12T19:00:00.000Z',
      },
    });
    expect(recovered.subject).toBe('[Test] Your webhooks are being delivered again');
    expect(recovered.text).toContain(
      'one was accepted at Friday 12 March 2027, 20:00 (Lagos time)',
    );
  });

  it('every kind renders, and unreadable facts throw instead of sending nonsense', () => {
    expect(() =>
      renderMerchantNotification({ kind: 'payout_paid', facts: { ...payout, at: 'not a date' } }),
    ).toThrow(RangeError);
    expect(MERCHANT_NOTIFICATION_KINDS.every((kind) => kind in MERCHANT_TOPIC_OF)).toBe(true);
  });
});

describe('merchant e-mail rules', () => {
  it('a topic switched off skips its e-mails only', () => {
    const preferences = defaultMerchantPreferences();
    expect(decideMerchantDelivery('payout_failed', preferences)).toEqual({ action: 'send' });
    preferences.topics.payouts = false;
    expect(decideMerchantDelivery('payout_failed', preferences)).toEqual({
      action: 'skip',
      reason: 'the merchant turned off payouts e-mails',
    });
    expect(decideMerchantDelivery('merchant_deactivated', preferences)).toEqual({ action: 'send' });
  });

  it('an incident starts after a full hour of failures, not before', () => {
    const since = new Date('2027-03-12T10:00:00Z');
    expect(webhookIncidentStarts({ failingSince: null }, since)).toBe(false);
    expect(webhookIncidentStarts({ failingSince: since }, new Date('2027-03-12T10:59:59Z'))).toBe(
      false,
    );
    expect(webhookIncidentStarts({ failingSince: since }, new Date('2027-03-12T11:00:00Z'))).toBe(
      true,
    );
  });

  it('the address: trimmed, empty for the account e-mail, refused when not an address', () => {
    expect(normaliseNotificationEmail('  ops@shop.ng ')).toBe('ops@shop.ng');
    expect(normaliseNotificationEmail('')).toBeNull();
    expect(normaliseNotificationEmail(null)).toBeNull();
    expect(() => normaliseNotificationEmail('ops at shop')).toThrow(/e-mail address/);
  });
});
