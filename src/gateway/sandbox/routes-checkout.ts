import type { FastifyInstance, FastifyReply } from 'fastify';

import { advanceCardFlow, type CardFlowState, type CardInput } from './card-flow.ts';
import {
  announceCharge,
  cardAuthorization,
  finishTransaction,
  transactionPayload,
} from './charges.ts';
import type { SandboxContext } from './context.ts';
import { inDbTransaction, type Queryable } from './db.ts';
import { fieldsOf, isRecord, optionalString } from './input.ts';
import { cardFormPage, cardStepPage, type PaymentSummary, resultPage, sendPage } from './pages.ts';
import { PAGE_ROUTE } from './routing.ts';
import {
  getCustomer,
  getTransactionByAccessCode,
  type TransactionRow,
  updateTransaction,
} from './store.ts';

/**
 * The hosted card checkout at `authorization_url` (`/checkout/<access_code>`). Browsers walk it
 * one form at a time; scripts POST every field at once (see README.md):
 *
 *   POST /checkout/<access_code>  (application/x-www-form-urlencoded)
 *     card_number, expiry (MM/YY), cvv, pin?, phone?, otp?, decision? (approve|decline)
 *
 * A finished payment answers 303 to `callback_url?reference=<ref>&trxref=<ref>` (or shows a
 * result page when the transaction has no callback URL). A missing step value answers 200 with
 * that step's form; a card-form mistake answers 422 with the form and the error.
 */

export function callbackRedirectUrl(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

function cardFlowOf(transaction: TransactionRow): CardFlowState | null {
  return transaction.flow?.kind === 'card' ? transaction.flow : null;
}

function cardInputOf(body: unknown): CardInput {
  const fields = fieldsOf(body);
  const input: CardInput = {};
  const names = {
    cardNumber: 'card_number',
    expiry: 'expiry',
    cvv: 'cvv',
    pin: 'pin',
    otp: 'otp',
    phone: 'phone',
    decision: 'decision',
  } as const;
  for (const [key, field] of Object.entries(names) as [keyof CardInput, string][]) {
    const value = optionalString(fields, field);
    if (value !== undefined) input[key] = value;
  }
  return input;
}

function cancelUrlOf(transaction: TransactionRow): string | undefined {
  const cancel = isRecord(transaction.metadata) ? transaction.metadata.cancel_action : undefined;
  return typeof cancel === 'string' ? cancel : undefined;
}

function finishedPage(reply: FastifyReply, transaction: TransactionRow, statusCode: number) {
  const success = transaction.status === 'success';
  return sendPage(
    reply,
    statusCode,
    resultPage({
      title: success ? 'Payment successful' : 'Payment not completed',
      message: success
        ? `Reference ${transaction.reference} was paid.`
        : `Reference ${transaction.reference}: ${transaction.gateway_response}.`,
      success,
      ...(transaction.callback_url !== null && {
        continueUrl: callbackRedirectUrl(transaction.callback_url, transaction.reference),
      }),
    }),
  );
}

function notFoundPage(reply: FastifyReply) {
  return sendPage(
    reply,
    404,
    resultPage({
      title: 'Payment not found',
      message: 'This checkout link is not valid.',
      success: false,
    }),
  );
}

type Submission =
  | { kind: 'not_found' }
  | { kind: 'already_finished'; transaction: TransactionRow }
  | { kind: 'form_error'; transaction: TransactionRow; message: string }
  | { kind: 'step'; transaction: TransactionRow; step: CardFlowState['completed'][number] }
  | { kind: 'finished'; transaction: TransactionRow };

async function paymentOf(
  ctx: SandboxContext,
  transaction: TransactionRow,
): Promise<PaymentSummary> {
  const customer = await getCustomer(ctx.pool, transaction.customer_id);
  return { amountKobo: transaction.amount, email: customer.email };
}

function checkoutPageRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { access_code: string } }>(
    '/checkout/:access_code',
    PAGE_ROUTE,
    async (request, reply) => {
      const transaction = await getTransactionByAccessCode(ctx.pool, request.params.access_code);
      if (transaction === undefined) return notFoundPage(reply);
      if (transaction.status !== 'abandoned') return finishedPage(reply, transaction, 200);
      const action = request.url;
      const payment = await paymentOf(ctx, transaction);
      // Reloading mid-way shows the step the payment is waiting for.
      const flow = cardFlowOf(transaction);
      if (flow !== null) {
        const next = advanceCardFlow(flow, {}, ctx.clock.now());
        if (next.kind === 'next_step') {
          return sendPage(reply, 200, cardStepPage({ action, payment, step: next.step }));
        }
      }
      const cancelUrl = cancelUrlOf(transaction);
      return sendPage(
        reply,
        200,
        cardFormPage({ action, payment, ...(cancelUrl !== undefined && { cancelUrl }) }),
      );
    },
  );
}

/** Runs inside the caller's database transaction, which keeps the row lock until it commits. */
async function recordSubmission(
  db: Queryable,
  accessCode: string,
  input: CardInput,
  now: Date,
): Promise<Submission> {
  const transaction = await getTransactionByAccessCode(db, accessCode, { lock: true });
  if (transaction === undefined) return { kind: 'not_found' };
  if (transaction.status !== 'abandoned') return { kind: 'already_finished', transaction };
  const result = advanceCardFlow(cardFlowOf(transaction), input, now);
  switch (result.kind) {
    case 'form_error':
      return { kind: 'form_error', transaction, message: result.message };
    case 'next_step': {
      const updated = await updateTransaction(db, transaction.id, { flow: result.state }, now);
      return { kind: 'step', transaction: updated, step: result.step };
    }
    case 'finished': {
      const finished = await finishTransaction(
        db,
        transaction,
        {
          status: result.status,
          gatewayResponse: result.gatewayResponse,
          message: result.status === 'failed' ? result.gatewayResponse : null,
          ...(result.authorized && {
            authorization: cardAuthorization(
              transaction.customer_id,
              result.card,
              result.state,
              now,
            ),
          }),
        },
        now,
      );
      return { kind: 'finished', transaction: finished };
    }
  }
}

/** Runs after the database transaction commits: the webhook payload is read through the pool. */
async function answerSubmission(
  ctx: SandboxContext,
  reply: FastifyReply,
  action: string,
  submission: Submission,
) {
  switch (submission.kind) {
    case 'not_found':
      return notFoundPage(reply);
    case 'already_finished':
      return finishedPage(reply, submission.transaction, 409);
    case 'form_error': {
      const cancelUrl = cancelUrlOf(submission.transaction);
      return sendPage(
        reply,
        422,
        cardFormPage({
          action,
          payment: await paymentOf(ctx, submission.transaction),
          error: submission.message,
          ...(cancelUrl !== undefined && { cancelUrl }),
        }),
      );
    }
    case 'step':
      return sendPage(
        reply,
        200,
        cardStepPage({
          action,
          payment: await paymentOf(ctx, submission.transaction),
          step: submission.step,
        }),
      );
    case 'finished': {
      const { transaction } = submission;
      void announceCharge(ctx, await transactionPayload(ctx.pool, transaction));
      if (transaction.callback_url === null) return finishedPage(reply, transaction, 200);
      return reply
        .code(303)
        .header('location', callbackRedirectUrl(transaction.callback_url, transaction.reference))
        .send();
    }
  }
}

function checkoutSubmitRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { access_code: string } }>(
    '/checkout/:access_code',
    PAGE_ROUTE,
    async (request, reply) => {
      const input = cardInputOf(request.body);
      const now = ctx.clock.now();
      const submission = await inDbTransaction(ctx.pool, (db) =>
        recordSubmission(db, request.params.access_code, input, now),
      );
      return answerSubmission(ctx, reply, request.url, submission);
    },
  );
}

export function registerCheckoutRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  checkoutPageRoute(app, ctx);
  checkoutSubmitRoute(app, ctx);
}
