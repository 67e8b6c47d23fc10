import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

import type { Clock } from '../../platform/clock.ts';
import type { Faults } from './faults.ts';
import type { WebhookSender } from './webhooks.ts';

/** What every route and service of the sandbox works with; built once in server.ts. */
export interface SandboxContext {
  pool: pg.Pool;
  clock: Clock;
  log: FastifyBaseLogger;
  faults: Faults;
  webhooks: WebhookSender;
  secretKey: string;
  /** Every event, as Paystack sends every event of a mode to one URL. */
  webhookUrl: string | undefined;
  /** Disputes, revocations, cancellations, subscription.disable, when sent elsewhere (tests). */
  revocationWebhookUrl: string | undefined;
  /** How long pending bank debits, transfers and refunds take to settle on their own. */
  settleDelayMs: number;
  /** How long an approved Direct Debit mandate stays `pending` before the bank activates it. */
  mandateActivationDelayMs: number;
  /** Known only once the server listens (port 0). */
  publicBaseUrl(): string;
  /** Tells the settlement scheduler that something is now due at `at`. */
  scheduleSettlement(at: Date): void;
  /** Transfer OTP (routes-transfer-otp.ts): the account's setting, in memory like the faults. */
  transferOtp: TransferOtpSetting;
}

export interface TransferOtpSetting {
  /** Whether POST /transfer holds each transfer at `otp` until finalize_transfer. */
  required: boolean;
  /** How long a transfer waits at `otp` before it is `abandoned` (Paystack: 30 minutes). */
  abandonAfterMs: number;
  /** POST /transfer/disable_otp was called: disable_otp_finalize may now turn OTPs off. */
  disableRequested: boolean;
}

/** When something created now settles on its own. */
export function settleTime(ctx: SandboxContext): Date {
  return new Date(ctx.clock.now().getTime() + ctx.settleDelayMs);
}
