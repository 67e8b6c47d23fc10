import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { customerKeyOwner, replyIdempotently } from '../../http/idempotency.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  gatewayErrorResponses,
  IdempotencyHeader,
  paymentErrorResponses,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { assertSelf } from './access.ts';
import { listMandateBanks } from './bank-list.ts';
import { initializeCard, verifyCard } from './card-flow.ts';
import { setDefaultPaymentMethod } from './defaults.ts';
import { deletePaymentMethod } from './deletion.ts';
import { initiateDirectDebitMandate, usesDirectDebit, verifyBankMandate } from './direct-debit.ts';
import { continueBankMandate, initiateBankMandate } from './mandate-flow.ts';
import { MandateStep, PaymentMethod } from './schemas.ts';
import { listPaymentMethods } from './view.ts';

const Message = Type.Object({ ok: Type.Literal(true), message: Type.String() });

const CustomerId = Type.String({ minLength: 1, maxLength: 64 });
const Reference = Type.String({ minLength: 1, maxLength: 100 });
const BankCode = Type.String({ minLength: 1, maxLength: 10 });
const AccountNumber = Type.String({ minLength: 1, maxLength: 20, description: '10-digit NUBAN' });
const IsDefault = Type.Optional(Type.Boolean({ default: false }));
/**
 * verify-card's `is_default` has no default: left out, the value given at initialize applies
 * (a schema default would be filled in by the validator and always win).
 */
const IsDefaultOrAsInitialized = Type.Optional(
  Type.Boolean({ description: 'Left out: the value given at initialize-card.' }),
);
const MandateFields = {
  customer_id: CustomerId,
  reference: Reference,
  bank_code: BankCode,
  bank_name: Type.String({ minLength: 1, maxLength: 100 }),
  account_number: AccountNumber,
  is_default: IsDefault,
};
const security = [{ customerJwt: [] }];
const tags = ['Payment methods'];

const me = (request: Parameters<typeof principalOf>[0]) =>
  principalOf(request, 'customer').customerId;

// One route per step after initiate, sharing a handler; their order here is their order in the API document.
const bankMandateSteps = [
  [
    'submit-otp',
    'otp',
    'submitBankMandateOtp',
    { otp: Type.String({ minLength: 1, maxLength: 12 }) },
    'Submit the OTP the bank sent',
  ],
  [
    'submit-birthday',
    'birthday',
    'submitBankMandateBirthday',
    { birthday: Type.String({ format: 'date', description: 'YYYY-MM-DD' }) },
    'Submit the date of birth',
  ],
  [
    'submit-phone',
    'phone',
    'submitBankMandatePhone',
    { phone: Type.String({ minLength: 7, maxLength: 20 }) },
    'Submit the phone number registered with the account',
  ],
  ['verify', 'verify', 'verifyBankMandate', {}, 'Finish the mandate after the open_url popup'],
] as const;

export function registerPaymentMethodRoutes(app: TypedApp, ctx: AppContext): void {
  listPaymentMethodsRoute(app, ctx);
  listMandateBanksRoute(app, ctx);
  initializeCardRoute(app, ctx);
  verifyCardRoute(app, ctx);
  initiateBankMandateRoute(app, ctx);
  for (const step of bankMandateSteps) bankMandateStepRoute(app, ctx, step);
  setDefaultPaymentMethodRoute(app, ctx);
  deletePaymentMethodRoute(app, ctx);
}

function listPaymentMethodsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/payment-methods/customers/:customer_id',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'listPaymentMethods',
        tags,
        summary: "List the customer's payment methods",
        security,
        params: Type.Object({ customer_id: CustomerId }, Strict),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            data: Type.Array(PaymentMethod),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      assertSelf(me(request), request.params.customer_id);
      return { ok: true as const, ...(await listPaymentMethods(ctx, request.params.customer_id)) };
    },
  );
}

function listMandateBanksRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/payment-methods/banks',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'listMandateBanks',
        tags,
        summary: 'Nigerian banks that support direct-debit mandates',
        security,
        response: {
          200: Envelope(Type.Array(Type.Object({ name: Type.String(), code: Type.String() }))),
          ...errorResponses,
          ...gatewayErrorResponses,
        },
      },
    },
    async () => ({ ok: true as const, data: await listMandateBanks(ctx) }),
  );
}

function initializeCardRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/payment-methods/initialize-card',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'initializeCard',
        tags,
        summary: 'Start linking a card',
        description:
          'Returns the gateway page where the customer enters the card. A ₦50 verification charge confirms the card is active; it is refunded automatically, whether the card is saved or refused (decision 0042). The gateway then redirects to `callback_url?reference=…`; call verify-card with that reference.',
        security,
        headers: IdempotencyHeader,
        body: Type.Object(
          {
            customer_id: CustomerId,
            callback_url: Type.String({ minLength: 1, maxLength: 2048 }),
            is_default: IsDefault,
          },
          Strict,
        ),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            authorization_url: Type.String(),
            reference: Type.String(),
          }),
          ...errorResponses,
          ...paymentErrorResponses,
        },
      },
    },
    async (request, reply) => {
      assertSelf(me(request), request.body.customer_id);
      const owner = customerKeyOwner(request.body.customer_id);
      return replyIdempotently(ctx, request, reply, owner, 200, async () => {
        const result = await initializeCard(ctx, request.body.customer_id, {
          callbackUrl: request.body.callback_url,
          isDefault: request.body.is_default ?? false,
        });
        return { ok: true as const, ...result };
      });
    },
  );
}

function verifyCardRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/payment-methods/verify-card',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'verifyCard',
        tags,
        summary: 'Save the card after the gateway redirect',
        description:
          '409 `setup_pending` until the card is submitted on the gateway page; 402 `payment_failed` if it was declined or refused. When the gateway took the ₦50 and the card is refused (or verified after the setup expired, 409 `setup_expired`), the error carries `verification_charge` (`status: refund_queued`) and its `detail` says the ₦50 will be refunded. Verifying twice returns the same card.',
        security,
        headers: IdempotencyHeader,
        body: Type.Object(
          { customer_id: CustomerId, reference: Reference, is_default: IsDefaultOrAsInitialized },
          Strict,
        ),
        response: { 200: Envelope(PaymentMethod), ...errorResponses, ...paymentErrorResponses },
      },
    },
    async (request, reply) => {
      assertSelf(me(request), request.body.customer_id);
      const b = request.body;
      return replyIdempotently(
        ctx,
        request,
        reply,
        customerKeyOwner(b.customer_id),
        200,
        async () => ({
          ok: true as const,
          data: await verifyCard(ctx, b.customer_id, {
            reference: b.reference,
            ...(b.is_default !== undefined && { isDefault: b.is_default }),
          }),
        }),
      );
    },
  );
}

function initiateBankMandateRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/payment-methods/customers/:customer_id/initiate-bank-mandate',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'initiateBankMandate',
        tags,
        summary: 'Start a bank direct-debit mandate',
        description:
          "Answers the first `next_action`. With Direct Debit (the default, decision 0044): `open_url` with the gateway's consent page to open in a popup, then call verify: `success` with the method, whose `status` is `pending` until the bank activates the mandate (up to 24 hours) and `active` after. With pay-with-bank: `submit_otp` and the other steps. `address` is passed to the gateway's Direct Debit request when given.",
        security,
        headers: IdempotencyHeader,
        params: Type.Object({ customer_id: CustomerId }, Strict),
        body: Type.Object(
          {
            bank_code: BankCode,
            account_number: AccountNumber,
            is_default: IsDefault,
            address: Type.Optional(
              Type.Object(
                {
                  street: Type.String({ minLength: 1, maxLength: 200 }),
                  city: Type.String({ minLength: 1, maxLength: 100 }),
                  state: Type.String({ minLength: 1, maxLength: 100 }),
                },
                Strict,
              ),
            ),
          },
          Strict,
        ),
        response: { 200: MandateStep, ...errorResponses, ...paymentErrorResponses },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      assertSelf(me(request), customerId);
      const b = request.body;
      return replyIdempotently(
        ctx,
        request,
        reply,
        customerKeyOwner(customerId),
        200,
        async () => ({
          ok: true as const,
          ...(usesDirectDebit(ctx)
            ? await initiateDirectDebitMandate(ctx, customerId, {
                bankCode: b.bank_code,
                accountNumber: b.account_number,
                isDefault: b.is_default ?? false,
                ...(b.address && { address: b.address }),
              })
            : await initiateBankMandate(ctx, customerId, {
                bankCode: b.bank_code,
                accountNumber: b.account_number,
                isDefault: b.is_default ?? false,
              })),
        }),
      );
    },
  );
}

function bankMandateStepRoute(
  app: TypedApp,
  ctx: AppContext,
  [path, kind, operationId, extra, summary]: (typeof bankMandateSteps)[number],
): void {
  app.post(
    `/api/v1/payment-methods/bank-mandate/${path}`,
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId,
        tags,
        summary,
        description:
          'On success `next_action` is `success` and `data` is the saved bank method; otherwise the next step and its `display_text`.',
        security,
        headers: IdempotencyHeader,
        body: Type.Object({ ...MandateFields, ...extra }, Strict),
        response: { 200: MandateStep, ...errorResponses, ...paymentErrorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body as {
        customer_id: string;
        reference: string;
        bank_code: string;
        bank_name: string;
        account_number: string;
        is_default?: boolean;
      } & Record<string, string | boolean | undefined>;
      assertSelf(me(request), b.customer_id);
      const value = kind === 'verify' ? '' : String(b[kind]);
      return replyIdempotently(
        ctx,
        request,
        reply,
        customerKeyOwner(b.customer_id),
        200,
        async () => {
          const input = {
            reference: b.reference,
            bankCode: b.bank_code,
            bankName: b.bank_name,
            accountNumber: b.account_number,
            isDefault: b.is_default ?? false,
          };
          const step =
            kind === 'verify'
              ? await verifyBankMandate(ctx, b.customer_id, input)
              : await continueBankMandate(ctx, b.customer_id, kind, input, value);
          return { ok: true as const, ...step };
        },
      );
    },
  );
}

function setDefaultPaymentMethodRoute(app: TypedApp, ctx: AppContext): void {
  app.put(
    '/api/v1/payment-methods/:method_id/default',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'setDefaultPaymentMethod',
        tags,
        summary: 'Make a method the default',
        security,
        params: Type.Object({ method_id: Type.String({ maxLength: 64 }) }, Strict),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await setDefaultPaymentMethod(ctx, me(request), request.params.method_id);
      return { ok: true as const, message: 'Default payment method updated.' };
    },
  );
}

function deletePaymentMethodRoute(app: TypedApp, ctx: AppContext): void {
  app.delete(
    '/api/v1/payment-methods/:method_id',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'deletePaymentMethod',
        tags,
        summary: 'Delete a payment method',
        description: 'If it was the default, the newest other active method becomes the default.',
        security,
        params: Type.Object({ method_id: Type.String({ maxLength: 64 }) }, Strict),
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      await deletePaymentMethod(ctx, me(request), request.params.method_id);
      return { ok: true as const, message: 'Payment method deleted.' };
    },
  );
}
