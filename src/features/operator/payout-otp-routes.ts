import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listPayoutsAwaitingOtp, resendPayoutOtp, submitPayoutOtp } from '../money/index.ts';
import { PayoutAwaitingOtp, PayoutOtpBody } from '../money/schemas.ts';
import { adminAuth, adminSecurity as security, operatorOf } from './routes.ts';

const params = Type.Object({ payout_id: Type.String({ maxLength: 64 }) }, Strict);

/**
 * Payouts held by the gateway for a transfer OTP (decision 0043): the list, giving the OTP, and
 * asking for it again. Giving an OTP twice sends nothing twice: the gateway names one transfer.
 */
export function registerAdminPayoutOtpRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/payouts/awaiting-otp',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminListPayoutsAwaitingOtp',
        tags: ['Admin'],
        summary: 'Payouts waiting for a transfer OTP',
        description:
          'Payouts whose transfer the gateway holds until an OTP is given (an account that requires transfer OTPs), the longest waiting first. `overdue`: past the 30 minutes after which Paystack documents that it abandons the transfer; the money returns to the wallet when the gateway says so.',
        security,
        response: { 200: Envelope(Type.Array(PayoutAwaitingOtp)), ...errorResponses },
      },
    },
    async () => ({ ok: true as const, data: await listPayoutsAwaitingOtp(ctx) }),
  );

  app.post(
    '/api/v1/admin/payouts/:payout_id/otp',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminSubmitPayoutOtp',
        tags: ['Admin'],
        summary: "Give a payout's transfer OTP",
        description:
          'Sends the held transfer with the OTP the gateway sent to the business phone (POST /transfer/finalize_transfer). A wrong OTP is a 400 and changes nothing; a payout not waiting (OTP already given, abandoned, settled) is a 409 and nothing is sent. `status` is the payout after it: `in_transit` until the gateway confirms, or `paid`. Recorded in the audit log.',
        security,
        params,
        body: PayoutOtpBody,
        response: {
          200: Envelope(
            Type.Object({
              status: Type.String({ description: 'pending, in_transit, paid, failed, reversed' }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await submitPayoutOtp(
        ctx,
        operatorOf(request),
        request.params.payout_id,
        request.body.otp,
      ),
    }),
  );

  app.post(
    '/api/v1/admin/payouts/:payout_id/otp/resend',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminResendPayoutOtp',
        tags: ['Admin'],
        summary: "Ask the gateway for a payout's transfer OTP again",
        description:
          'POST /transfer/resend_otp for the held transfer. 409 when the payout no longer waits for an OTP. Recorded in the audit log.',
        security,
        params,
        response: {
          200: Envelope(Type.Object({ resent: Type.Literal(true) })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await resendPayoutOtp(ctx, operatorOf(request), request.params.payout_id),
    }),
  );
}
