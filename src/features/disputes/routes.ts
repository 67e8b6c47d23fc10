import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { modeScope } from '../access/index.ts';
import {
  addEvidence,
  answerDispute,
  DISPUTE_FILE_MAX_BYTES,
  DISPUTE_FILE_TYPES,
  getDispute,
  listDisputes,
  uploadFile,
} from './answer.ts';
import { Dispute } from './schemas.ts';

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [label: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];
const TAGS = ['Disputes'];

const MerchantParams = Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict);
const DisputeParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }), dispute_id: Type.String({ maxLength: 64 }) },
  Strict,
);
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Message = Text(1000);

/** Base64 of at most 2 MB, and a little room for the JSON around it. */
const FILE_BODY_LIMIT = Math.ceil((DISPUTE_FILE_MAX_BYTES * 4) / 3) + 4096;

/** Disputes: see and answer chargebacks (docs/money-rules.md §5c, decision 0069). */
export function registerDisputeRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/disputes',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listDisputes',
        tags: TAGS,
        summary: 'List disputes',
        description: 'The 100 newest disputes of your collected payments, newest first.',
        security,
        params: MerchantParams,
        querystring: Type.Object(
          {
            livemode: Type.Optional(
              Type.Boolean({
                description:
                  'One mode only (the dashboard token reaches both; a secret key only its own).',
              }),
            ),
            status: Type.Optional(
              Type.Union([
                Type.Literal('needs_response'),
                Type.Literal('under_review'),
                Type.Literal('won'),
                Type.Literal('lost'),
              ]),
            ),
          },
          Strict,
        ),
        response: { 200: Envelope(Type.Array(Dispute)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listDisputes(
        ctx,
        modeScope(
          principalOf(request, ...merchantAuth),
          request.params.merchant_id,
          request.query.livemode,
        ),
        { ...(request.query.status && { status: request.query.status }) },
      ),
    }),
  );

  app.get(
    '/api/v1/merchant/:merchant_id/disputes/:dispute_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getDispute',
        tags: TAGS,
        summary: 'Get a dispute',
        security,
        params: DisputeParams,
        response: { 200: Envelope(Dispute), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getDispute(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.dispute_id,
      ),
    }),
  );

  app.post(
    '/api/v1/merchant/:merchant_id/disputes/:dispute_id/evidence',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'addDisputeEvidence',
        tags: TAGS,
        summary: 'Give evidence for a dispute',
        description:
          "Who the customer is and what they received, sent to the gateway as the dispute's evidence. Only while `needs_response` and before `due_at` (409 otherwise). Sending it again replaces it.",
        security,
        params: DisputeParams,
        body: Type.Object(
          {
            customer_email: Type.String({ format: 'email', maxLength: 254 }),
            customer_name: Text(200),
            customer_phone: Text(30),
            service_details: Text(2000),
            delivery_address: Type.Optional(Text(500)),
            delivery_date: Type.Optional(Type.String({ format: 'date' })),
          },
          Strict,
        ),
        response: { 200: Envelope(Dispute), ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      return {
        ok: true as const,
        data: await addEvidence(
          ctx,
          modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
          request.params.dispute_id,
          {
            customerEmail: b.customer_email,
            customerName: b.customer_name,
            customerPhone: b.customer_phone,
            serviceDetails: b.service_details,
            ...(b.delivery_address !== undefined && { deliveryAddress: b.delivery_address }),
            ...(b.delivery_date !== undefined && { deliveryDate: b.delivery_date }),
          },
        ),
      };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/disputes/:dispute_id/file',
    {
      bodyLimit: FILE_BODY_LIMIT,
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'uploadDisputeFile',
        tags: TAGS,
        summary: 'Upload the file of proof for a dispute',
        description: `One PDF, PNG or JPEG of at most 2 MB, base64 in \`content_base64\` (this route alone takes bodies up to ${FILE_BODY_LIMIT} bytes). Tranche uploads it to the gateway; the gateway requires one before you accept or decline. A second upload replaces the first.`,
        security,
        params: DisputeParams,
        body: Type.Object(
          {
            filename: Type.String({ minLength: 1, maxLength: 120, pattern: '^[^/\\\\]+$' }),
            content_type: Type.Union(DISPUTE_FILE_TYPES.map((t) => Type.Literal(t))),
            content_base64: Type.String({
              minLength: 4,
              maxLength: Math.ceil((DISPUTE_FILE_MAX_BYTES * 4) / 3) + 4,
              pattern: '^[A-Za-z0-9+/]+={0,2}$',
            }),
          },
          Strict,
        ),
        response: { 200: Envelope(Dispute), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await uploadFile(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.dispute_id,
        {
          filename: request.body.filename,
          contentType: request.body.content_type,
          contentBase64: request.body.content_base64,
        },
      ),
    }),
  );

  app.post(
    '/api/v1/merchant/:merchant_id/disputes/:dispute_id/accept',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'acceptDispute',
        tags: TAGS,
        summary: 'Accept a dispute (the customer keeps the money)',
        description:
          'Resolves the dispute at the gateway as `merchant-accepted`. `refund_amount` (kobo, default all of `amount`) is what the customer keeps; anything less comes back to your balance. The dispute is `lost` at once and `dispute.resolved` follows. Needs the uploaded file.',
        security,
        params: DisputeParams,
        body: Type.Object(
          {
            message: Message,
            refund_amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
          },
          Strict,
        ),
        response: { 200: Envelope(Dispute), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await answerDispute(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.dispute_id,
        {
          decision: 'accepted',
          message: request.body.message,
          ...(request.body.refund_amount !== undefined && {
            refundAmountKobo: request.body.refund_amount,
          }),
        },
      ),
    }),
  );

  app.post(
    '/api/v1/merchant/:merchant_id/disputes/:dispute_id/decline',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'declineDispute',
        tags: TAGS,
        summary: 'Decline a dispute (contest it)',
        description:
          'Resolves the dispute at the gateway as `declined` with your message and the uploaded file: the bank decides, the dispute is `under_review`, and `dispute.resolved` follows with `won` (money back) or `lost`. Needs the uploaded file; add evidence first.',
        security,
        params: DisputeParams,
        body: Type.Object({ message: Message }, Strict),
        response: { 200: Envelope(Dispute), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await answerDispute(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.dispute_id,
        { decision: 'declined', message: request.body.message },
      ),
    }),
  );
}
