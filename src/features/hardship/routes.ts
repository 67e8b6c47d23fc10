import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { customerKeyOwner, replyIdempotently } from '../../http/idempotency.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, IdempotencyHeader, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { modeScope } from '../access/index.ts';
import {
  cancelHardshipRequest,
  decideHardshipRequest,
  getCustomerHardship,
  listHardshipRequests,
  requestHardship,
} from './requests.ts';
import {
  CustomerHardship,
  HardshipDecisionResult,
  HardshipRequest,
  HardshipSettings,
} from './schemas.ts';
import { getHardshipSettings, updateHardshipSettings } from './settings.ts';

const TAGS = ['Hardship'];
const Id = Type.String({ maxLength: 64 });
const PlanParams = Type.Object({ plan_id: Id }, Strict);
const CustomerRequestParams = Type.Object({ plan_id: Id, request_id: Id }, Strict);
const MerchantParams = Type.Object({ merchant_id: Id }, Strict);
const MerchantRequestParams = Type.Object({ merchant_id: Id, request_id: Id }, Strict);
const Reason = Type.String({ minLength: 1, maxLength: 500 });

/** Hardship requests (decision 0072): customers ask, merchants decide. */
export function registerHardshipRoutes(app: TypedApp, ctx: AppContext): void {
  registerCustomerRoutes(app, ctx);
  registerMerchantRoutes(app, ctx);
}

function registerCustomerRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/plans/:plan_id/hardship',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerPlanHardship',
        tags: TAGS,
        summary: 'What you may ask if you cannot pay on time',
        description:
          "The shop's limits, the installments whose due date may move (each with the latest day), whether the plan's one request is still available, and your requests on this plan, newest first.",
        security: [{ customerJwt: [] }],
        params: PlanParams,
        response: { 200: Envelope(CustomerHardship), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCustomerHardship(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.plan_id,
      ),
    }),
  );

  app.post(
    '/api/v1/customers/me/plans/:plan_id/hardship-requests',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'requestCustomerPlanHardship',
        tags: TAGS,
        summary: 'Ask to move a due date or to spread the rest',
        description:
          'One request per plan (a cancelled or expired one does not count): `move_due_date` moves one scheduled or failed installment to a later day, at most the shop’s `max_move_days` after its due date; `spread` splits what is still scheduled over `extra_installments` more installments (at most the shop’s `max_extra_installments`). The shop approves or declines within 3 days, or at once when it approves automatically. Outside the limits: 400; a second request or a plan that is not active: 409.',
        security: [{ customerJwt: [] }],
        params: PlanParams,
        headers: IdempotencyHeader,
        body: Type.Union([
          Type.Object(
            {
              kind: Type.Literal('move_due_date'),
              installment_id: Id,
              new_due_date: Type.String({ format: 'date', maxLength: 10 }),
              reason: Type.Optional(Reason),
            },
            Strict,
          ),
          Type.Object(
            {
              kind: Type.Literal('spread'),
              extra_installments: Type.Integer({ minimum: 1, maximum: 52 }),
              reason: Type.Optional(Reason),
            },
            Strict,
          ),
        ]),
        response: { 201: Envelope(HardshipDecisionResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { customerId } = principalOf(request, 'customer');
      const b = request.body;
      return replyIdempotently(
        ctx,
        request,
        reply,
        customerKeyOwner(customerId),
        201,
        async () => ({
          ok: true as const,
          data: await requestHardship(
            ctx,
            customerId,
            request.params.plan_id,
            b.kind === 'move_due_date'
              ? {
                  kind: 'move_due_date',
                  installmentId: b.installment_id,
                  newDueDate: b.new_due_date,
                  ...(b.reason !== undefined && { reason: b.reason }),
                }
              : {
                  kind: 'spread',
                  extraInstallments: b.extra_installments,
                  ...(b.reason !== undefined && { reason: b.reason }),
                },
          ),
        }),
      );
    },
  );

  app.post(
    '/api/v1/customers/me/plans/:plan_id/hardship-requests/:request_id/cancel',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'cancelCustomerPlanHardship',
        tags: TAGS,
        summary: 'Withdraw a request not yet answered',
        description:
          'The plan keeps its schedule and its one request. Already answered (or withdrawn): 409.',
        security: [{ customerJwt: [] }],
        params: CustomerRequestParams,
        response: { 200: Envelope(HardshipDecisionResult), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await cancelHardshipRequest(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.plan_id,
        request.params.request_id,
      ),
    }),
  );
}

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [label: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];

function registerMerchantRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/hardship-requests',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listHardshipRequests',
        tags: TAGS,
        summary: 'List hardship requests',
        description: 'The 100 newest requests of your customers, newest first.',
        security,
        params: MerchantParams,
        querystring: Type.Object(
          {
            livemode: Type.Optional(Type.Boolean()),
            status: Type.Optional(
              Type.Union(
                ['requested', 'approved', 'declined', 'expired', 'cancelled'].map((s) =>
                  Type.Literal(s),
                ) as [ReturnType<typeof Type.Literal>],
              ),
            ),
          },
          Strict,
        ),
        response: { 200: Envelope(Type.Array(HardshipRequest)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listHardshipRequests(
        ctx,
        modeScope(
          principalOf(request, ...merchantAuth),
          request.params.merchant_id,
          request.query.livemode,
        ),
        {
          ...(request.query.status && {
            status: request.query.status as 'requested',
          }),
        },
      ),
    }),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/v1/merchant/:merchant_id/hardship-requests/:request_id/${decision}`,
      {
        preValidation: requireAuth(ctx, merchantAuth),
        schema: {
          operationId: decision === 'approve' ? 'approveHardshipRequest' : 'declineHardshipRequest',
          tags: TAGS,
          summary:
            decision === 'approve' ? 'Approve a hardship request' : 'Decline a hardship request',
          description:
            decision === 'approve'
              ? 'The schedule changes at once (checked again against the plan as it is now: 409 when a payment made it impossible) and `payment_plan.updated` follows with `reason: "hardship"`. A moved installment is collected on its new date, and failed attempts before the move no longer count against the customer. No money moves.'
              : 'The schedule stays; the customer sees your note. Already answered or expired: 409.',
          security,
          params: MerchantRequestParams,
          body: Type.Object({ note: Type.Optional(Reason) }, Strict),
          response: { 200: Envelope(HardshipDecisionResult), ...errorResponses },
        },
      },
      async (request) => {
        const principal = principalOf(request, ...merchantAuth);
        return {
          ok: true as const,
          data: await decideHardshipRequest(
            ctx,
            { kind: 'merchant', scope: modeScope(principal, request.params.merchant_id) },
            request.params.request_id,
            decision,
            request.body.note ?? null,
          ),
        };
      },
    );
  }

  app.get(
    '/api/v1/merchant/:merchant_id/hardship-settings',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getHardshipSettings',
        tags: TAGS,
        summary: 'Your limits on hardship requests',
        security,
        params: MerchantParams,
        response: { 200: Envelope(HardshipSettings), ...errorResponses },
      },
    },
    async (request) => {
      const { merchantId } = modeScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
      );
      return { ok: true as const, data: await getHardshipSettings(ctx, merchantId) };
    },
  );

  app.put(
    '/api/v1/merchant/:merchant_id/hardship-settings',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'updateHardshipSettings',
        tags: TAGS,
        summary: 'Set your limits on hardship requests',
        description:
          'Applies to requests made from now on and to approvals (a waiting request is checked again against the limits when approved).',
        security,
        params: MerchantParams,
        body: HardshipSettings,
        response: { 200: Envelope(HardshipSettings), ...errorResponses },
      },
    },
    async (request) => {
      const { merchantId } = modeScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
      );
      const b = request.body;
      return {
        ok: true as const,
        data: await updateHardshipSettings(ctx, merchantId, {
          maxMoveDays: b.max_move_days,
          maxExtraInstallments: b.max_extra_installments,
          autoApprove: b.auto_approve,
        }),
      };
    },
  );
}
