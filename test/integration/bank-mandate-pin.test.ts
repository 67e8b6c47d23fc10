import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../harness/database.ts';
import { createTestCustomer } from '../harness/fixtures.ts';
import { freePort, startTestSandbox, type TestSandbox } from '../harness/sandbox.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Paystack's charge protocol may answer `send_pin` (docs/gateway-protocol.md §5); no sandbox
 * account does, so a pass-through proxy in front of the sandbox gateway turns the answer to a
 * bank charge for one account into `send_pin`, as a bank that wants a PIN would. Tranche never
 * collects PINs: the mandate fails with 402 and `submit_pin` is never a next action (issue 24
 * item 14).
 */
const PIN_BANK = { code: '057', name: 'Zenith Bank', account: '0000000777' };

let sandbox: TestSandbox;
let proxy: Server;
let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  const port = await freePort();
  sandbox = await startTestSandbox({
    databaseUrl: database.url,
    appUrl: `http://127.0.0.1:${port}`,
    webhooks: false,
  });
  proxy = await startPinAskingProxy(sandbox.gateway.url);
  t = await startTestApp({
    database,
    port,
    gatewayBaseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    gatewaySecretKey: sandbox.secretKey,
  });
});
afterAll(async () => {
  proxy.close();
  await sandbox.gateway.close();
  await t.close();
});

describe('a bank that asks for a PIN (send_pin)', () => {
  it('fails the mandate with 402 and a reason; submit_pin is never a next action', async () => {
    const c = await createTestCustomer(t);
    const res = await t.http.post(
      `/api/v1/payment-methods/customers/${c.id}/initiate-bank-mandate`,
      { bank_code: PIN_BANK.code, account_number: PIN_BANK.account, is_default: false },
      { token: c.accessToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    expect(res.body).toMatchObject({ ok: false, code: 'payment_failed' });
    expect(res.body.detail).toMatch(/PIN/);
    const setup = await t.ctx.db
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('customer_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(setup).toMatchObject({ status: 'failed' });
    expect(setup.next_action).not.toBe('submit_pin');
    expect(setup.failure_reason).toMatch(/PIN/);
    const methods = await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, {
      token: c.accessToken,
    });
    expect(methods.body.total).toBe(0);

    // Another account at the same bank goes on as before: the proxy passes everything else.
    const other = await t.http.post(
      `/api/v1/payment-methods/customers/${c.id}/initiate-bank-mandate`,
      { bank_code: PIN_BANK.code, account_number: '0000000000', is_default: false },
      { token: c.accessToken },
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.next_action).toBe('submit_otp');
  });

  it('the API document offers no submit_pin', async () => {
    const doc = await t.http.get('/docs/json');
    expect(doc.status).toBe(200);
    expect(JSON.stringify(doc.body).includes('submit_pin')).toBe(false);
  });
});

/** Forwards every request to `target`; a bank charge for PIN_BANK's account answers `send_pin`. */
async function startPinAskingProxy(target: string): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !['host', 'content-length'].includes(name)) {
          headers.set(name, value);
        }
      }
      void (async () => {
        const upstream = await fetch(`${target}${request.url ?? '/'}`, {
          method: request.method ?? 'GET',
          headers,
          ...(body.length > 0 && { body }),
        });
        let text = await upstream.text();
        const asksForPin =
          request.method === 'POST' &&
          request.url === '/charge' &&
          body.toString('utf8').includes(`"${PIN_BANK.account}"`);
        if (asksForPin && upstream.ok) {
          const answer = JSON.parse(text) as { data: Record<string, unknown> };
          answer.data = { reference: answer.data.reference, status: 'send_pin' };
          text = JSON.stringify(answer);
        }
        response.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        });
        response.end(text);
      })().catch((error: unknown) => {
        response.writeHead(502).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
