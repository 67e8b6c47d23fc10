import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { decideHardshipRequest, listHardshipRequests } from '../hardship/index.ts';
import { HardshipDecisionResult, HardshipRequest } from '../hardship/schemas.ts';
import { adminAuth, adminSecurity as security, operatorOf } from './routes.ts';

const params = Type.Object({ request_id: Type.String({ maxLength: 64 }) }, Strict);

/**
 * Customers' hardship requests (decision 0072) for operators: every merchant's, newest first,
 * and the operator's answer when a merchant does not give one. Each answer is in the audit log.
 */
export function registerAdminHardshipRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/hardship-requests',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminListHardshipRequests',
        tags: ['Admin'],
        summary: "Customers' hardship requests",
        description: 'The 100 newest requests of every merchant, optionally of one `status`.',
        security,
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.Union([
                Type.Literal('requested'),
                Type.Literal('approved'),
                Type.Literal('declined'),
                Type.Literal('expired'),
                Type.Literal('cancelled'),
              ]),
            ),
          },
          Strict,
        ),
        response: { 200: Envelope(Type.Array(HardshipRequest)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listHardshipRequests(ctx, 'all_merchants', {
        ...(request.query.status && { status: request.query.status }),
      }),
    }),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/v1/admin/hardship-requests/:request_id/${decision}`,
      {
        preValidation: adminAuth(ctx),
        schema: {
          operationId:
            decision === 'approve' ? 'adminApproveHardshipRequest' : 'adminDeclineHardshipRequest',
          tags: ['Admin'],
          summary:
            decision === 'approve'
              ? "Approve a customer's hardship request"
              : "Decline a customer's hardship request",
          description: `As the merchant's ${decision} does (\`decided_by: "operator"\`), under the merchant's limits; recorded in the audit log with the note as its reason. Already answered or expired: 409.`,
          security,
          params,
          body: Type.Object(
            { note: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
            Strict,
          ),
          response: { 200: Envelope(HardshipDecisionResult), ...errorResponses },
        },
      },
      async (request) => ({
        ok: true as const,
        data: await decideHardshipRequest(
          ctx,
          { kind: 'operator', operator: operatorOf(request) },
          request.params.request_id,
          decision,
          request.body.note ?? null,
        ),
      }),
    );
  }
}
