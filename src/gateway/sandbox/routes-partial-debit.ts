import type { FastifyInstance } from 'fastify';

import { announceCharge, transactionPayload } from './charges.ts';
import type { SandboxContext } from './context.ts';
import { inDbTransaction, type Queryable, randomCode, withUniqueReference } from './db.ts';
import { duplicateTransactionReference, ok, SandboxError, validationError } from './errors.ts';
import {
  currencyOf,
  fieldsOf,
  optionalAmount,
  optionalMetadata,
  optionalTransactionReference,
  requiredAmount,
  requiredEmail,
  requiredString,
} from './input.ts';
import { API_ROUTE } from './routing.ts';
import {
  getAuthorization,
  getCustomer,
  insertTransaction,
  lockBalance,
  setRequestedAmount,
  spendBalance,
  updateTransaction,
} from './store.ts';
import {
  type BehaviourOutcome,
  cardOutcome,
  limitedFundsCharge,
  partialDebitBrand,
} from './test-data.ts';

/**
 * `POST /transaction/partial_debit` (fact sheet §17): charge a saved card for `amount`, or for
 * what the account holds when that is less, but never below `at_least`. The answer is a
 * charge_authorization answer plus `requested_amount`; a partial debit is a success whose
 * `amount` is below `requested_amount`, announced with `charge.success` like any payment.
 *
 * Where Paystack's documents are silent the sandbox chooses (README "Partial debits"): below
 * `at_least` it fails "Insufficient Funds" and takes nothing; a Visa card or a bank mandate is
 * refused with a 400, because Paystack offers partial debits on Mastercard and Verve only.
 */

/** A limited-funds card's charge: takes from its balance (locked in the caller's transaction). */
export async function limitedFundsOutcome(
  db: Queryable,
  authorizationCode: string,
  amountKobo: number,
  partial: { atLeastKobo: number | undefined } | null = null,
): Promise<BehaviourOutcome & { chargedKobo: number }> {
  const balance = (await lockBalance(db, authorizationCode)) ?? Number.MAX_SAFE_INTEGER;
  const outcome = limitedFundsCharge(balance, amountKobo, partial);
  if (outcome.status === 'failed') {
    return { status: 'failed', gatewayResponse: outcome.gatewayResponse, chargedKobo: 0 };
  }
  await spendBalance(db, authorizationCode, outcome.chargedKobo);
  return { status: 'success', gatewayResponse: 'Approved', chargedKobo: outcome.chargedKobo };
}

function notAvailable(): SandboxError {
  return new SandboxError(400, 'Partial debit is not available for this authorization', {
    type: 'validation_error',
    code: 'invalid_params',
  });
}

export function registerPartialDebitRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/transaction/partial_debit', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email Address is required');
    const amount = requiredAmount(fields);
    const code = requiredString(fields, 'authorization_code', 'Authorization code is required');
    requiredString(fields, 'currency', 'Currency is required');
    const currency = currencyOf(fields);
    // O8 types `at_least` as a string; the sandbox takes a digit string or an integer.
    const atLeast = optionalAmount(fields, 'at_least');
    if (atLeast !== undefined && atLeast > amount) {
      throw validationError('at_least cannot be more than amount');
    }
    const reference = optionalTransactionReference(fields) ?? randomCode(10);
    const metadata = optionalMetadata(fields);
    const now = ctx.clock.now();

    const authorization = await getAuthorization(ctx.pool, code);
    if (authorization === undefined || !authorization.active) {
      throw new SandboxError(400, 'Authorization code does not exist or has been deactivated', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    }
    if (authorization.channel !== 'card' || !partialDebitBrand(authorization.brand)) {
      throw notAvailable();
    }
    const customer = await getCustomer(ctx.pool, authorization.customer_id);
    if (customer.email.toLowerCase() !== email.toLowerCase()) {
      throw new SandboxError(400, 'Email does not match Authorization code. Please confirm', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    }

    const transaction = await withUniqueReference(
      'transactions',
      () =>
        inDbTransaction(ctx.pool, async (db) => {
          const outcome =
            authorization.behaviour === 'limited_funds'
              ? await limitedFundsOutcome(db, code, amount, { atLeastKobo: atLeast })
              : { ...cardOutcome(authorization.behaviour), chargedKobo: amount };
          const charged = outcome.status === 'success' ? outcome.chargedKobo : amount;
          const created = await insertTransaction(db, {
            reference,
            access_code: null,
            customer_id: customer.id,
            amount: charged,
            currency,
            channel: 'card',
            status: 'processing',
            gateway_response: 'Transaction in progress',
            callback_url: null,
            metadata,
            authorization_code: authorization.authorization_code,
            ip_address: request.ip,
            created_at: now,
          });
          await setRequestedAmount(db, created.id, amount);
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
    const payload = await transactionPayload(ctx.pool, transaction);
    void announceCharge(ctx, payload);
    return ok('Charge attempted', payload);
  });
}
