import type { AppContext } from '../../app-context.ts';
import type { DisputeRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { type DisputeEvidence, GatewayError } from '../../gateway/port.ts';
import { inMode, type ModeScope } from '../access/index.ts';
import { applyGatewayDispute } from './disputes.ts';
import { type DisputeView, disputeView } from './view.ts';

/**
 * The merchant's answer to a dispute, through the gateway's Disputes API (gateway-protocol.md
 * §21): evidence, one file of proof, then accept (the customer keeps the money) or decline (the
 * bank decides). Only while the dispute `needs_response` and before its `due_at`. Each gateway
 * call happens outside any transaction; what it answered is then recorded.
 */

export async function listDisputes(
  ctx: AppContext,
  scope: ModeScope,
  filter: { status?: DisputeRow['status'] },
): Promise<DisputeView[]> {
  let query = ctx.db
    .selectFrom('disputes')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return (await query.execute()).map(disputeView);
}

async function loadDispute(ctx: AppContext, scope: ModeScope, id: string): Promise<DisputeRow> {
  const row = await ctx.db
    .selectFrom('disputes')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
  if (row === undefined || !inMode(scope, row.livemode)) throw notFound('Dispute');
  return row;
}

export async function getDispute(
  ctx: AppContext,
  scope: ModeScope,
  id: string,
): Promise<DisputeView> {
  return disputeView(await loadDispute(ctx, scope, id));
}

function assertAnswerable(ctx: AppContext, row: DisputeRow): void {
  if (row.status !== 'needs_response') {
    throw new DomainError(
      'conflict',
      row.status === 'under_review'
        ? 'You have answered this dispute; the bank is deciding.'
        : `This dispute is ${row.status}: it can no longer be answered.`,
    );
  }
  if (row.due_at !== null && ctx.clock.now().getTime() > row.due_at.getTime()) {
    throw new DomainError('conflict', 'The deadline to answer this dispute has passed.');
  }
}

function gatewayTrouble(error: unknown): never {
  if (error instanceof GatewayError) {
    if (error.kind === 'rejected' || error.kind === 'not_found') {
      throw new DomainError('conflict', `The payment gateway refused: ${error.message}`);
    }
    throw new DomainError(
      'gateway_unavailable',
      'The payment gateway did not answer. Try again in a moment.',
      { retryable: true },
    );
  }
  throw error;
}

export async function addEvidence(
  ctx: AppContext,
  scope: ModeScope,
  id: string,
  evidence: DisputeEvidence,
): Promise<DisputeView> {
  const row = await loadDispute(ctx, scope, id);
  assertAnswerable(ctx, row);
  const { evidenceId } = await ctx.gateway
    .addDisputeEvidence(row.gateway_dispute_id, evidence)
    .catch(gatewayTrouble);
  const updated = await ctx.db
    .updateTable('disputes')
    .set({
      evidence: {
        customer_email: evidence.customerEmail,
        customer_name: evidence.customerName,
        customer_phone: evidence.customerPhone,
        service_details: evidence.serviceDetails,
        ...(evidence.deliveryAddress !== undefined && {
          delivery_address: evidence.deliveryAddress,
        }),
        ...(evidence.deliveryDate !== undefined && { delivery_date: evidence.deliveryDate }),
        // The gateway's id of it, named again when the dispute is resolved (fraud claims).
        ...(evidenceId !== null && { gateway_evidence_id: evidenceId }),
      },
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return disputeView(updated);
}

/** What the gateway's storage takes; anything else is refused before it is sent. */
export const DISPUTE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DISPUTE_FILE_MAX_BYTES = 2 * 1024 * 1024;

export async function uploadFile(
  ctx: AppContext,
  scope: ModeScope,
  id: string,
  file: { filename: string; contentType: string; contentBase64: string },
): Promise<DisputeView> {
  const row = await loadDispute(ctx, scope, id);
  assertAnswerable(ctx, row);
  if (!(DISPUTE_FILE_TYPES as readonly string[]).includes(file.contentType)) {
    throw new DomainError('invalid_request', 'The file must be a PDF, PNG or JPEG.');
  }
  const bytes = Buffer.from(file.contentBase64, 'base64');
  if (bytes.length === 0 || bytes.length > DISPUTE_FILE_MAX_BYTES) {
    throw new DomainError('invalid_request', 'The file must hold between 1 byte and 2 MB.');
  }
  const { uploadedFilename } = await ctx.gateway
    .uploadDisputeFile(row.gateway_dispute_id, {
      filename: file.filename,
      contentType: file.contentType,
      bytes,
    })
    .catch(gatewayTrouble);
  const updated = await ctx.db
    .updateTable('disputes')
    .set({ uploaded_filename: uploadedFilename, updated_at: ctx.clock.now() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return disputeView(updated);
}

/**
 * Accept (the customer keeps `amount`, or the part given) or decline (contest: the bank
 * decides). The gateway requires a file of proof either way. Whatever the gateway answers is
 * applied like its webhook would be (a resolution books the money at once; its webhook then
 * changes nothing).
 */
export async function answerDispute(
  ctx: AppContext,
  scope: ModeScope,
  id: string,
  answer: { decision: 'accepted' | 'declined'; message: string; refundAmountKobo?: number },
): Promise<DisputeView> {
  const row = await loadDispute(ctx, scope, id);
  assertAnswerable(ctx, row);
  if (row.uploaded_filename === null) {
    throw new DomainError('conflict', 'Upload a file of proof first: the gateway requires one.');
  }
  const amount = row.amount_kobo;
  const refundAmountKobo = answer.decision === 'declined' ? 0 : (answer.refundAmountKobo ?? amount);
  if (refundAmountKobo > amount) {
    throw new DomainError(
      'invalid_request',
      'refund_amount cannot be more than the disputed amount.',
    );
  }
  const resolved = await ctx.gateway
    .resolveDispute(row.gateway_dispute_id, {
      resolution: answer.decision === 'accepted' ? 'merchant-accepted' : 'declined',
      message: answer.message,
      refundAmountKobo,
      uploadedFilename: row.uploaded_filename,
      evidenceId: row.evidence?.gateway_evidence_id ?? null,
    })
    .catch(gatewayTrouble);
  const now = ctx.clock.now();
  const updated = await runWrite(ctx.db, async (tx) => {
    await tx
      .updateTable('disputes')
      .set({
        merchant_decision: answer.decision,
        merchant_message: answer.message,
        answered_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    // Declined: the gateway now waits for the bank. Its answer may still read
    // `awaiting-merchant-feedback` for a moment; the merchant has answered all the same.
    await applyGatewayDispute(
      tx,
      answer.decision === 'declined' && resolved.status === 'awaiting-merchant-feedback'
        ? { ...resolved, status: 'awaiting-bank-feedback' }
        : resolved,
      now,
      { reminder: false },
    );
    return tx.selectFrom('disputes').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
  return disputeView(updated);
}
