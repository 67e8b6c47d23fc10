import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PaystackGateway } from '../../src/gateway/paystack/adapter.ts';
import type { PaymentGateway } from '../../src/gateway/port.ts';
import { createTestDatabase } from '../harness/database.ts';
import { startTestSandbox, type TestSandbox } from '../harness/sandbox.ts';

/**
 * The dedicated-account half of the gateway port (gateway-protocol.md §22, decision 0071), through
 * the Paystack adapter over real HTTP, against the sandbox gateway. Against Paystack (the
 * PAYSTACK_CONTRACT_* variables) only the event mapping runs: a dedicated account needs a
 * business that completed Paystack's go-live review, and a transfer into it needs a real bank.
 */
const external =
  process.env.PAYSTACK_CONTRACT_BASE_URL && process.env.PAYSTACK_CONTRACT_SECRET_KEY
    ? {
        baseUrl: process.env.PAYSTACK_CONTRACT_BASE_URL,
        secretKey: process.env.PAYSTACK_CONTRACT_SECRET_KEY,
      }
    : undefined;

let gateway: PaymentGateway;
let sandbox: TestSandbox | undefined;
let receiver: Server | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
/** Every webhook the sandbox sent: raw body and signature. */
const deliveries: { body: Buffer; signature: string | undefined }[] = [];

beforeAll(async () => {
  if (external) {
    gateway = new PaystackGateway({
      baseUrl: external.baseUrl,
      secretKey: external.secretKey,
      timeoutMs: 15_000,
    });
    return;
  }
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-paystack-signature'];
      deliveries.push({
        body: Buffer.concat(chunks),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const database = await createTestDatabase();
  dropDatabase = () => database.drop();
  sandbox = await startTestSandbox({
    databaseUrl: database.url,
    appUrl: 'http://127.0.0.1:9',
    webhookUrl: `http://127.0.0.1:${port}/hook`,
  });
  gateway = new PaystackGateway({
    baseUrl: sandbox.gateway.url,
    secretKey: sandbox.secretKey,
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  await sandbox?.gateway.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await dropDatabase?.();
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('dedicated accounts (gateway-protocol.md §22)', () => {
  it('maps a dedicated-account charge.success as Paystack writes it: the receiver from the authorization, else the metadata; a card charge has none', () => {
    const event = (data: unknown) =>
      gateway.parseWebhook(Buffer.from(JSON.stringify({ event: 'charge.success', data })));
    const transfer = event({
      id: 393930304322,
      status: 'success',
      reference: '020293904002',
      amount: 10000,
      channel: 'dedicated_nuban',
      currency: 'NGN',
      paid_at: '2024-12-02T12:05:12.000Z',
      authorization: {
        authorization_code: 'AUTH_0ozsafcpdf',
        channel: 'dedicated_nuban',
        card_type: 'transfer',
        brand: 'Managed Account',
        reusable: false,
        sender_bank: 'First City Monument Bank',
        sender_name: 'RANDALL AKANBI HORTON',
        receiver_bank_account_number: '9930000123',
        receiver_bank: 'Wema Bank',
      },
      customer: { customer_code: 'CUS_xnxdt6s1zg1f4nx', email: 'customer@example.com' },
    });
    expect(transfer).toMatchObject({
      kind: 'charge.success',
      transaction: {
        reference: '020293904002',
        status: 'success',
        amountKobo: 10000,
        channel: 'dedicated_nuban',
        receiverAccountNumber: '9930000123',
      },
    });
    expect(
      event({
        status: 'success',
        reference: 'R3',
        amount: 40000,
        channel: 'dedicated_nuban',
        metadata: { receiver_account_number: '1122334455', receiver_bank: 'Test Bank' },
      }),
    ).toMatchObject({ transaction: { receiverAccountNumber: '1122334455' } });
    // A card charge never names a receiver, even with a look-alike metadata field.
    expect(
      event({
        status: 'success',
        reference: 'chg-x-1',
        amount: 40000,
        channel: 'card',
        metadata: { receiver_account_number: '1122334455' },
      }),
    ).toMatchObject({ transaction: { channel: 'card', receiverAccountNumber: null } });
  });

  describe.runIf(!external)('against the sandbox gateway', () => {
    it('customer → dedicated account (the same one when asked again); an unknown customer is a rejection', async () => {
      const { customerCode } = await gateway.createCustomer({
        email: 'ada.dva@tranche.test',
        firstName: 'Ada',
        lastName: 'Obi',
        phone: '+2348031234567',
      });
      expect(customerCode).toMatch(/^CUS_/);
      const again = await gateway.createCustomer({
        email: 'Ada.DVA@tranche.test',
        firstName: 'Ada',
        lastName: 'Obi',
        phone: null,
      });
      expect(again.customerCode).toBe(customerCode);
      const account = await gateway.createDedicatedAccount({ customerCode });
      expect(account).toMatchObject({
        customerCode,
        accountName: 'TRANCHE/ADA OBI',
        bankName: 'Test Bank',
        bankSlug: 'test-bank',
        active: true,
      });
      expect(account.accountNumber).toMatch(/^99\d{8}$/);
      expect(await gateway.createDedicatedAccount({ customerCode })).toEqual(account);
      await expect(
        gateway.createDedicatedAccount({ customerCode: 'CUS_doesnotexist' }),
      ).rejects.toMatchObject({ kind: 'rejected' });
    });

    it('a transfer of any amount arrives as a signed charge.success on dedicated_nuban that verifies the same, once per delivery asked', async () => {
      const { customerCode } = await gateway.createCustomer({
        email: 'bola.dva@tranche.test',
        firstName: 'Bola',
        lastName: 'Ade',
        phone: null,
      });
      const account = await gateway.createDedicatedAccount({ customerCode });
      const before = deliveries.length;
      const sent = await sandbox?.control('POST', '/_sandbox/dedicated_account/transfers', {
        account_number: account.accountNumber,
        amount: 123_457,
        deliveries: 2,
      });
      expect(sent?.status).toBe(200);
      const reference = String(sent?.body.data.reference);
      const verified = await gateway.verifyTransaction(reference);
      expect(verified).toMatchObject({
        reference,
        status: 'success',
        amountKobo: 123_457,
        currency: 'NGN',
        channel: 'dedicated_nuban',
        receiverAccountNumber: account.accountNumber,
        customerEmail: 'bola.dva@tranche.test',
      });
      const twice = await waitFor(() =>
        deliveries.length >= before + 2 ? deliveries.slice(before) : undefined,
      );
      for (const delivery of twice) {
        expect(gateway.verifyWebhookSignature(delivery.body, delivery.signature)).toBe(true);
        expect(gateway.parseWebhook(delivery.body)).toMatchObject({
          kind: 'charge.success',
          transaction: { reference, receiverAccountNumber: account.accountNumber },
        });
      }
      // Announced again later (a late duplicate): the same transaction, byte for byte.
      const announced = await sandbox?.control(
        'POST',
        `/_sandbox/dedicated_account/transfers/${reference}/announce`,
      );
      expect(announced?.status).toBe(200);
      const late = await waitFor(() => deliveries[before + 2]);
      expect(late.body.equals(twice[0]?.body ?? Buffer.alloc(0))).toBe(true);
    });

    it('the control refuses an account that does not exist', async () => {
      const refused = await sandbox?.control('POST', '/_sandbox/dedicated_account/transfers', {
        account_number: '9999999999',
        amount: 100,
      });
      expect(refused?.status).toBe(400);
    });
  });
  if (external) {
    process.stdout.write(
      'Dedicated accounts against Paystack skipped: an account needs a business past the go-live review, and a transfer a real bank.\n',
    );
  }
});
