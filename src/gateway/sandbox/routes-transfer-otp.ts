import type { FastifyInstance } from 'fastify';

import { type SandboxContext, settleTime } from './context.ts';
import { ok, SandboxError, validationError } from './errors.ts';
import { fieldsOf, requiredString } from './input.ts';
import { outcomeOf } from './routes-transfers.ts';
import { API_ROUTE, CONTROL_ROUTE } from './routing.ts';
import { settleDue } from './settlement.ts';
import {
  getRecipientById,
  getTransferByCode,
  makeOtpTransfersDue,
  releaseOtpTransfer,
  type TransferRow,
} from './store-transfers.ts';
import { transferScenario } from './test-data.ts';
import { transferCreatedView } from './views.ts';

/**
 * Transfer OTP (docs/gateway-protocol.md §14). With OTP on, POST /transfer holds each transfer at
 * `otp`; POST /transfer/finalize_transfer with the right OTP releases it (`pending`, then it
 * settles as any transfer). A transfer not finalized within `abandonAfterMs` (30 minutes, as
 * Paystack documents it) becomes `abandoned`, with no webhook. Every OTP here, the one "sent" for
 * a transfer and the one for turning OTPs off, is TRANSFER_OTP. Paystack's words for a wrong OTP
 * and for a transfer no longer waiting are not documented (§19): these are the sandbox's own.
 */
export const TRANSFER_OTP = '123456';

const WRONG_OTP = () =>
  new SandboxError(400, 'Invalid OTP', { type: 'validation_error', code: 'invalid_otp' });

async function transferWaitingForOtp(ctx: SandboxContext, code: string): Promise<TransferRow> {
  const transfer = await getTransferByCode(ctx.pool, code);
  if (transfer === undefined) {
    throw new SandboxError(400, 'Transfer code is invalid', {
      type: 'validation_error',
      code: 'invalid_transfer_code',
    });
  }
  if (transfer.status !== 'otp') throw notWaiting(transfer);
  return transfer;
}

function notWaiting(transfer: TransferRow): SandboxError {
  return new SandboxError(400, `Transfer is not awaiting OTP (status: ${transfer.status})`, {
    type: 'validation_error',
    code: 'transfer_not_awaiting_otp',
  });
}

export function registerTransferOtpRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/transfer/finalize_transfer', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const code = requiredString(fields, 'transfer_code', 'Transfer code is required');
    const otp = requiredString(fields, 'otp', 'OTP is required');
    const transfer = await transferWaitingForOtp(ctx, code);
    if (otp !== TRANSFER_OTP) throw WRONG_OTP();
    const recipient = await getRecipientById(ctx.pool, transfer.recipient_id);
    const released = await releaseOtpTransfer(
      ctx.pool,
      transfer.id,
      {
        settleAt: settleTime(ctx),
        settleStatus: outcomeOf(transferScenario(recipient.account_number)),
      },
      ctx.clock.now(),
    );
    // Finalized (or abandoned) by another call in between: this one sends nothing.
    if (released === undefined) {
      throw notWaiting((await getTransferByCode(ctx.pool, code)) ?? transfer);
    }
    if (released.settle_at !== null) ctx.scheduleSettlement(released.settle_at);
    return ok('Transfer has been queued', transferCreatedView(released, recipient));
  });

  app.post('/transfer/resend_otp', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const code = requiredString(fields, 'transfer_code', 'Transfer code is required');
    const reason = requiredString(fields, 'reason', 'Reason is required');
    if (reason !== 'resend_otp' && reason !== 'transfer') {
      throw validationError('reason must be resend_otp or transfer');
    }
    await transferWaitingForOtp(ctx, code);
    return { status: true, message: 'OTP has been resent' };
  });

  app.post('/transfer/disable_otp', API_ROUTE, async () => {
    ctx.transferOtp.disableRequested = true;
    return { status: true, message: 'OTP has been sent to mobile number ending with 0000' };
  });

  app.post('/transfer/disable_otp_finalize', API_ROUTE, async (request) => {
    const otp = requiredString(fieldsOf(request.body), 'otp', 'OTP is required');
    if (!ctx.transferOtp.disableRequested || otp !== TRANSFER_OTP) throw WRONG_OTP();
    ctx.transferOtp.required = false;
    ctx.transferOtp.disableRequested = false;
    return { status: true, message: 'OTP requirement for transfers has been disabled' };
  });

  app.post('/transfer/enable_otp', API_ROUTE, async () => {
    ctx.transferOtp.required = true;
    return { status: true, message: 'OTP requirement for transfers has been enabled' };
  });

  // Test controls (README.md): turn the requirement on or off, and abandon waiting transfers now.
  app.get('/_sandbox/transfer-otp', CONTROL_ROUTE, async () =>
    ok('Transfer OTP', transferOtpView(ctx)),
  );
  app.post('/_sandbox/transfer-otp', CONTROL_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const required = fields.required;
    if (typeof required !== 'boolean') throw validationError('required must be true or false');
    ctx.transferOtp.required = required;
    return ok('Transfer OTP updated', transferOtpView(ctx));
  });
  app.post('/_sandbox/transfer-otp/abandon', CONTROL_ROUTE, async () => {
    const now = ctx.clock.now();
    const abandoned = await makeOtpTransfersDue(ctx.pool, now);
    const result = await settleDue(ctx, now);
    await Promise.all(result.deliveries);
    return ok('Transfers waiting for an OTP are abandoned', { abandoned });
  });
}

function transferOtpView(ctx: SandboxContext) {
  return {
    required: ctx.transferOtp.required,
    abandon_after_ms: ctx.transferOtp.abandonAfterMs,
    otp: TRANSFER_OTP,
  };
}
