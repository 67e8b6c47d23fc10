import { createHmac, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PaystackGateway } from '../../src/gateway/paystack/adapter.ts';
import { GatewayError, type PaymentGateway } from '../../src/gateway/port.ts';
import { createTestDatabase } from '../harness/database.ts';
import {
  decideMandate,
  payOnCardPage,
  startTestSandbox,
  TEST_CARDS,
  type TestSandbox,
} from '../harness/sandbox.ts';

/**
 * The gateway port's contract, exercised through the Paystack adapter over real HTTP. By default
 * it runs against the sandbox gateway. With PAYSTACK_CONTRACT_BASE_URL and
 * PAYSTACK_CONTRACT_SECRET_KEY (a Paystack *test* key) it runs the same checks against Paystack;
 * the steps that need the sandbox's scriptable card page or fixed test accounts then say so.
 */
const external =
  process.env.PAYSTACK_CONTRACT_BASE_URL && process.env.PAYSTACK_CONTRACT_SECRET_KEY
    ? {
        baseUrl: process.env.PAYSTACK_CONTRACT_BASE_URL,
        secretKey: process.env.PAYSTACK_CONTRACT_SECRET_KEY,
      }
    : undefined;

let gateway: PaymentGateway;
let secretKey: string;
let sandbox: TestSandbox | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (external) {
    secretKey = external.secretKey;
    gateway = new PaystackGateway({ baseUrl: external.baseUrl, secretKey, timeoutMs: 15_000 });
    return;
  }
  const database = await createTestDatabase();
  dropDatabase = () => database.drop();
  sandbox = await startTestSandbox({ databaseUrl: database.url, appUrl: 'http://127.0.0.1:9' });
  secretKey = sandbox.secretKey;
  gateway = new PaystackGateway({ baseUrl: sandbox.gateway.url, secretKey, timeoutMs: 5_000 });
});
afterAll(async () => {
  await sandbox?.gateway.close();
  await dropDatabase?.();
});

const ref = (prefix: string) => `${prefix}-${randomUUID()}`;
const email = 'contract@tranche.test';
const initializeVerificationCharge = (reference: string) =>
  gateway.initializeCardAuthorization({
    email,
    amountKobo: 5_000,
    reference,
    callbackUrl: 'https://shop.example/return',
    metadata: {},
  });

describe('gateway contract (Paystack adapter)', () => {
  it('lists Nigerian banks, some of them for direct debit', async () => {
    const banks = await gateway.listBanks();
    expect(banks.length).toBeGreaterThan(5);
    expect(banks.some((b) => b.supportsDirectDebit)).toBe(true);
    for (const bank of banks) expect(bank.code).toMatch(/^\d+$/);
  });

  it('initializes a card authorization that verifies as pending until paid', async () => {
    const reference = ref('ct-init');
    const started = await gateway.initializeCardAuthorization({
      email,
      amountKobo: 5_000,
      reference,
      callbackUrl: 'https://shop.example/return',
      metadata: { purpose: 'contract' },
    });
    expect(started.reference).toBe(reference);
    expect(started.authorizationUrl).toMatch(/^https?:\/\//);
    const verified = await gateway.verifyTransaction(reference);
    expect(verified?.status).toBe('pending');
    expect(verified?.amountKobo).toBe(5_000);
  });

  it('refuses a duplicate reference as a rejection, not an outage', async () => {
    const reference = ref('ct-dup');
    await initializeVerificationCharge(reference);
    await expect(initializeVerificationCharge(reference)).rejects.toMatchObject({
      kind: 'rejected',
    });
  });

  it('answers null for an unknown reference', async () => {
    expect(await gateway.verifyTransaction(ref('ct-unknown'))).toBeNull();
    expect(await gateway.verifyTransfer(ref('ct-unknown'))).toBeNull();
  });

  it('rejects a charge on an authorization that does not exist', async () => {
    const error = await gateway
      .chargeAuthorization({
        email,
        amountKobo: 10_000,
        authorizationCode: 'AUTH_doesnotexist',
        reference: ref('ct-bad'),
        metadata: {},
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).kind).toBe('rejected');
  });

  it('partial debit: rejects an authorization that does not exist', async () => {
    const error = await gateway
      .partialDebit({
        email,
        amountKobo: 10_000,
        atLeastKobo: 5_000,
        authorizationCode: 'AUTH_doesnotexist',
        reference: ref('ct-pd-bad'),
        metadata: {},
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).kind).toBe('rejected');
  });

  it('verifies webhook signatures over the raw bytes in constant time', () => {
    const body = Buffer.from(
      '{"event":"charge.success","data":{"reference":"r","status":"success","amount":100}}',
    );
    const signature = createHmac('sha512', secretKey).update(body).digest('hex');
    expect(gateway.verifyWebhookSignature(body, signature)).toBe(true);
    expect(gateway.verifyWebhookSignature(body, signature.toUpperCase())).toBe(true);
    expect(gateway.verifyWebhookSignature(Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(
      false,
    );
    expect(gateway.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, 'abc')).toBe(false);
    expect(gateway.parseWebhook(body)).toMatchObject({
      kind: 'charge.success',
      transaction: { status: 'success', amountKobo: 100 },
    });
  });

  // Transfer OTP (docs/gateway-protocol.md §14). Both ways: calls that change nothing at the
  // gateway. The OTP flow itself needs the sandbox (on Paystack the OTP goes to the business
  // phone), and disable_otp / enable_otp change the whole account's setting (and send an SMS).
  it('transfer OTP: finalize_transfer and resend_otp for an unknown transfer code are rejections, not outages', async () => {
    await expect(
      gateway.finalizeTransfer({ transferCode: 'TRF_nosuchtransfer1', otp: '123456' }),
    ).rejects.toMatchObject({ kind: 'rejected' });
    await expect(
      gateway.resendTransferOtp({ transferCode: 'TRF_nosuchtransfer1', reason: 'resend_otp' }),
    ).rejects.toMatchObject({ kind: 'rejected' });
  });

  describe('Direct Debit mandates (gateway-protocol.md §13), both ways', () => {
    const address = { street: '1 Marina', city: 'Lagos', state: 'Lagos' };

    it('initializes an authorization request with a consent page; verify is null (404) before approval', async () => {
      const started = await gateway.initializeMandate({
        email,
        bankCode: '057',
        accountNumber: '0000000010',
        address,
      });
      expect(started.redirectUrl).toMatch(/^https?:\/\//);
      expect(started.reference).not.toBe('');
      expect(await gateway.verifyMandate(started.reference)).toBeNull();
    });

    it('refuses a bank outside the direct-debit list as a rejection', async () => {
      await expect(
        gateway.initializeMandate({ email, bankCode: '999', accountNumber: '0000000010', address }),
      ).rejects.toMatchObject({ kind: 'rejected' });
    });

    it('lists mandates by status, one page with a cursor or none', async () => {
      for (const status of ['pending', 'active', 'revoked'] as const) {
        const page = await gateway.listMandates({ status, perPage: 5 });
        expect(page.mandates.length).toBeLessThanOrEqual(5);
        for (const mandate of page.mandates) expect(mandate.status).toBe(status);
        expect(page.next === null || typeof page.next === 'string').toBe(true);
      }
    });

    it('deactivating an unknown authorization code says so (false), not an outage', async () => {
      expect(await gateway.deactivateAuthorization('AUTH_doesnotexist')).toBe(false);
    });

    it('maps both mandate webhooks; `reusable` alone never makes a mandate chargeable', () => {
      const data = (active: boolean) => ({
        authorization_code: 'AUTH_dd1',
        active,
        channel: 'direct_debit',
        card_type: 'mandate',
        bank: 'Zenith Bank',
        reusable: true,
        customer: { code: 'CUS_1', email },
        ...(active && { reference: 'ref-1' }),
      });
      const created = gateway.parseWebhook(
        Buffer.from(
          JSON.stringify({ event: 'direct_debit.authorization.created', data: data(false) }),
        ),
      );
      expect(created).toMatchObject({
        kind: 'direct_debit.authorization.created',
        mandate: { authorizationCode: 'AUTH_dd1', active: false, customerEmail: email },
        reference: null,
      });
      const active = gateway.parseWebhook(
        Buffer.from(
          JSON.stringify({ event: 'direct_debit.authorization.active', data: data(true) }),
        ),
      );
      expect(active).toMatchObject({ mandate: { active: true }, reference: 'ref-1' });
    });
  });

  describe('disputes (gateway-protocol.md §21, decision 0069)', () => {
    it('an unknown dispute is null; listing by an unknown transaction is empty; its upload URL is refused', async () => {
      expect(await gateway.fetchDispute('2147000001')).toBeNull();
      expect(await gateway.listDisputes({ transaction: ref('ct-nodispute') })).toEqual([]);
      await expect(
        gateway.uploadDisputeFile('2147000001', {
          filename: 'proof.pdf',
          contentType: 'application/pdf',
          bytes: Buffer.from('%PDF-1.4'),
        }),
      ).rejects.toBeInstanceOf(GatewayError);
    });

    it('lists disputes by status, each with its amount and transaction', async () => {
      const listed = await gateway.listDisputes({ status: 'awaiting-merchant-feedback' });
      for (const dispute of listed) {
        expect(dispute.status).toBe('awaiting-merchant-feedback');
        expect(dispute.refundAmountKobo).toBeGreaterThan(0);
      }
    });

    it("maps the three dispute events as Paystack's samples write them (C8)", () => {
      const body = (event: string, status: string, resolution: string | null) =>
        Buffer.from(
          JSON.stringify({
            event,
            data: {
              id: 358950,
              refund_amount: 5800,
              currency: 'NGN',
              status,
              resolution,
              transaction: { id: 896467688, reference: 'v3mjfgbnc19v97x', status: 'success' },
              transaction_reference: null,
              category: 'chargeback',
              dueAt: '2020-11-25T18:00:00.000Z',
              resolvedAt: resolution ? '2020-11-24T14:00:02.000Z' : null,
            },
          }),
        );
      for (const event of ['charge.dispute.create', 'charge.dispute.remind'] as const) {
        expect(gateway.parseWebhook(body(event, 'awaiting-merchant-feedback', null))).toMatchObject(
          {
            kind: event,
            dispute: {
              id: '358950',
              refundAmountKobo: 5800,
              transactionReference: 'v3mjfgbnc19v97x',
            },
          },
        );
      }
      expect(
        gateway.parseWebhook(body('charge.dispute.resolve', 'resolved', 'auto-accepted')),
      ).toMatchObject({
        kind: 'charge.dispute.resolve',
        dispute: { status: 'resolved', resolution: 'auto-accepted' },
      });
    });

    describe.runIf(!external)(
      'the whole answer, against the sandbox (it opens and resolves disputes)',
      () => {
        const disputedPayment = async () => {
          const reference = ref('ct-dispute');
          const started = await initializeVerificationCharge(reference);
          await payOnCardPage(started.authorizationUrl, TEST_CARDS.success);
          const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
          const opened = await control('POST', '/_sandbox/disputes', { transaction: reference });
          expect(opened.status).toBe(200);
          return { reference, id: String(opened.body.data.id), control };
        };
        const proof = {
          filename: 'note.pdf',
          contentType: 'application/pdf',
          bytes: Buffer.from('%PDF-1.4 note'),
        };

        it('fetch → evidence → upload → decline (the bank decides) → resolved for the merchant', async () => {
          const { reference, id, control } = await disputedPayment();
          expect(await gateway.fetchDispute(id)).toMatchObject({
            id,
            status: 'awaiting-merchant-feedback',
            resolution: null,
            refundAmountKobo: 5_000,
            transactionReference: reference,
          });
          expect((await gateway.listDisputes({ transaction: reference })).map((d) => d.id)).toEqual(
            [id],
          );
          const evidence = await gateway.addDisputeEvidence(id, {
            customerEmail: email,
            customerName: 'Ada Obi',
            customerPhone: '08012345678',
            serviceDetails: 'Delivered and signed for',
            deliveryDate: '2026-11-20',
          });
          expect(evidence.evidenceId).not.toBeNull();
          // Resolving needs an uploaded file.
          await expect(
            gateway.resolveDispute(id, {
              resolution: 'declined',
              message: 'no file',
              refundAmountKobo: 0,
              uploadedFilename: 'nosuchfile',
            }),
          ).rejects.toMatchObject({ kind: 'rejected' });
          const { uploadedFilename } = await gateway.uploadDisputeFile(id, proof);
          const declined = await gateway.resolveDispute(id, {
            resolution: 'declined',
            message: 'Delivered on 20 November',
            refundAmountKobo: 0,
            uploadedFilename,
            evidenceId: evidence.evidenceId,
          });
          expect(declined).toMatchObject({ status: 'awaiting-bank-feedback', resolution: null });
          await control('POST', `/_sandbox/disputes/${id}/resolve`, { outcome: 'won' });
          expect(await gateway.fetchDispute(id)).toMatchObject({
            status: 'resolved',
            resolution: 'declined',
          });
        });

        it('accept for part of it: resolved `merchant-accepted`; more than the dispute is refused', async () => {
          const { id } = await disputedPayment();
          const { uploadedFilename } = await gateway.uploadDisputeFile(id, proof);
          await expect(
            gateway.resolveDispute(id, {
              resolution: 'merchant-accepted',
              message: 'too much',
              refundAmountKobo: 5_001,
              uploadedFilename,
            }),
          ).rejects.toMatchObject({ kind: 'rejected' });
          const accepted = await gateway.resolveDispute(id, {
            resolution: 'merchant-accepted',
            message: 'Half was delivered',
            refundAmountKobo: 2_500,
            uploadedFilename,
          });
          expect(accepted).toMatchObject({
            status: 'resolved',
            resolution: 'merchant-accepted',
            refundAmountKobo: 2_500,
          });
          // Resolved disputes take no more answers.
          await expect(
            gateway.resolveDispute(id, {
              resolution: 'declined',
              message: 'again',
              refundAmountKobo: 0,
              uploadedFilename,
            }),
          ).rejects.toMatchObject({ kind: 'rejected' });
        });
      },
    );

    describe.runIf(external)(
      'against Paystack: a dispute of the test integration, when there is one',
      () => {
        it('fetches the newest listed dispute by its id', async () => {
          const [first] = await gateway.listDisputes({});
          if (first === undefined) {
            process.stdout.write(
              'No dispute on this Paystack test integration: fetch not checked.\n',
            );
            return;
          }
          expect(await gateway.fetchDispute(first.id)).toMatchObject({ id: first.id });
        });
      },
    );
    if (!external) {
      process.stdout.write(
        'Disputes against Paystack skipped: set PAYSTACK_CONTRACT_BASE_URL and PAYSTACK_CONTRACT_SECRET_KEY (a Paystack test key).\n',
      );
    }
  });

  describe.runIf(!external)(
    'flows that need the sandbox test data (scriptable card page, fixed accounts)',
    () => {
      it('card: paid on the hosted page → success with a reusable authorization → charge it later', async () => {
        const reference = ref('ct-card');
        const started = await initializeVerificationCharge(reference);
        const location = await payOnCardPage(started.authorizationUrl, TEST_CARDS.success);
        expect(new URL(location).searchParams.get('reference')).toBe(reference);
        const verified = await gateway.verifyTransaction(reference);
        expect(verified).toMatchObject({ status: 'success', amountKobo: 5_000, currency: 'NGN' });
        const authorization = verified?.authorization;
        expect(authorization).toMatchObject({ reusable: true, channel: 'card', last4: '4081' });

        const charge = await gateway.chargeAuthorization({
          email,
          amountKobo: 250_000,
          authorizationCode: authorization?.code ?? '',
          reference: ref('ct-charge'),
          metadata: { installment: '1' },
        });
        expect(charge).toMatchObject({ status: 'success', amountKobo: 250_000 });

        const refund = await gateway.refund({ transactionReference: reference });
        expect(refund.transactionReference).toBe(reference);
        expect(['pending', 'processed']).toContain(refund.status);
      });

      it('card: insufficient funds fails the later charge with the reason', async () => {
        const reference = ref('ct-nsf');
        const started = await initializeVerificationCharge(reference);
        await payOnCardPage(started.authorizationUrl, TEST_CARDS.insufficientFunds);
        const verified = await gateway.verifyTransaction(reference);
        expect(verified?.status).toBe('failed');
        expect(verified?.message).toMatch(/insufficient/i);
      });

      it('bank charge: send_otp → submit_otp → success with an authorization', async () => {
        const reference = ref('ct-bank');
        const first = await gateway.startBankCharge({
          email,
          amountKobo: 5_000,
          bankCode: '057',
          accountNumber: '0000000000',
          reference,
          metadata: {},
        });
        expect(first).toMatchObject({ step: 'send_otp', reference });
        const done = await gateway.submitOtp(reference, '123456');
        expect(done.step).toBe('success');
        expect(done.transaction?.authorization?.reusable).toBe(true);
        expect((await gateway.checkPendingCharge(reference)).step).toBe('success');
      });

      it('bank charge: a wrong OTP answers send_otp again, so the customer can retry', async () => {
        const reference = ref('ct-bank-otp');
        await gateway.startBankCharge({
          email,
          amountKobo: 5_000,
          bankCode: '057',
          accountNumber: '0000000000',
          reference,
          metadata: {},
        });
        const again = await gateway.submitOtp(reference, '000000');
        expect(again).toMatchObject({ step: 'send_otp', reference });
        const done = await gateway.submitOtp(reference, '123456');
        expect(done.step).toBe('success');
      });

      it('mandate: consent page → created (inactive) → active after the delay → listed → charged (processing → success) → deactivated → revoked', async () => {
        const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
        const started = await gateway.initializeMandate({
          email,
          bankCode: '057',
          accountNumber: '0000000010',
          address: { street: '1 Marina', city: 'Lagos', state: 'Lagos' },
        });
        const page = await fetch(started.redirectUrl);
        expect(page.status).toBe(200);
        expect(await page.text()).toMatch(/Authorize direct debit/);
        expect((await decideMandate(started.redirectUrl, 'approve')).status).toBe(200);
        const approved = await gateway.verifyMandate(started.reference);
        expect(approved).toMatchObject({ active: false, customerEmail: email });
        const code = approved?.authorizationCode ?? '';
        // Approved is not chargeable: the charge is refused until the mandate is active.
        await expect(
          gateway.chargeAuthorization({
            email,
            amountKobo: 10_000,
            authorizationCode: code,
            reference: ref('ct-dd-early'),
            metadata: {},
          }),
        ).rejects.toMatchObject({ kind: 'rejected' });
        const pending = await gateway.listMandates({ status: 'pending' });
        const record = pending.mandates.find((m) => m.authorizationCode === code);
        expect(record).toMatchObject({ status: 'pending', accountNumber: '0000000010' });
        // The activation charge on a pending mandate is accepted ("queued for retry").
        await gateway.retryMandateActivation({
          customerId: record?.customerId ?? 0,
          authorizationId: record?.authorizationId ?? 0,
        });

        await control('POST', '/_sandbox/settle');
        expect(await gateway.verifyMandate(started.reference)).toMatchObject({ active: true });
        const listed = await gateway.listCustomerMandates(record?.customerId ?? 0);
        expect(listed.find((m) => m.authorizationCode === code)?.status).toBe('active');

        const reference = ref('ct-dd-charge');
        const charge = await gateway.chargeAuthorization({
          email,
          amountKobo: 25_000,
          authorizationCode: code,
          reference,
          metadata: {},
        });
        expect(charge.status).toBe('pending'); // `processing`: settled later (§13.7)
        await control('POST', '/_sandbox/settle');
        expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'success' });

        expect(await gateway.deactivateAuthorization(code)).toBe(true);
        const revoked = await gateway.listMandates({ status: 'revoked' });
        expect(revoked.mandates.some((m) => m.authorizationCode === code)).toBe(true);
      });

      it('mandate: the failing account stays pending, even after an activation charge', async () => {
        const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
        const started = await gateway.initializeMandate({
          email,
          bankCode: '058',
          accountNumber: '0000000011',
          address: { street: '1 Marina', city: 'Lagos', state: 'Lagos' },
        });
        await decideMandate(started.redirectUrl, 'approve');
        const code = (await gateway.verifyMandate(started.reference))?.authorizationCode;
        const record = (await gateway.listMandates({ status: 'pending' })).mandates.find(
          (m) => m.authorizationCode === code,
        );
        await gateway.retryMandateActivation({
          customerId: record?.customerId ?? 0,
          authorizationId: record?.authorizationId ?? 0,
        });
        await control('POST', '/_sandbox/settle');
        expect(await gateway.verifyMandate(started.reference)).toMatchObject({ active: false });
      });

      it('mandate: the revoked-later account activates, then shows `revoked` in the lists (no webhook)', async () => {
        const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
        const started = await gateway.initializeMandate({
          email,
          bankCode: '033',
          accountNumber: '0000000012',
          address: { street: '1 Marina', city: 'Lagos', state: 'Lagos' },
        });
        await decideMandate(started.redirectUrl, 'approve');
        const code = (await gateway.verifyMandate(started.reference))?.authorizationCode;
        await control('POST', '/_sandbox/settle');
        const revoked = await gateway.listMandates({ status: 'revoked' });
        expect(revoked.mandates.some((m) => m.authorizationCode === code)).toBe(true);
        expect(await gateway.verifyMandate(started.reference)).toMatchObject({ active: false });
      });

      it('mandate: declined on the consent page never verifies', async () => {
        const started = await gateway.initializeMandate({
          email,
          bankCode: '057',
          accountNumber: '0000000010',
          address: { street: '1 Marina', city: 'Lagos', state: 'Lagos' },
        });
        expect((await decideMandate(started.redirectUrl, 'decline')).status).toBe(200);
        expect(await gateway.verifyMandate(started.reference)).toBeNull();
        expect((await decideMandate(started.redirectUrl, 'approve')).status).toBe(409);
      });

      it('faults: a 500 and a timeout are `unavailable`, never a rejection', async () => {
        const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
        await control('POST', '/_sandbox/faults', { fail_next: 1 });
        await expect(gateway.listBanks()).rejects.toMatchObject({ kind: 'unavailable' });
        expect((await gateway.listBanks()).length).toBeGreaterThan(0);

        await control('POST', '/_sandbox/faults', { latency_ms: 400 });
        const impatient = new PaystackGateway({
          baseUrl: sandbox?.gateway.url ?? '',
          secretKey,
          timeoutMs: 100,
        });
        await expect(impatient.listBanks()).rejects.toMatchObject({
          kind: 'unavailable',
          message: expect.stringMatching(/timed out/),
        });
        await control('DELETE', '/_sandbox/faults');
      });

      it('faults: a lost response leaves the outcome unknown until verify settles it (same reference, no second charge)', async () => {
        const control = sandbox?.control ?? (() => Promise.reject(new Error('no sandbox')));
        const setup = ref('ct-lost-setup');
        const started = await initializeVerificationCharge(setup);
        await payOnCardPage(started.authorizationUrl, TEST_CARDS.success);
        const code = (await gateway.verifyTransaction(setup))?.authorization?.code ?? '';

        const reference = ref('ct-lost');
        await control('POST', '/_sandbox/faults', { lose_next_response: 1 });
        await expect(
          gateway.chargeAuthorization({
            email,
            amountKobo: 120_000,
            authorizationCode: code,
            reference,
            metadata: {},
          }),
        ).rejects.toMatchObject({ kind: 'unavailable' });
        // The charge happened at the gateway: verify says so, and retrying with the same reference is refused.
        expect(await gateway.verifyTransaction(reference)).toMatchObject({
          status: 'success',
          amountKobo: 120_000,
        });
        await expect(
          gateway.chargeAuthorization({
            email,
            amountKobo: 120_000,
            authorizationCode: code,
            reference,
            metadata: {},
          }),
        ).rejects.toMatchObject({ kind: 'rejected' });
        await control('DELETE', '/_sandbox/faults');
      });

      describe('partial debits (§17) on the limited-funds Mastercard (₦5,000.00)', () => {
        const savedCard = async (card: { number: string; cvv: string }) => {
          const setup = ref('ct-pd-setup');
          const started = await initializeVerificationCharge(setup);
          await payOnCardPage(started.authorizationUrl, card);
          const verified = await gateway.verifyTransaction(setup);
          return verified?.authorization?.code ?? '';
        };
        const partialDebit = (code: string, amountKobo: number, atLeastKobo: number) =>
          gateway.partialDebit({
            email,
            amountKobo,
            atLeastKobo,
            authorizationCode: code,
            reference: ref('ct-pd'),
            metadata: {},
          });

        it('takes what the account holds when that reaches at_least; the rest is not taken', async () => {
          const code = await savedCard(TEST_CARDS.limitedFunds);
          // A full charge above the balance fails as it always did.
          const full = await gateway.chargeAuthorization({
            email,
            amountKobo: 800_000,
            authorizationCode: code,
            reference: ref('ct-pd-full'),
            metadata: {},
          });
          expect(full).toMatchObject({ status: 'failed', message: 'Insufficient Funds' });
          const partial = await partialDebit(code, 800_000, 400_000);
          expect(partial).toMatchObject({
            status: 'success',
            amountKobo: 500_000,
            requestedAmountKobo: 800_000,
          });
          // verify says the same, and the card is now empty.
          expect(await gateway.verifyTransaction(partial.reference)).toMatchObject({
            status: 'success',
            amountKobo: 500_000,
            requestedAmountKobo: 800_000,
          });
          expect(await partialDebit(code, 800_000, 1)).toMatchObject({
            status: 'failed',
            message: 'Insufficient Funds',
          });
        });

        it('below at_least it fails "Insufficient Funds" and takes nothing', async () => {
          const code = await savedCard(TEST_CARDS.limitedFunds);
          const below = await partialDebit(code, 800_000, 600_000);
          expect(below).toMatchObject({ status: 'failed', message: 'Insufficient Funds' });
          // The balance is untouched: the whole ₦5,000.00 is still there.
          expect(await partialDebit(code, 500_000, 500_000)).toMatchObject({
            status: 'success',
            amountKobo: 500_000,
            requestedAmountKobo: 500_000,
          });
        });

        it('is refused on a Visa card (Paystack: Mastercard and Verve only)', async () => {
          const code = await savedCard(TEST_CARDS.success);
          await expect(partialDebit(code, 100_000, 50_000)).rejects.toMatchObject({
            kind: 'rejected',
          });
        });
      });

      it('account resolve: a NUBAN at a bank → its holder’s name; one the bank cannot name → null', async () => {
        const resolved = await gateway.resolveAccount({
          accountNumber: '0123456789',
          bankCode: '058',
        });
        expect(resolved).toEqual({
          accountNumber: '0123456789',
          accountName: expect.stringMatching(/\S/),
        });
        // Test mode asks the bank too; an account nobody holds is refused with 422 (§7).
        expect(
          await gateway.resolveAccount({ accountNumber: '0123450404', bankCode: '058' }),
        ).toBeNull();
      });

      it('transfers: recipient, transfer, verify', async () => {
        const { recipientCode } = await gateway.createTransferRecipient({
          name: 'Ade Stores',
          accountNumber: '0123456789',
          bankCode: '058',
        });
        expect(recipientCode).toMatch(/^RCP_/);
        const reference = `ct-trf-${randomUUID()}`;
        const transfer = await gateway.initiateTransfer({
          amountKobo: 97_500,
          recipientCode,
          reference,
          reason: 'Tranche payout',
        });
        expect(transfer).toMatchObject({ reference, amountKobo: 97_500 });
        expect(['pending', 'success']).toContain(transfer.status);
        expect((await gateway.verifyTransfer(reference))?.reference).toBe(reference);
      });

      describe('transfers on an account that requires transfer OTPs', () => {
        const control = (method: 'POST' | 'GET', path: string, body?: unknown) =>
          sandbox?.control(method, path, body) ?? Promise.reject(new Error('no sandbox'));
        let recipientCode = '';
        const transfer = async () =>
          gateway.initiateTransfer({
            amountKobo: 50_000,
            recipientCode,
            reference: `ct-otp-${randomUUID()}`,
            reason: 'Tranche payout',
          });
        beforeAll(async () => {
          ({ recipientCode } = await gateway.createTransferRecipient({
            name: 'Ade Stores',
            accountNumber: '0123456789',
            bankCode: '058',
          }));
          expect((await control('POST', '/_sandbox/transfer-otp', { required: true })).status).toBe(
            200,
          );
        });
        afterAll(async () => {
          await control('POST', '/_sandbox/transfer-otp', { required: false });
        });

        it('otp → a wrong OTP is refused and changes nothing → resend → the right OTP sends it, once', async () => {
          const held = await transfer();
          expect(held).toMatchObject({
            status: 'otp',
            transferCode: expect.stringMatching(/^TRF_/),
          });
          const transferCode = held.transferCode ?? '';
          expect((await gateway.verifyTransfer(held.reference))?.status).toBe('otp');

          await expect(
            gateway.finalizeTransfer({ transferCode, otp: '000000' }),
          ).rejects.toMatchObject({ kind: 'rejected', message: 'Invalid OTP' });
          expect((await gateway.verifyTransfer(held.reference))?.status).toBe('otp');
          await gateway.resendTransferOtp({ transferCode, reason: 'resend_otp' });
          await expect(
            gateway.resendTransferOtp({ transferCode, reason: 'transfer' }),
          ).resolves.toBeUndefined();

          const sent = await gateway.finalizeTransfer({ transferCode, otp: '123456' });
          expect(sent).toMatchObject({
            reference: held.reference,
            transferCode,
            amountKobo: 50_000,
          });
          expect(['pending', 'success']).toContain(sent.status);
          // Finalizing again sends nothing: the transfer is no longer waiting.
          await expect(
            gateway.finalizeTransfer({ transferCode, otp: '123456' }),
          ).rejects.toMatchObject({ kind: 'rejected' });
          await expect(
            gateway.resendTransferOtp({ transferCode, reason: 'resend_otp' }),
          ).rejects.toMatchObject({ kind: 'rejected' });
          await control('POST', '/_sandbox/settle');
          expect((await gateway.verifyTransfer(held.reference))?.status).toBe('success');
        });

        it('a transfer whose OTP never comes is abandoned (verify: failed) and can no longer be finalized', async () => {
          const held = await transfer();
          // Settling everything does not abandon it: only its own deadline does.
          await control('POST', '/_sandbox/settle');
          expect((await gateway.verifyTransfer(held.reference))?.status).toBe('otp');
          expect((await control('POST', '/_sandbox/transfer-otp/abandon')).body.data).toMatchObject(
            {
              abandoned: 1,
            },
          );
          expect((await gateway.verifyTransfer(held.reference))?.status).toBe('failed');
          await expect(
            gateway.finalizeTransfer({ transferCode: held.transferCode ?? '', otp: '123456' }),
          ).rejects.toMatchObject({ kind: 'rejected' });
        });

        it('disable_otp → disable_otp_finalize (a wrong OTP refused) turns OTPs off; enable_otp on again', async () => {
          expect((await gateway.disableTransferOtp()).message).toMatch(/OTP has been sent/);
          await expect(gateway.finalizeDisableTransferOtp('000000')).rejects.toMatchObject({
            kind: 'rejected',
          });
          expect((await transfer()).status).toBe('otp');
          expect((await gateway.finalizeDisableTransferOtp('123456')).message).toMatch(/disabled/);
          expect(['pending', 'success']).toContain((await transfer()).status);
          expect((await gateway.enableTransferOtp()).message).toMatch(/enabled/);
          expect((await transfer()).status).toBe('otp');
        });
      });
    },
  );
});
