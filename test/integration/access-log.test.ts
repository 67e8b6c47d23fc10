import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * The access log at `info`, as production writes it: a checkout session token is the widget's
 * credential and must never reach a log line, wherever the request carries it (issue 24 item 8).
 */
const lines: string[] = [];
let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp({
    log: { level: 'info', stream: { write: (line) => void lines.push(line) } },
  });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const logged = (marker: string) => lines.filter((line) => line.includes(marker));

describe('the access log never holds a checkout session token (issue 24 item 8)', () => {
  it('in the path, the query or a header, on every route that takes one, and on unknown routes', async () => {
    const created = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    expect(created.status).toBe(201);
    const token = created.body.data.token as string;
    expect(token).toMatch(/^cst_/);
    // A token-shaped string of another spelling, in the token position: still a credential.
    const mistyped = `x${token.slice(4, 30)}`;
    const fromCheckout = { referer: `http://checkout.test/checkout/${token}` };

    const requests: [string, string, Record<string, string>?][] = [
      ['GET', `/api/v1/checkout/sessions/${token}`, fromCheckout],
      ['GET', `/api/v1/checkout/sessions/${token}/eligibility`],
      ['POST', `/api/v1/checkout/sessions/${token}/confirm`],
      ['POST', `/api/v1/checkout/sessions/${token}/cancel`],
      ['GET', `/api/v1/checkout/sessions/${mistyped}`],
      ['GET', `/checkout/${token}`],
      ['GET', `/checkout/${token}?embed=1&origin=https%3A%2F%2Fshop.example`],
      ['GET', `/checkout/?session_token=${token}`],
      ['GET', `/api/v1/no-such-route/${token}?token=${mistyped}`],
      ['GET', '/healthz', { 'x-session-token': token, ...fromCheckout }],
    ];
    for (const [method, path, headers] of requests) {
      const res =
        method === 'GET'
          ? await t.http.get(path, { ...(headers && { headers }) })
          : await t.http.post(path, {}, { ...(headers && { headers }) });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    // The widget's preview sends the token in the body, which is never logged either.
    await t.http.post('/api/v1/checkout/preview', {
      session_token: token,
      upfront_pct: 25,
      installments: 3,
      frequency: 'monthly',
    });

    // The requests were logged (method, route shape and status stay useful)…
    expect(logged('"msg":"incoming request"').length).toBeGreaterThanOrEqual(requests.length);
    expect(logged('"url":"/api/v1/checkout/sessions/[redacted]/eligibility"')).toHaveLength(1);
    expect(logged('"url":"/api/v1/checkout/sessions/[redacted]"').length).toBeGreaterThanOrEqual(2);
    expect(
      logged('"url":"/checkout/[redacted]?embed=1&origin=https%3A%2F%2Fshop.example"'),
    ).toHaveLength(1);
    expect(logged('"url":"/checkout/?session_token=[redacted]"')).toHaveLength(1);
    expect(logged('"url":"/api/v1/no-such-route/cst_[redacted]?token=[redacted]"')).toHaveLength(1);
    // …and no line holds the token or its mistyped copy.
    const all = lines.join('');
    expect(all).not.toContain(token.slice(4));
    expect(all).not.toContain(mistyped);
  });
});
