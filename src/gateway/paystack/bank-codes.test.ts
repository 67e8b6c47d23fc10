import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PaystackGateway } from './adapter.ts';
import { fromPaystackBankCode, mapBank, toPaystackBankCode } from './mapping.ts';

/** A stand-in for Paystack that records what the adapter sends and answers with fixed data. */
const received: { path: string; body: unknown }[] = [];
let server: Server;
let gateway: PaystackGateway;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url ?? '';
      received.push({ path, body });
      const data = path.startsWith('/bank?')
        ? [
            { name: 'Globus Bank', code: '00103', active: true, available_for_direct_debit: true },
            { name: 'Zenith Bank', code: '057', active: true, available_for_direct_debit: true },
          ]
        : path === '/transferrecipient'
          ? { recipient_code: 'RCP_test' }
          : { reference: 'ref-1', status: 'send_otp', display_text: 'Enter the OTP' };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: true, message: 'ok', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway = new PaystackGateway({
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_stub',
    timeoutMs: 2_000,
  });
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bank codes between us (CBN, 3 digits) and Paystack', () => {
  it('translates in one table: Globus Bank is 103 here and 00103 at Paystack', () => {
    expect(toPaystackBankCode('103')).toBe('00103');
    expect(fromPaystackBankCode('00103')).toBe('103');
    for (const code of ['057', '058', '044']) {
      expect(toPaystackBankCode(code)).toBe(code);
      expect(fromPaystackBankCode(code)).toBe(code);
    }
    expect(mapBank({ name: 'Globus Bank', code: '00103', active: true })?.code).toBe('103');
  });

  it('lists banks with our codes', async () => {
    expect((await gateway.listBanks()).map((b) => b.code)).toEqual(['103', '057']);
  });

  it('sends Paystack’s code for a bank charge (mandate) and a transfer recipient (settlement)', async () => {
    received.length = 0;
    await gateway.startBankCharge({
      email: 'ada@example.ng',
      amountKobo: 5_000,
      bankCode: '103',
      accountNumber: '0000000000',
      reference: 'ref-1',
      metadata: {},
    });
    await gateway.createTransferRecipient({
      name: 'My Shop',
      accountNumber: '0123456789',
      bankCode: '103',
    });
    expect(received).toMatchObject([
      { path: '/charge', body: { bank: { code: '00103', account_number: '0000000000' } } },
      { path: '/transferrecipient', body: { bank_code: '00103', account_number: '0123456789' } },
    ]);
  });
});
