import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  decideAfterFailure,
  eventTypesFor,
  judgeDelivery,
  RETRY_WINDOW_MS,
  retryDelayMs,
  webhookBody,
} from './webhook.ts';

describe('retry schedule', () => {
  it('starts at one minute, doubles, caps at 8 hours, and adds at most 25% jitter', () => {
    expect(retryDelayMs(1, 0)).toBe(60_000);
    expect(retryDelayMs(2, 0)).toBe(120_000);
    expect(retryDelayMs(10, 0)).toBe(8 * 3_600_000);
    expect(retryDelayMs(500, 0)).toBe(8 * 3_600_000);
    // 2^9 minutes is past the 480-minute cap, 2^8 is not: the cap starts at the tenth failure.
    expect(retryDelayMs(9, 0)).toBe(256 * 60_000);
    // A count below 1 (a caller's slip) still waits the first minute, never less.
    expect(retryDelayMs(0, 0)).toBe(60_000);
    expect(retryDelayMs(-3, 0)).toBe(60_000);
    // Jitter is up to +25%, rounded to the millisecond.
    expect(retryDelayMs(1, 0.5)).toBe(67_500);
    expect(retryDelayMs(1, 0.99999)).toBe(75_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.double({ min: 0, max: 0.9999, noNaN: true }),
        (n, r) => {
          const base = retryDelayMs(n, 0);
          const jittered = retryDelayMs(n, r);
          return jittered >= base && jittered <= base * 1.25 + 1;
        },
      ),
    );
  });

  it('keeps retrying for at least 72 hours and then dead-letters, whatever the jitter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.9999, noNaN: true }), { minLength: 60, maxLength: 60 }),
        (jitter) => {
          const created = Date.UTC(2026, 0, 1);
          const retryUntil = new Date(created + RETRY_WINDOW_MS);
          let at = created;
          for (let failures = 1; failures <= 60; failures++) {
            const next = decideAfterFailure(
              failures,
              new Date(at),
              retryUntil,
              jitter[failures - 1] ?? 0,
            );
            if (next.action === 'dead_letter') {
              return at - created >= RETRY_WINDOW_MS && failures < 30;
            }
            expect(next.at.getTime()).toBeGreaterThan(at);
            at = next.at.getTime();
          }
          return false;
        },
      ),
    );
  });

  it('dead-letters from the end of the window on, retries one millisecond before it', () => {
    const retryUntil = new Date(Date.UTC(2026, 0, 4));
    expect(decideAfterFailure(5, retryUntil, retryUntil, 0)).toEqual({ action: 'dead_letter' });
    const justBefore = new Date(retryUntil.getTime() - 1);
    expect(decideAfterFailure(5, justBefore, retryUntil, 0)).toEqual({
      action: 'retry',
      at: new Date(justBefore.getTime() + 16 * 60_000),
    });
  });
});

describe('judging an answer', () => {
  const response = (statusCode: number) => ({
    kind: 'response' as const,
    statusCode,
    latencyMs: 5,
  });
  it('any 2xx is delivered; 3xx, 4xx and 5xx fail; only 410 disables', () => {
    for (const code of [200, 201, 202, 204, 299]) {
      expect(judgeDelivery(response(code)).outcome).toBe('delivered');
    }
    for (const code of [100, 199, 400, 401, 404, 409, 429, 500, 502, 503]) {
      expect(judgeDelivery(response(code))).toEqual({
        outcome: 'failed',
        error: `HTTP ${code} (not 2xx)`,
        disableEndpoint: false,
      });
    }
    // The merchant is told why a redirect failed and what to do, from 300 to 399 inclusive.
    for (const code of [300, 301, 302, 307, 399]) {
      expect(judgeDelivery(response(code))).toEqual({
        outcome: 'failed',
        error: `redirect (HTTP ${code}) not followed: set the final address as the webhook URL`,
        disableEndpoint: false,
      });
    }
    expect(judgeDelivery(response(410))).toEqual({
      outcome: 'failed',
      error: 'HTTP 410 Gone: the endpoint asked to stop deliveries and was disabled',
      disableEndpoint: true,
    });
    expect(
      judgeDelivery({
        kind: 'error',
        reason: 'timeout',
        message: 'timed out after 10 s',
        latencyMs: 10_000,
      }),
    ).toEqual({ outcome: 'failed', error: 'timed out after 10 s', disableEndpoint: false });
  });
});

describe('event body', () => {
  it('has exactly id, event, created_at and data, in that order', () => {
    const body = webhookBody('evt_1', 'payment.success', new Date(Date.UTC(2026, 10, 21)), {
      a: 1,
    });
    expect(body).toBe(
      '{"id":"evt_1","event":"payment.success","created_at":"2026-11-21T00:00:00.000Z","data":{"a":1}}',
    );
  });
  it('installment_paid is also sent as installment.paid; nothing else is doubled', () => {
    expect(eventTypesFor('payment_plan.installment_paid')).toEqual([
      'payment_plan.installment_paid',
      'installment.paid',
    ]);
    expect(eventTypesFor('payment.success')).toEqual(['payment.success']);
  });
});
