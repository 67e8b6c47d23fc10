import type { FastifyInstance } from 'fastify';

import {
  type BankFlowResult,
  type BankFlowState,
  type BankSubmission,
  decideBankCharge,
  displayText,
  startBankCharge,
  submitToBankCharge,
} from './bank-flow.ts';
import {
  announceCharge,
  bankAuthorization,
  finishTransaction,
  transactionPayload,
} from './charges.ts';
import { type SandboxContext, settleTime } from './context.ts';
import { inDbTransaction, type Queryable, randomCode, withUniqueReference } from './db.ts';
import { duplicateTransactionReference, ok, SandboxError, validationError } from './errors.ts';
import {
  currencyOf,
  type Fields,
  fieldsOf,
  isRecord,
  optionalMetadata,
  optionalString,
  optionalTransactionReference,
  requiredAmount,
  requiredEmail,
  requiredString,
} from './input.ts';
import { bankAuthorizePage, resultPage, sendPage } from './pages.ts';
import { API_ROUTE, PAGE_ROUTE } from './routing.ts';
import {
  getCustomer,
  getTransactionByReference,
  insertTransaction,
  type TransactionRow,
  updateTransaction,
  upsertCustomer,
} from './store.ts';
import { findBank } from './test-data.ts';

/**
 * Pay with bank (fact sheet §5): POST /charge with `bank: {code, account_number}`, then the
 * submit_* follow-ups the answer asks for, GET /charge/:reference to check, and the bank-auth
 * page for `open_url`. The test accounts and their steps are in test-data.ts and README.md.
 */

function bankFlowOf(transaction: TransactionRow): BankFlowState | null {
  return transaction.flow?.kind === 'bank' ? transaction.flow : null;
}

function isFinal(transaction: TransactionRow): boolean {
  return ['success', 'failed', 'reversed'].includes(transaction.status);
}

/**
 * Interim answers carry only the next step; final ones the whole transaction. A call that moved
 * the charge (`announce`) also queues `charge.success` when it succeeded.
 */
async function chargeData(
  ctx: SandboxContext,
  transaction: TransactionRow,
  options: { announce: boolean },
) {
  if (isFinal(transaction)) {
    const payload = await transactionPayload(ctx.pool, transaction);
    if (options.announce) void announceCharge(ctx, payload);
    return payload;
  }
  const flow = bankFlowOf(transaction);
  if (flow === null) return { reference: transaction.reference, status: transaction.status };
  const text = displayText(flow);
  return {
    reference: transaction.reference,
    status: flow.next,
    ...(text !== undefined && { display_text: text }),
    ...(flow.next === 'open_url' && {
      url: `${ctx.publicBaseUrl()}/bank-auth/${encodeURIComponent(transaction.reference)}`,
    }),
  };
}

/** Records what a step of the bank flow led to; the caller holds the row lock. */
async function applyBankResult(
  db: Queryable,
  ctx: SandboxContext,
  transaction: TransactionRow,
  account: { bankCode: string; accountNumber: string },
  result: BankFlowResult,
  now: Date,
): Promise<TransactionRow> {
  if (result.kind === 'interim') {
    const pending = result.state.next === 'pending';
    return updateTransaction(
      db,
      transaction.id,
      {
        flow: result.state,
        status: pending ? 'pending' : 'ongoing',
        gateway_response: pending ? 'Transaction is pending' : 'Transaction ongoing',
        ...(pending && {
          settle_at: settleTime(ctx),
          settle_status: 'success' as const,
          settle_gateway_response: 'Approved',
        }),
      },
      now,
    );
  }
  return finishTransaction(
    db,
    transaction,
    {
      status: result.status,
      gatewayResponse: result.gatewayResponse,
      message: result.status === 'success' ? 'madePayment' : result.gatewayResponse,
      ...(result.status === 'success' && {
        authorization: bankAuthorization(
          transaction.customer_id,
          account.bankCode,
          account.accountNumber,
          now,
        ),
      }),
    },
    now,
  );
}

function bankDetails(fields: Fields): { bankCode: string; accountNumber: string } {
  const bank = fields.bank;
  if (!isRecord(bank)) {
    const otherChannel = [
      'authorization_code',
      'ussd',
      'mobile_money',
      'qr',
      'eft',
      'bank_transfer',
    ].find((name) => fields[name] !== undefined);
    if (otherChannel !== undefined) {
      throw validationError(
        `The sandbox supports only the bank channel on /charge, not ${otherChannel}`,
      );
    }
    throw new SandboxError(400, 'Bank details are required', {
      type: 'validation_error',
      code: 'missing_params',
    });
  }
  const bankCode = requiredString(bank, 'code', 'Bank code is required');
  const accountNumber = requiredString(bank, 'account_number', 'Account number is required');
  if (findBank(bankCode)?.directDebit !== true) {
    throw validationError('Bank not supported for direct debit', 'unsupported_bank');
  }
  if (!/^\d{10}$/.test(accountNumber)) {
    throw new SandboxError(400, 'Account number must be 10 digits', {
      type: 'validation_error',
      code: 'invalid_params',
    });
  }
  return { bankCode, accountNumber };
}

function optionalBirthday(fields: Fields, name = 'birthday'): string | undefined {
  const birthday = optionalString(fields, name);
  if (birthday !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) {
    throw validationError('Birthday must be in the format YYYY-MM-DD');
  }
  return birthday;
}

function invalidReference(): SandboxError {
  return new SandboxError(400, 'Transaction reference is invalid', {
    type: 'validation_error',
    code: 'invalid_params',
  });
}

const SUBMISSIONS: Record<BankSubmission, { path: string; field: string; label: string }> = {
  pin: { path: '/charge/submit_pin', field: 'pin', label: 'PIN' },
  otp: { path: '/charge/submit_otp', field: 'otp', label: 'OTP' },
  birthday: { path: '/charge/submit_birthday', field: 'birthday', label: 'Birthday' },
  phone: { path: '/charge/submit_phone', field: 'phone', label: 'Phone' },
};

function chargeRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/charge', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email address is required for association with card');
    const amount = requiredAmount(fields);
    const currency = currencyOf(fields);
    const { bankCode, accountNumber } = bankDetails(fields);
    const birthday = optionalBirthday(fields);
    const reference = optionalTransactionReference(fields) ?? randomCode(10);
    const metadata = optionalMetadata(fields);
    const now = ctx.clock.now();
    const transaction = await withUniqueReference(
      'transactions',
      () =>
        inDbTransaction(ctx.pool, async (db) => {
          const customer = await upsertCustomer(db, email, now);
          const created = await insertTransaction(db, {
            reference,
            access_code: null,
            customer_id: customer.id,
            amount,
            currency,
            channel: 'bank',
            status: 'ongoing',
            gateway_response: 'Transaction ongoing',
            callback_url: null,
            metadata,
            authorization_code: null,
            ip_address: request.ip,
            created_at: now,
          });
          const result = startBankCharge(bankCode, accountNumber, birthday);
          return applyBankResult(db, ctx, created, { bankCode, accountNumber }, result, now);
        }),
      duplicateTransactionReference,
    );
    if (transaction.settle_at !== null) ctx.scheduleSettlement(transaction.settle_at);
    return ok('Charge attempted', await chargeData(ctx, transaction, { announce: true }));
  });
}

function chargeSubmissionRoute(
  app: FastifyInstance,
  ctx: SandboxContext,
  submission: BankSubmission,
  spec: (typeof SUBMISSIONS)[BankSubmission],
): void {
  app.post(spec.path, API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const reference = requiredString(fields, 'reference', 'Transaction reference is required');
    const value =
      submission === 'birthday' ? optionalBirthday(fields) : optionalString(fields, spec.field);
    if (value === undefined) {
      throw new SandboxError(400, `${spec.label} is required`, {
        type: 'validation_error',
        code: 'missing_params',
      });
    }
    const now = ctx.clock.now();
    const transaction = await inDbTransaction(ctx.pool, async (db) => {
      const current = await getTransactionByReference(db, reference, { lock: true });
      if (current === undefined) throw invalidReference();
      const flow = bankFlowOf(current);
      if (flow === null || isFinal(current)) {
        throw validationError(`This charge is not waiting for input (status: ${current.status})`);
      }
      const result = submitToBankCharge(flow, submission, value);
      if (result === null) {
        throw validationError(
          `This charge is not waiting for a ${spec.label.toLowerCase()} (status: ${flow.next})`,
        );
      }
      return applyBankResult(db, ctx, current, flow, result, now);
    });
    return ok('Charge attempted', await chargeData(ctx, transaction, { announce: true }));
  });
}

function chargeStatusRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { reference: string } }>('/charge/:reference', API_ROUTE, async (request) => {
    const transaction = await getTransactionByReference(ctx.pool, request.params.reference);
    if (transaction === undefined) throw invalidReference();
    return ok(
      'Reference check successful',
      await chargeData(ctx, transaction, { announce: false }),
    );
  });
}

/** The bank's own page for `open_url`: no API key, the customer's browser opens it. */
function bankAuthPageRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { reference: string } }>(
    '/bank-auth/:reference',
    PAGE_ROUTE,
    async (request, reply) => {
      const transaction = await getTransactionByReference(ctx.pool, request.params.reference);
      const flow = transaction === undefined ? null : bankFlowOf(transaction);
      if (transaction === undefined || flow === null || flow.next !== 'open_url') {
        return sendPage(
          reply,
          transaction === undefined ? 404 : 409,
          resultPage({
            title: 'Nothing to authorize',
            message:
              transaction === undefined
                ? 'This authorization link is not valid.'
                : `This payment is ${transaction.status}.`,
            success: false,
          }),
        );
      }
      const customer = await getCustomer(ctx.pool, transaction.customer_id);
      return sendPage(
        reply,
        200,
        bankAuthorizePage({
          action: request.url,
          payment: { amountKobo: transaction.amount, email: customer.email },
          bankName: findBank(flow.bankCode)?.name ?? 'Your bank',
        }),
      );
    },
  );
}

function bankAuthDecisionRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { reference: string } }>(
    '/bank-auth/:reference',
    PAGE_ROUTE,
    async (request, reply) => {
      const decision = optionalString(fieldsOf(request.body), 'decision');
      if (decision !== 'approve' && decision !== 'decline') {
        return sendPage(
          reply,
          400,
          resultPage({
            title: 'Choose Approve or Decline',
            message: 'Send decision=approve or decision=decline.',
            success: false,
          }),
        );
      }
      const now = ctx.clock.now();
      const transaction = await inDbTransaction(ctx.pool, async (db) => {
        const current = await getTransactionByReference(db, request.params.reference, {
          lock: true,
        });
        if (current === undefined) return undefined;
        const flow = bankFlowOf(current);
        const result = flow === null ? null : decideBankCharge(flow, decision === 'approve');
        if (flow === null || result === null) return { current, changed: false };
        return {
          current: await applyBankResult(db, ctx, current, flow, result, now),
          changed: true,
        };
      });
      if (transaction === undefined) {
        return sendPage(
          reply,
          404,
          resultPage({
            title: 'Nothing to authorize',
            message: 'This authorization link is not valid.',
            success: false,
          }),
        );
      }
      if (transaction.changed) {
        void announceCharge(ctx, await transactionPayload(ctx.pool, transaction.current));
      }
      const success = transaction.current.status === 'success';
      return sendPage(
        reply,
        transaction.changed ? 200 : 409,
        resultPage({
          title: success ? 'Payment approved' : 'Payment not approved',
          message: transaction.changed
            ? success
              ? 'Your bank approved the payment. You can return to the merchant.'
              : 'You declined the payment.'
            : `This payment is already ${transaction.current.status}.`,
          success,
        }),
      );
    },
  );
}

export function registerChargeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  chargeRoute(app, ctx);
  for (const [submission, spec] of Object.entries(SUBMISSIONS) as [
    BankSubmission,
    (typeof SUBMISSIONS)[BankSubmission],
  ][]) {
    chargeSubmissionRoute(app, ctx, submission, spec);
  }
  chargeStatusRoute(app, ctx);
  bankAuthPageRoute(app, ctx);
  bankAuthDecisionRoute(app, ctx);
}
