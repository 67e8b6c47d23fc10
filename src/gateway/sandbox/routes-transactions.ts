import type { FastifyInstance } from 'fastify';

import { announceCharge, transactionPayload } from './charges.ts';
import { type SandboxContext, settleTime } from './context.ts';
import { inDbTransaction, randomCode, withUniqueReference } from './db.ts';
import { duplicateTransactionReference, ok, SandboxError } from './errors.ts';
import {
  currencyOf,
  fieldsOf,
  optionalMetadata,
  optionalTransactionReference,
  optionalUrl,
  requiredAmount,
  requiredEmail,
  requiredString,
} from './input.ts';
import { limitedFundsOutcome } from './routes-partial-debit.ts';
import { API_ROUTE } from './routing.ts';
import {
  getAuthorization,
  getCustomer,
  getTransactionByReference,
  insertTransaction,
  type TransactionRow,
  updateAuthorization,
  updateTransaction,
  upsertCustomer,
} from './store.ts';
import { revokeMandateOf } from './store-mandates.ts';
import { cardOutcome } from './test-data.ts';

function authorizationGone(): SandboxError {
  return new SandboxError(400, 'Authorization code does not exist or has been deactivated', {
    type: 'validation_error',
    code: 'invalid_params',
  });
}

function transactionInitializeRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/transaction/initialize', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email Address is required');
    const amount = requiredAmount(fields);
    const currency = currencyOf(fields);
    const reference = optionalTransactionReference(fields) ?? randomCode(10);
    const callbackUrl = optionalUrl(fields, 'callback_url') ?? null;
    const metadata = optionalMetadata(fields);
    const accessCode = randomCode(15);
    const now = ctx.clock.now();
    await withUniqueReference(
      'transactions',
      () =>
        inDbTransaction(ctx.pool, async (db) => {
          const customer = await upsertCustomer(db, email, now);
          return insertTransaction(db, {
            reference,
            access_code: accessCode,
            customer_id: customer.id,
            amount,
            currency,
            channel: 'card',
            status: 'abandoned',
            gateway_response: 'The transaction was not completed',
            callback_url: callbackUrl,
            metadata,
            authorization_code: null,
            ip_address: request.ip,
            created_at: now,
          });
        }),
      duplicateTransactionReference,
    );
    return ok('Authorization URL created', {
      authorization_url: `${ctx.publicBaseUrl()}/checkout/${accessCode}`,
      access_code: accessCode,
      reference,
    });
  });
}

function transactionVerifyRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { reference: string } }>(
    '/transaction/verify/:reference',
    API_ROUTE,
    async (request) => {
      const transaction = await getTransactionByReference(ctx.pool, request.params.reference);
      if (transaction === undefined) throw new SandboxError(404, 'Transaction reference not found');
      return ok('Verification successful', await transactionPayload(ctx.pool, transaction));
    },
  );
}

function chargeAuthorizationRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/transaction/charge_authorization', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email Address is required');
    const amount = requiredAmount(fields);
    const code = requiredString(fields, 'authorization_code', 'Authorization code is required');
    const currency = currencyOf(fields);
    const reference = optionalTransactionReference(fields) ?? randomCode(10);
    const metadata = optionalMetadata(fields);
    const now = ctx.clock.now();

    const authorization = await getAuthorization(ctx.pool, code);
    if (authorization === undefined || !authorization.active) throw authorizationGone();
    if (!authorization.reusable) {
      throw new SandboxError(400, 'This authorization is not reusable', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    }
    const customer = await getCustomer(ctx.pool, authorization.customer_id);
    if (customer.email.toLowerCase() !== email.toLowerCase()) {
      throw new SandboxError(400, 'Email does not match Authorization code. Please confirm', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    }

    const transaction: TransactionRow = await withUniqueReference(
      'transactions',
      () =>
        inDbTransaction(ctx.pool, async (db) => {
          const created = await insertTransaction(db, {
            reference,
            access_code: null,
            customer_id: customer.id,
            amount,
            currency,
            channel: authorization.channel,
            status: 'processing',
            gateway_response: 'Transaction in progress',
            callback_url: null,
            metadata,
            authorization_code: authorization.authorization_code,
            ip_address: request.ip,
            created_at: now,
          });
          const outcome =
            authorization.behaviour === 'limited_funds'
              ? await limitedFundsOutcome(db, authorization.authorization_code, amount)
              : cardOutcome(authorization.behaviour);
          // A direct debit is asynchronous: `processing` now, settled by the scheduler.
          if (authorization.channel === 'bank') {
            return updateTransaction(
              db,
              created.id,
              {
                settle_at: settleTime(ctx),
                settle_status: outcome.status,
                settle_gateway_response: outcome.gatewayResponse,
              },
              now,
            );
          }
          return updateTransaction(
            db,
            created.id,
            {
              status: outcome.status,
              gateway_response: outcome.gatewayResponse,
              message: outcome.status === 'failed' ? outcome.gatewayResponse : null,
              paid_at: outcome.status === 'success' ? now : null,
            },
            now,
          );
        }),
      duplicateTransactionReference,
    );
    if (transaction.settle_at !== null) ctx.scheduleSettlement(transaction.settle_at);
    const payload = await transactionPayload(ctx.pool, transaction);
    void announceCharge(ctx, payload);
    return ok('Charge attempted', payload);
  });
}

function authorizationDeactivateRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/customer/authorization/deactivate', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const code = requiredString(fields, 'authorization_code', 'Authorization code is required');
    const updated = await updateAuthorization(ctx.pool, code, { active: false });
    if (updated === undefined) throw new SandboxError(404, 'Authorization code not found.');
    // A Direct Debit mandate's authorization: the mandate lists show it `revoked` from now on.
    await revokeMandateOf(ctx.pool, code, ctx.clock.now());
    return { status: true, message: 'Authorization has been deactivated' };
  });
}

export function registerTransactionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  transactionInitializeRoute(app, ctx);
  transactionVerifyRoute(app, ctx);
  chargeAuthorizationRoute(app, ctx);
  authorizationDeactivateRoute(app, ctx);
}
