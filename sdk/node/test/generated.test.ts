import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  DOCUMENT_URL,
  OPERATIONS_URL,
  renderSdkFiles,
  TYPES_URL,
} from '../scripts/generate-types.ts';
import { backoffMs, retryAfterFrom } from '../src/http.ts';
import { OPERATIONS } from '../src/operations.ts';

const document = readFileSync(DOCUMENT_URL, 'utf8');

describe('the SDK’s generated files', () => {
  it('are what the current docs/openapi.json generates (run `npm run openapi` after changing a route)', async () => {
    const fresh = await renderSdkFiles(document);
    expect(readFileSync(TYPES_URL, 'utf8')).toBe(fresh.types);
    expect(readFileSync(OPERATIONS_URL, 'utf8')).toBe(fresh.operations);
  }, 60_000);

  it('every merchant operation of the document has a method that calls it', () => {
    const sources = ['resources.ts', 'webhooks.ts']
      .map((file) => readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8'))
      .join('\n');
    const called = new Set(
      [...sources.matchAll(/(?:call|list|csv)\(\s*this\.http,\s*'(\w+)'/g)].map((m) => m[1]),
    );
    const operations = Object.keys(OPERATIONS);
    expect(operations).toEqual(
      expect.arrayContaining(['createCheckoutSession', 'listPaymentPlans', 'createPayout']),
    );
    expect(operations.filter((id) => !called.has(id))).toEqual([]);
  });

  it('marks as idempotent exactly the POSTs the server de-duplicates by Idempotency-Key', () => {
    const idempotent = Object.entries(OPERATIONS)
      .filter(([, operation]) => operation.idempotent)
      .map(([id]) => id);
    // Every merchant POST that creates or moves something (decision 0038).
    expect(idempotent.sort()).toEqual([
      'activatePaymentLink',
      'advancePaymentPlan',
      'advancePaymentPlanClock',
      'cancelCheckoutSession',
      'cancelPaymentPlan',
      'createCheckoutSession',
      'createPaymentLink',
      'createPayout',
      'createRefund',
      'deactivatePaymentLink',
      'resendFailedWebhookEvents',
      'resendWebhookEvent',
      'rollPublishableKey',
      'rollSecretKey',
      'rollWebhookSecret',
      'simulateOnPaymentPlan',
    ]);
  });
});

describe('back-off', () => {
  it('full jitter: anywhere from 0 to base × 2^attempt, capped at 8 s', () => {
    expect(backoffMs(0, () => 0)).toBe(0);
    expect(backoffMs(0, () => 1)).toBe(500);
    expect(backoffMs(2, () => 1)).toBe(2_000);
    expect(backoffMs(10, () => 1)).toBe(8_000);
    expect(backoffMs(3, () => 0.5)).toBe(2_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterFrom('3', now)).toBe(3_000);
    expect(retryAfterFrom('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterFrom('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterFrom(null, now)).toBeUndefined();
    expect(retryAfterFrom('soon', now)).toBeUndefined();
  });
});
