import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { transactionPayload } from './charges.ts';
import type { SandboxContext } from './context.ts';
import { inDbTransaction, type Queryable } from './db.ts';
import { missingParams, ok, SandboxError, validationError } from './errors.ts';
import { fieldsOf, optionalAmount, optionalString, requiredString } from './input.ts';
import { API_ROUTE, CONTROL_ROUTE, PAGE_ROUTE } from './routing.ts';
import { getCustomer, getTransactionById, getTransactionByReference } from './store.ts';
import { customerView, DOMAIN } from './views.ts';

/**
 * Disputes (gateway-protocol.md §21; decision 0069). Paystack's Disputes API as documented
 * (list, fetch, evidence, upload_url, resolve), a signed upload URL that takes the file, and
 * controls that play the customer's bank: open a dispute on a successful payment, remind, and
 * resolve it for the merchant (`won`: resolution `declined`) or the customer (`lost`: resolution
 * `merchant-accepted` when the merchant accepted, else `auto-accepted`). Every change sends its
 * `charge.dispute.*` event. Unlike Paystack's sample, a lost dispute does not turn the payment
 * `reversed` here: only refunds through Tranche do (so reconciliation stays as it is).
 */

interface DisputeRow {
  id: number;
  transaction_id: number;
  refund_amount: number;
  currency: string;
  status: string;
  resolution: string | null;
  category: string;
  reason: string;
  evidence: Record<string, unknown> | null;
  evidence_id: number | null;
  uploaded_filename: string | null;
  merchant_message: string | null;
  due_at: Date;
  resolved_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const MAX_ID = 2_147_483_647;
/** Paystack gives the merchant a short window; the sample's is about a day. */
const ANSWER_WINDOW_MS = 2 * 24 * 3_600_000;

function row(raw: Record<string, unknown>): DisputeRow {
  return { ...(raw as unknown as DisputeRow), refund_amount: Number(raw.refund_amount) };
}

async function getDispute(q: Queryable, id: string, lock = false): Promise<DisputeRow | undefined> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > MAX_ID) return undefined;
  const { rows } = await q.query(
    `SELECT * FROM sandbox_gateway.disputes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [Number(id)],
  );
  return rows[0] === undefined ? undefined : row(rows[0] as Record<string, unknown>);
}

async function updateDispute(
  q: Queryable,
  id: number,
  patch: Partial<Omit<DisputeRow, 'id'>>,
): Promise<DisputeRow> {
  const keys = Object.keys(patch);
  const sets = keys.map((key, i) => `${key} = $${i + 2}`).join(', ');
  const values = keys.map((key) => {
    const value = (patch as Record<string, unknown>)[key];
    return key === 'evidence' && value !== null ? JSON.stringify(value) : value;
  });
  const { rows } = await q.query(
    `UPDATE sandbox_gateway.disputes SET ${sets} WHERE id = $1 RETURNING *`,
    [id, ...values],
  );
  return row(rows[0] as Record<string, unknown>);
}

async function disputeView(q: Queryable, dispute: DisputeRow) {
  const transaction = await getTransactionById(q, dispute.transaction_id);
  if (transaction === undefined) throw new SandboxError(404, 'Dispute not found');
  const payload = await transactionPayload(q, transaction);
  const customer = await getCustomer(q, transaction.customer_id);
  const history = [
    {
      status: 'awaiting-merchant-feedback',
      by: customer.email,
      createdAt: dispute.created_at.toISOString(),
    },
    ...(dispute.status !== 'awaiting-merchant-feedback'
      ? [{ status: dispute.status, by: 'sandbox', createdAt: dispute.updated_at.toISOString() }]
      : []),
  ];
  return {
    id: dispute.id,
    refund_amount: dispute.refund_amount,
    currency: dispute.currency,
    status: dispute.status,
    resolution: dispute.resolution,
    domain: DOMAIN,
    transaction: payload,
    transaction_reference: null,
    category: dispute.category,
    customer: customerView(customer),
    bin: null,
    last4: null,
    dueAt: dispute.due_at.toISOString(),
    resolvedAt: dispute.resolved_at?.toISOString() ?? null,
    evidence: dispute.evidence === null ? null : { id: dispute.evidence_id, ...dispute.evidence },
    attachments: dispute.uploaded_filename,
    note: dispute.merchant_message,
    history,
    messages: [
      { sender: customer.email, body: dispute.reason, createdAt: dispute.created_at.toISOString() },
      ...(dispute.merchant_message === null
        ? []
        : [
            {
              sender: 'merchant',
              body: dispute.merchant_message,
              createdAt: dispute.updated_at.toISOString(),
            },
          ]),
    ],
    created_at: dispute.created_at.toISOString(),
    updated_at: dispute.updated_at.toISOString(),
  };
}

async function announce(ctx: SandboxContext, event: string, dispute: DisputeRow): Promise<boolean> {
  const data = await disputeView(ctx.pool, dispute);
  return ctx.webhooks.send(ctx.revocationWebhookUrl ?? ctx.webhookUrl, event, data);
}

async function findByKey(q: Queryable, key: string) {
  if (/^\d{1,10}$/.test(key) && Number(key) <= MAX_ID) {
    const byId = await getTransactionById(q, Number(key));
    if (byId !== undefined) return byId;
  }
  return getTransactionByReference(q, key);
}

export function registerDisputeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: Record<string, unknown> }>('/dispute', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.query);
    const key = optionalString(fields, 'transaction');
    const status = optionalString(fields, 'status');
    const params: unknown[] = [];
    const where: string[] = [];
    if (key !== undefined) {
      const transaction = await findByKey(ctx.pool, key);
      if (transaction === undefined) return ok('Disputes retrieved', []);
      params.push(transaction.id);
      where.push(`transaction_id = $${params.length}`);
    }
    if (status !== undefined) {
      params.push(status);
      where.push(`status = $${params.length}`);
    }
    const { rows } = await ctx.pool.query(
      `SELECT * FROM sandbox_gateway.disputes ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY id DESC LIMIT 100`,
      params,
    );
    const views = [];
    for (const raw of rows) {
      views.push(await disputeView(ctx.pool, row(raw as Record<string, unknown>)));
    }
    return ok('Disputes retrieved', views);
  });

  app.get<{ Params: { id: string } }>('/dispute/:id', API_ROUTE, async (request) => {
    const dispute = await getDispute(ctx.pool, request.params.id);
    if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
    return ok('Dispute retrieved', await disputeView(ctx.pool, dispute));
  });

  app.post<{ Params: { id: string } }>('/dispute/:id/evidence', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const evidence = {
      customer_email: requiredString(fields, 'customer_email', 'customer_email is required'),
      customer_name: requiredString(fields, 'customer_name', 'customer_name is required'),
      customer_phone: requiredString(fields, 'customer_phone', 'customer_phone is required'),
      service_details: requiredString(fields, 'service_details', 'service_details is required'),
      delivery_address: optionalString(fields, 'delivery_address') ?? null,
      delivery_date: optionalString(fields, 'delivery_date') ?? null,
    };
    const updated = await inDbTransaction(ctx.pool, async (db) => {
      const dispute = await getDispute(db, request.params.id, true);
      if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
      if (dispute.status === 'resolved') throw validationError('Dispute has already been resolved');
      return updateDispute(db, dispute.id, {
        evidence,
        evidence_id: dispute.evidence_id ?? 200_000 + dispute.id,
        updated_at: ctx.clock.now(),
      });
    });
    return ok('Evidence created', {
      id: updated.evidence_id,
      dispute: updated.id,
      ...evidence,
      createdAt: updated.updated_at.toISOString(),
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/dispute/:id/upload_url',
    API_ROUTE,
    async (request) => {
      const name = optionalString(fieldsOf(request.query), 'upload_filename');
      if (name === undefined) throw missingParams('upload_filename is required');
      const dispute = await getDispute(ctx.pool, request.params.id);
      if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
      const fileName = randomBytes(10).toString('hex');
      await ctx.pool.query(
        `INSERT INTO sandbox_gateway.dispute_uploads (file_name, dispute_id, created_at)
         VALUES ($1, $2, $3)`,
        [fileName, dispute.id, ctx.clock.now()],
      );
      return ok('Upload url generated', {
        signedUrl: `${ctx.publicBaseUrl()}/_sandbox/uploads/${fileName}?X-Sandbox-Expires=1800`,
        fileName,
      });
    },
  );

  // The storage behind the signed URL: no key (the URL is the permission), any content type.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.put<{ Params: { name: string } }>(
      '/_sandbox/uploads/:name',
      PAGE_ROUTE,
      async (request, reply) => {
        const body = request.body;
        const size = Buffer.isBuffer(body) ? body.length : JSON.stringify(body ?? '').length;
        const { rowCount } = await ctx.pool.query(
          `UPDATE sandbox_gateway.dispute_uploads
            SET uploaded_at = $2, size_bytes = $3, content_type = $4
          WHERE file_name = $1`,
          [request.params.name, ctx.clock.now(), size, request.headers['content-type'] ?? null],
        );
        if (rowCount === 0) return reply.code(403).send('SignatureDoesNotMatch');
        return reply.code(200).send('');
      },
    );
  });

  app.put<{ Params: { id: string } }>('/dispute/:id/resolve', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const resolution = requiredString(fields, 'resolution', 'resolution is required');
    if (resolution !== 'merchant-accepted' && resolution !== 'declined') {
      throw validationError('resolution must be merchant-accepted or declined');
    }
    const message = requiredString(fields, 'message', 'message is required');
    // Required, and 0 is an amount here (a declined dispute refunds nothing).
    const rawRefund = fields.refund_amount;
    if (rawRefund === undefined || rawRefund === null || rawRefund === '') {
      throw missingParams('refund_amount is required');
    }
    const refundAmount =
      typeof rawRefund === 'number' || (typeof rawRefund === 'string' && /^\d+$/.test(rawRefund))
        ? Number(rawRefund)
        : Number.NaN;
    if (!Number.isSafeInteger(refundAmount) || refundAmount < 0) {
      throw validationError('Invalid Amount Sent');
    }
    const uploaded = requiredString(fields, 'uploaded_filename', 'uploaded_filename is required');
    const now = ctx.clock.now();
    const updated = await inDbTransaction(ctx.pool, async (db) => {
      const dispute = await getDispute(db, request.params.id, true);
      if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
      if (dispute.status !== 'awaiting-merchant-feedback') {
        throw validationError('Dispute is not awaiting merchant feedback');
      }
      const { rows } = await db.query(
        `SELECT 1 FROM sandbox_gateway.dispute_uploads
          WHERE file_name = $1 AND dispute_id = $2 AND uploaded_at IS NOT NULL`,
        [uploaded, dispute.id],
      );
      if (rows.length === 0) throw validationError('uploaded_filename names no uploaded file');
      if (refundAmount > dispute.refund_amount) {
        throw validationError('Refund amount cannot be greater than initial amount');
      }
      return updateDispute(db, dispute.id, {
        uploaded_filename: uploaded,
        merchant_message: message,
        updated_at: now,
        ...(resolution === 'merchant-accepted'
          ? {
              status: 'resolved',
              resolution,
              refund_amount: refundAmount,
              resolved_at: now,
            }
          : { status: 'awaiting-bank-feedback' }),
      });
    });
    if (updated.status === 'resolved') await announce(ctx, 'charge.dispute.resolve', updated);
    return ok('Dispute successfully resolved', await disputeView(ctx.pool, updated));
  });

  // --- controls: the customer's bank ---

  app.post('/_sandbox/disputes', CONTROL_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const key = requiredString(fields, 'transaction', 'transaction (reference or id) is required');
    const transaction = await findByKey(ctx.pool, key);
    if (transaction === undefined) throw new SandboxError(404, 'Transaction not found');
    if (transaction.status !== 'success') {
      throw validationError(`Cannot dispute a transaction that is ${transaction.status}`);
    }
    // One chargeback per payment, as a bank opens it: a second would take the money back twice.
    const earlier = await ctx.pool.query(
      'SELECT 1 FROM sandbox_gateway.disputes WHERE transaction_id = $1 LIMIT 1',
      [transaction.id],
    );
    if ((earlier.rowCount ?? 0) > 0) {
      throw validationError('This transaction has been disputed already');
    }
    const amount = optionalAmount(fields, 'amount') ?? transaction.amount;
    if (amount > transaction.amount) throw validationError('amount is more than the payment');
    const now = ctx.clock.now();
    const { rows } = await ctx.pool.query(
      `INSERT INTO sandbox_gateway.disputes
         (transaction_id, refund_amount, currency, status, category, reason, due_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'awaiting-merchant-feedback', 'chargeback', $4, $5, $6, $6) RETURNING *`,
      [
        transaction.id,
        amount,
        transaction.currency,
        optionalString(fields, 'reason') ?? 'Customer complained about debit without value',
        new Date(now.getTime() + ANSWER_WINDOW_MS),
        now,
      ],
    );
    const dispute = row(rows[0] as Record<string, unknown>);
    const delivered = await announce(ctx, 'charge.dispute.create', dispute);
    return ok('Dispute opened', { id: dispute.id, delivered });
  });

  app.post<{ Params: { id: string } }>(
    '/_sandbox/disputes/:id/remind',
    CONTROL_ROUTE,
    async (request) => {
      const dispute = await getDispute(ctx.pool, request.params.id);
      if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
      if (dispute.status !== 'awaiting-merchant-feedback') {
        throw validationError('Only a dispute awaiting merchant feedback is reminded');
      }
      const delivered = await announce(ctx, 'charge.dispute.remind', dispute);
      return ok('Reminder sent', { id: dispute.id, delivered });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/_sandbox/disputes/:id/resolve',
    CONTROL_ROUTE,
    async (request) => {
      const fields = fieldsOf(request.body);
      const outcome = fields.outcome;
      if (outcome !== 'won' && outcome !== 'lost') {
        throw validationError('outcome must be won or lost');
      }
      const now = ctx.clock.now();
      const updated = await inDbTransaction(ctx.pool, async (db) => {
        const dispute = await getDispute(db, request.params.id, true);
        if (dispute === undefined) throw new SandboxError(404, 'Dispute not found');
        if (dispute.status === 'resolved') {
          throw validationError('Dispute has already been resolved');
        }
        const refundAmount = optionalAmount(fields, 'refund_amount') ?? dispute.refund_amount;
        return updateDispute(db, dispute.id, {
          status: 'resolved',
          resolution: outcome === 'won' ? 'declined' : 'auto-accepted',
          refund_amount: Math.min(refundAmount, dispute.refund_amount),
          resolved_at: now,
          updated_at: now,
        });
      });
      const delivered = await announce(ctx, 'charge.dispute.resolve', updated);
      return ok('Dispute resolved', { id: updated.id, resolution: updated.resolution, delivered });
    },
  );
}
