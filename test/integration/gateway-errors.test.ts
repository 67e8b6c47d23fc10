import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestCustomer, createTestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * 402 `payment_failed` and 502 `gateway_unavailable` are answered by the routes that call the
 * gateway while the request waits; each such operation of the API document lists them (issue 24
 * item 15). The gateway here is an address where nothing listens: every call is unavailable.
 */
let t: TestApp;
let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
beforeAll(async () => {
  t = await startTestApp({ gatewayBaseUrl: 'http://127.0.0.1:1' });
  doc = (await t.http.get('/docs/json')).body;
});
afterAll(async () => t.close());

const documented = (method: string, path: string) =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {});

describe('502 gateway_unavailable is answered and documented', () => {
  it('on the bank lists and the payment-method flows, when the gateway does not answer', async () => {
    const customer = await createTestCustomer(t);
    const merchant = await createTestMerchant(t);
    const asCustomer = { token: customer.accessToken };
    const calls: [string, string, string, () => ReturnType<TestApp['http']['get']>][] = [
      [
        'get',
        '/api/v1/payment-methods/banks',
        '/api/v1/payment-methods/banks',
        () => t.http.get('/api/v1/payment-methods/banks', asCustomer),
      ],
      [
        'get',
        '/api/v1/banks',
        '/api/v1/banks',
        () => t.http.get('/api/v1/banks', { token: merchant.testKey }),
      ],
      [
        'post',
        '/api/v1/payment-methods/initialize-card',
        '/api/v1/payment-methods/initialize-card',
        () =>
          t.http.post(
            '/api/v1/payment-methods/initialize-card',
            { customer_id: customer.id, callback_url: 'https://shop.example/return' },
            asCustomer,
          ),
      ],
    ];
    for (const [method, path, label, call] of calls) {
      const res = await call();
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(502);
      expect(res.body).toMatchObject({ ok: false, code: 'gateway_unavailable', retryable: true });
      expect(documented(method, path), label).toContain('502');
    }
  });

  it('every operation that calls the gateway while the request waits lists 402 and 502', () => {
    const paymentFlows = [
      '/api/v1/payment-methods/initialize-card',
      '/api/v1/payment-methods/verify-card',
      '/api/v1/payment-methods/customers/{customer_id}/initiate-bank-mandate',
      '/api/v1/payment-methods/bank-mandate/submit-otp',
      '/api/v1/payment-methods/bank-mandate/submit-birthday',
      '/api/v1/payment-methods/bank-mandate/submit-phone',
      '/api/v1/payment-methods/bank-mandate/verify',
    ];
    for (const path of paymentFlows) {
      expect(documented('post', path), path).toEqual(expect.arrayContaining(['402', '502']));
    }
    expect(documented('post', '/api/v1/merchant/{merchant_id}/plans/{plan_id}/simulate')).toContain(
      '502',
    );
    // Routes whose gateway work runs in jobs do not list them.
    expect(documented('post', '/api/v1/checkout/sessions')).not.toContain('502');
  });
});

describe('a gateway that refuses to list banks', () => {
  it('is a 502, never a 402: no payment was declined', async () => {
    // Answers every call as the gateway answers a request it refuses (HTTP 400, status false).
    const refusing = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: false, message: 'Request refused' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const app = await startTestApp({
      gatewayBaseUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`,
    });
    try {
      const customer = await createTestCustomer(app);
      const merchant = await createTestMerchant(app);
      const forCustomer = await app.http.get('/api/v1/payment-methods/banks', {
        token: customer.accessToken,
      });
      const forMerchant = await app.http.get('/api/v1/banks', { token: merchant.testKey });
      for (const res of [forCustomer, forMerchant]) {
        expect(res.status, JSON.stringify(res.body)).toBe(502);
        expect(res.body).toMatchObject({ ok: false, code: 'gateway_unavailable', retryable: true });
      }
    } finally {
      await app.close();
      refusing.close();
    }
  });
});
