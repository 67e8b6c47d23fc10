import type { FastifyInstance } from 'fastify';

import { type SandboxContext, settleTime } from './context.ts';
import { withUniqueReference } from './db.ts';
import { ok, SandboxError, validationError } from './errors.ts';
import {
  currencyOf,
  fieldsOf,
  optionalMetadata,
  optionalString,
  requiredAmount,
  requiredString,
  requiredTransferReference,
} from './input.ts';
import { API_ROUTE } from './routing.ts';
import {
  findOrCreateRecipient,
  getRecipientByCode,
  getRecipientById,
  getTransferByReference,
  insertTransfer,
} from './store-transfers.ts';
import { findBank, transferScenario } from './test-data.ts';
import { recipientView, transferCreatedView, transferView } from './views.ts';

/**
 * Transfers (fact sheet §7). The balance is unlimited. By default no OTP is required, as on an
 * integration with transfer OTP disabled; with it on (`transferOtpRequired`, or
 * POST /_sandbox/transfer-otp) a transfer waits at `otp` (routes-transfer-otp.ts). A transfer is
 * `pending` until the settle delay passes; the recipient's account number decides the outcome
 * (test-data.ts `transferScenario`).
 */

/** What a transfer to this account settles as (a reversal is first a success: settlement.ts). */
export function outcomeOf(scenario: ReturnType<typeof transferScenario>): 'failed' | 'success' {
  return scenario === 'failed' ? 'failed' : 'success';
}

/** When a transfer created now at `otp` is abandoned if no OTP comes. */
function otpAbandonTime(ctx: SandboxContext): Date {
  return new Date(ctx.clock.now().getTime() + ctx.transferOtp.abandonAfterMs);
}

export function registerTransferRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/transferrecipient', API_ROUTE, async (request, reply) => {
    const fields = fieldsOf(request.body);
    const type = requiredString(fields, 'type', 'Recipient type is required');
    if (type !== 'nuban') {
      throw validationError('The sandbox supports only nuban transfer recipients');
    }
    const name = requiredString(fields, 'name', 'Name is required');
    const accountNumber = requiredString(fields, 'account_number', 'Account number is required');
    const bankCode = requiredString(fields, 'bank_code', 'Bank code is required');
    if (!/^\d{10}$/.test(accountNumber)) throw validationError('Account number must be 10 digits');
    if (findBank(bankCode) === undefined) throw validationError(`Unknown bank code: ${bankCode}`);
    const { recipient, created } = await findOrCreateRecipient(ctx.pool, {
      type,
      name,
      account_number: accountNumber,
      bank_code: bankCode,
      currency: currencyOf(fields),
      description: optionalString(fields, 'description') ?? null,
      metadata: optionalMetadata(fields),
      created_at: ctx.clock.now(),
    });
    return reply
      .code(created ? 201 : 200)
      .send(ok('Transfer recipient created successfully', recipientView(recipient)));
  });

  app.post('/transfer', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const source = requiredString(fields, 'source', 'Source is required');
    if (source !== 'balance') throw validationError('Invalid transfer source; use "balance"');
    const amount = requiredAmount(fields);
    const recipientCode = requiredString(fields, 'recipient', 'Recipient is required');
    const reference = requiredTransferReference(fields);
    const currency = currencyOf(fields);
    const reason = optionalString(fields, 'reason') ?? null;
    const recipient = await getRecipientByCode(ctx.pool, recipientCode);
    if (recipient === undefined) {
      throw new SandboxError(400, 'Recipient specified is invalid', {
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      });
    }
    const scenario = transferScenario(recipient.account_number);
    // With transfer OTP on, the transfer waits at `otp` for finalize_transfer, and is abandoned
    // when none comes in time (routes-transfer-otp.ts); otherwise it settles after the delay.
    const held = ctx.transferOtp.required;
    const transfer = await withUniqueReference(
      'transfers',
      () =>
        insertTransfer(ctx.pool, {
          reference,
          amount,
          currency,
          source,
          reason,
          recipient_id: recipient.id,
          ...(held
            ? {
                status: 'otp' as const,
                settle_at: otpAbandonTime(ctx),
                settle_status: 'abandoned' as const,
              }
            : {
                settle_at: settleTime(ctx),
                // A reversal is first a success; settling schedules the reversal (settlement.ts).
                settle_status: outcomeOf(scenario),
              }),
          created_at: ctx.clock.now(),
        }),
      () =>
        new SandboxError(400, 'Duplicate Transfer Reference', {
          type: 'validation_error',
          code: 'duplicate_reference',
        }),
    );
    if (transfer.settle_at !== null) ctx.scheduleSettlement(transfer.settle_at);
    return ok(
      held ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
      transferCreatedView(transfer, recipient),
    );
  });

  app.get<{ Params: { reference: string } }>(
    '/transfer/verify/:reference',
    API_ROUTE,
    async (request) => {
      const transfer = await getTransferByReference(ctx.pool, request.params.reference);
      if (transfer === undefined) throw new SandboxError(404, 'Transfer not found');
      const recipient = await getRecipientById(ctx.pool, transfer.recipient_id);
      return ok('Transfer retrieved', transferView(transfer, recipient));
    },
  );
}
