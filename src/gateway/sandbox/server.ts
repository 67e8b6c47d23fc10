/**
 * The sandbox gateway: an HTTP server speaking the subset of Paystack's API described in
 * docs/gateway-protocol.md (like stripe-mock, or Hyperswitch's dummy connector), so the
 * Paystack adapter runs against it unchanged; only its base URL and secret key differ.
 *
 * Paystack API (Bearer secret key; JSON or form bodies; `amount` as integer or digit string):
 *   GET  /bank                                   POST /transaction/initialize
 *   GET  /transaction/verify/:reference          POST /transaction/charge_authorization
 *   POST /charge  (bank)                         POST /charge/submit_otp|submit_birthday|submit_phone|submit_pin
 *   GET  /charge/:reference                      POST /customer/authorization/deactivate
 *   POST /transferrecipient                      POST /transfer
 *   GET  /transfer/verify/:reference             POST /refund
 *   GET  /refund/:id                             GET  /refund?transaction=
 *   POST /transfer/finalize_transfer             POST /transfer/resend_otp
 *   POST /transfer/disable_otp|disable_otp_finalize|enable_otp
 *   POST /customer/authorization/initialize      GET  /customer/authorization/verify/:reference
 *   PUT  /customer/:id/directdebit-activation-charge
 *   GET  /customer/:id/directdebit-mandate-authorizations   GET /directdebit/mandate-authorizations
 *
 * Hosted pages (no key), what `authorization_url` and `open_url` point to:
 *   GET  /checkout/:access_code    card form, then PIN / phone / OTP / bank-approval steps
 *   GET  /bank-auth/:reference     Approve / Decline page for pay-with-bank `open_url`
 *   GET  /mandate/:access_code     Direct Debit consent page (the initialize `redirect_url`)
 *
 * Scripted card payments, without a browser: one form POST performs every step at once.
 *
 *   POST /checkout/<access_code>
 *   Content-Type: application/x-www-form-urlencoded
 *   card_number=5060666666666666666&expiry=12/30&cvv=123&pin=1234&otp=123456
 *
 *   Fields: card_number, expiry (MM/YY), cvv, and as the card requires: pin, phone, otp,
 *   decision (approve|decline, for the bank-authorization card 4084080000000409).
 *   → 303 Location: <callback_url>?reference=<ref>&trxref=<ref> once the payment is finished
 *     (success or failure; a result page when there is no callback_url);
 *   → 200 with the next step's form when a step value is missing;
 *   → 422 with the card form when the card details are wrong (unknown card, CVV, expiry).
 *
 *   Pay-with-bank `open_url`: POST /bank-auth/<reference> with decision=approve|decline.
 *
 * Test controls under /_sandbox/ (Bearer secret key): faults, provoked events, settle-now,
 * state. Test cards, bank accounts and knobs: README.md in this folder.
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import pg from 'pg';

import { systemClock } from '../../platform/clock.ts';
import { constantTimeEqual } from '../../platform/crypto.ts';
import { loggerOptions } from '../../platform/logger.ts';
import type { SandboxContext } from './context.ts';
import { SandboxError } from './errors.ts';
import { Faults, registerFaultHooks } from './faults.ts';
import { parseFormBody } from './input.ts';
import { registerBankRoutes } from './routes-banks.ts';
import { registerChargeRoutes } from './routes-charge.ts';
import { registerCheckoutRoutes } from './routes-checkout.ts';
import { registerControlRoutes } from './routes-control.ts';
import { registerDedicatedAccountRoutes } from './routes-dedicated-accounts.ts';
import { registerDisputeRoutes } from './routes-disputes.ts';
import { registerMandateRoutes } from './routes-mandates.ts';
import { registerPartialDebitRoutes } from './routes-partial-debit.ts';
import { registerRefundRoutes } from './routes-refunds.ts';
import { registerTransactionRoutes } from './routes-transactions.ts';
import { registerTransferOtpRoutes } from './routes-transfer-otp.ts';
import { registerTransferRoutes } from './routes-transfers.ts';
import { routeKind } from './routing.ts';
import { SettlementScheduler } from './scheduler.ts';
import { ensureSandboxSchema } from './schema.ts';
import { settleDue } from './settlement.ts';
import { nextSettleAt } from './store-settlement.ts';
import { WebhookSender } from './webhooks.ts';

export interface SandboxGatewayOptions {
  /** 0 for a random port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The only accepted `Authorization: Bearer <key>`; also the webhook HMAC key. */
  secretKey: string;
  /** State lives in the schema `sandbox_gateway` of this database (created if missing). */
  databaseUrl: string;
  /** How browsers reach the sandbox (authorization_url, open_url); default http://localhost:<port>. */
  publicBaseUrl?: string;
  /** Every event is POSTed here, signed, as Paystack does with a mode's one webhook URL. */
  webhookUrl?: string;
  /**
   * Sends charge.dispute.create, authorization.revoked, mandate.*, subscription.disable here
   * instead of `webhookUrl` (a test that collects them apart). Paystack has no such setting.
   */
  revocationWebhookUrl?: string;
  /** pino level; default `info`. */
  logLevel?: string;
  /** How long bank debits, transfers and refunds take to settle on their own; default 1000 ms. */
  settleDelayMs?: number;
  /** Transfers need an OTP (finalize_transfer with 123456), as on a new Paystack account; default false. */
  transferOtpRequired?: boolean;
  /** How long a transfer waits for its OTP before it is `abandoned`; default 30 minutes. */
  transferOtpAbandonMs?: number;
  /** How long an approved Direct Debit mandate stays `pending` before it activates; default 5000 ms. */
  mandateActivationDelayMs?: number;
}

export interface SandboxGateway {
  url: string;
  close(): Promise<void>;
}

const DEFAULT_SETTLE_DELAY_MS = 1_000;
const DEFAULT_TRANSFER_OTP_ABANDON_MS = 30 * 60_000;
/** Long enough to see "pending activation" in the checkout, short enough to wait for. */
const DEFAULT_MANDATE_ACTIVATION_DELAY_MS = 5_000;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

function registerHooks(app: FastifyInstance, ctx: SandboxContext, secretKey: string): void {
  const expected = `Bearer ${secretKey}`;
  app.addHook('onRequest', async (request, reply) => {
    if (routeKind(request) === 'page') return undefined;
    const header = request.headers.authorization;
    if (typeof header === 'string' && constantTimeEqual(header.trim(), expected)) return undefined;
    return reply.code(401).send({ status: false, message: 'Invalid key' });
  });
  registerFaultHooks(app, ctx.faults, (request) => routeKind(request) === 'api');

  // An empty JSON body is an empty object (curl -X POST -H 'content-type: application/json').
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // The default parser calls `done` itself; its returned promise carries nothing more.
    void jsonParser(request, text, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseFormBody(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof SandboxError) return reply.code(error.statusCode).send(error.toEnvelope());
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ status: false, message: error.message });
    }
    request.log.error({ err: error }, 'sandbox gateway error');
    return reply.code(500).send({ status: false, message: 'Internal server error' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ status: false, message: 'Not found' }),
  );
}

async function openPool(databaseUrl: string, log: FastifyBaseLogger): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // An idle client's error (database restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  // A checked-out client has no pool listener: without its own, a server going away between two
  // statements would end the process (the API's too, under `tranche start`).
  pool.on('connect', (client) =>
    client.on('error', (error) => log.warn({ err: error }, 'database connection failed')),
  );
  try {
    await ensureSandboxSchema(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function startSandboxGateway(options: SandboxGatewayOptions): Promise<SandboxGateway> {
  if (options.secretKey.trim() === '') throw new Error('The sandbox gateway needs a secret key');
  const app = Fastify({
    logger: { ...loggerOptions(options.logLevel ?? 'info'), name: 'sandbox-gateway' },
    bodyLimit: 1_048_576,
    trustProxy: true,
  });
  const log = app.log;
  const pool = await openPool(options.databaseUrl, log);

  const faults = new Faults();
  const webhooks = new WebhookSender({ secretKey: options.secretKey, log, faults });
  let publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
  const ctx: SandboxContext = {
    pool,
    clock: systemClock,
    log,
    faults,
    webhooks,
    secretKey: options.secretKey,
    webhookUrl: options.webhookUrl,
    revocationWebhookUrl: options.revocationWebhookUrl,
    settleDelayMs: options.settleDelayMs ?? DEFAULT_SETTLE_DELAY_MS,
    mandateActivationDelayMs:
      options.mandateActivationDelayMs ?? DEFAULT_MANDATE_ACTIVATION_DELAY_MS,
    publicBaseUrl: () => publicBaseUrl ?? '',
    scheduleSettlement: (at) => scheduler.wake(at),
    transferOtp: {
      required: options.transferOtpRequired ?? false,
      abandonAfterMs: options.transferOtpAbandonMs ?? DEFAULT_TRANSFER_OTP_ABANDON_MS,
      disableRequested: false,
    },
  };
  const scheduler = new SettlementScheduler({
    clock: ctx.clock,
    run: async () => {
      await settleDue(ctx, ctx.clock.now());
      return nextSettleAt(pool);
    },
    onError: (error) => log.error({ err: error }, 'settlement failed'),
  });

  registerHooks(app, ctx, options.secretKey);
  registerBankRoutes(app);
  registerTransactionRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerChargeRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerTransferOtpRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerDisputeRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  registerMandateRoutes(app, ctx);
  registerPartialDebitRoutes(app, ctx);
  registerDedicatedAccountRoutes(app, ctx);

  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ host, port: options.port });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The sandbox gateway did not bind a TCP port');
  }
  publicBaseUrl ??= `http://localhost:${address.port}`;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${address.port}`;

  // Recovery: settle what fell due while the sandbox was down, then follow the schedule.
  await scheduler.start();
  log.info({ url, publicBaseUrl }, 'sandbox gateway listening');

  return {
    url,
    close: async () => {
      await app.close();
      await scheduler.stop();
      await webhooks.drain();
      await pool.end();
    },
  };
}
