import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import { bearerToken } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { authenticate } from '../access/index.ts';
import { previewPlan } from './plan-preview.ts';
import { Preview } from './schemas.ts';

export function registerCheckoutPreviewRoutes(app: TypedApp, ctx: AppContext): void {
  previewScheduleRoute(app, ctx);
}

function previewScheduleRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/checkout/preview',
    {
      schema: {
        operationId: 'previewSchedule',
        tags: ['Checkout'],
        summary: 'Preview an installment schedule',
        description:
          'The widget sends `session_token` (the session’s amount and constraints apply); a merchant server sends its secret key and an `amount` (its default constraints apply, and the answer adds the platform fee). Deposit = ceil(amount × upfront_pct / 100); the rest is split evenly, the first installments carrying the odd kobo; due dates at 09:00 Lagos time (see docs/money-rules.md). A configuration outside the constraints is a 400 naming the limit.',
        security: [{}, { secretKey: [] }],
        body: Type.Object(
          {
            session_token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHECKOUT_AMOUNT_KOBO })),
            frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
            installment_count: Type.Integer({
              minimum: 1,
              maximum: 52,
              description: 'Installments after the deposit.',
            }),
            upfront_pct: Type.Integer({ minimum: 0, maximum: 100 }),
          },
          Strict,
        ),
        response: { 200: Envelope(Preview), ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      const token = b.session_token === undefined ? bearerToken(request) : undefined;
      const principal =
        token === undefined
          ? null
          : await authenticate(ctx, token, ['secret_key'], request.secretKeyCheck);
      const data = await previewPlan(ctx, principal, {
        ...(b.session_token !== undefined && { sessionToken: b.session_token }),
        ...(b.amount !== undefined && { amountKobo: b.amount }),
        frequency: b.frequency,
        installmentCount: b.installment_count,
        upfrontPct: b.upfront_pct,
      });
      return { ok: true as const, data };
    },
  );
}
