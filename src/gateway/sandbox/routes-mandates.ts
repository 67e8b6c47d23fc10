import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from './context.ts';
import { inDbTransaction, type Queryable } from './db.ts';
import { missingParams, ok, SandboxError, validationError } from './errors.ts';
import { fieldsOf, isRecord, optionalString, optionalUrl, requiredEmail } from './input.ts';
import { mandateConsentPage, resultPage, sendPage } from './pages.ts';
import { API_ROUTE, PAGE_ROUTE } from './routing.ts';
import {
  type CustomerRow,
  getCustomer,
  insertAuthorization,
  updateAuthorization,
  upsertCustomer,
} from './store.ts';
import {
  getMandateByAccessCode,
  getMandateById,
  getMandateByReference,
  insertMandate,
  listMandates,
  type MandateListRow,
  type MandateRow,
  updateMandate,
} from './store-mandates.ts';
import { findBank, mandateScenario } from './test-data.ts';
import { DOMAIN, SANDBOX_INTEGRATION } from './views.ts';

/**
 * Direct Debit (fact sheet §13): initialize an authorization request, the consent page at its
 * `redirect_url`, verify, the activation charge, the mandate lists. The bank's own moves
 * (activation after a delay, a later revocation) are settled by the scheduler
 * (settlement.ts, `settleMandates`); test accounts in test-data.ts (`TEST_MANDATE_ACCOUNTS`).
 */

function activationTime(ctx: SandboxContext): Date {
  return new Date(ctx.clock.now().getTime() + ctx.mandateActivationDelayMs);
}

/** The `direct_debit.authorization.*` event data (C2): `.active` adds integration, domain, reference. */
export function mandateEventData(
  mandate: MandateRow,
  customer: CustomerRow,
  authorizationCode: string,
  active: boolean,
) {
  const bank = findBank(mandate.bank_code);
  return {
    authorization_code: authorizationCode,
    active,
    last4: mandate.account_number.slice(-4),
    channel: 'direct_debit',
    card_type: 'mandate',
    bank: bank?.name ?? mandate.bank_code,
    exp_month: 1,
    exp_year: 2099,
    country_code: 'NG',
    brand: bank?.name ?? mandate.bank_code,
    // `reusable` is true even while the mandate is not active (§13.3): only `active` counts.
    reusable: true,
    signature: null,
    account_name: null,
    customer: {
      first_name: null,
      last_name: null,
      code: customer.customer_code,
      email: customer.email,
      phone: null,
      metadata: null,
      risk_action: 'default',
    },
    ...(active && {
      integration: SANDBOX_INTEGRATION.id,
      domain: DOMAIN,
      reference: mandate.reference,
    }),
  };
}

function listItem(row: MandateListRow) {
  return {
    id: row.id,
    status: row.status,
    mandate_id: `MDT_${row.access_code}`,
    authorization_id: row.id,
    authorization_code: row.authorization_code,
    integration_id: SANDBOX_INTEGRATION.id,
    account_number: row.account_number,
    bank_code: row.bank_code,
    bank_name: findBank(row.bank_code)?.name ?? null,
    customer: {
      id: row.customer_id,
      customer_code: row.customer_code,
      email: row.email,
      first_name: null,
      last_name: null,
    },
    authorized_at: row.authorized_at?.toISOString() ?? null,
  };
}

function objectOfStrings(
  value: unknown,
  keys: readonly string[],
  what: string,
): Record<string, string> | null {
  if (value === undefined) return null;
  if (!isRecord(value)) throw validationError(`${what} must be an object`);
  const out: Record<string, string> = {};
  // All-or-nothing (§13.2): when an object is sent, every one of its fields is required.
  for (const key of keys) {
    const field = optionalString(value, key);
    if (field === undefined) throw missingParams(`${what}.${key} is required`);
    out[key] = field;
  }
  return out;
}

function initializeRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/customer/authorization/initialize', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email is required');
    if (fields.channel !== 'direct_debit') {
      throw validationError('channel must be direct_debit');
    }
    const account = objectOfStrings(fields.account, ['number', 'bank_code'], 'account');
    const address = objectOfStrings(fields.address, ['street', 'city', 'state'], 'address');
    if (account === null) {
      // Paystack would ask for the account on its own page; the sandbox needs it to pick a scenario.
      throw missingParams('The sandbox needs account: {number, bank_code}');
    }
    const bankCode = account.bank_code ?? '';
    const accountNumber = account.number ?? '';
    if (findBank(bankCode)?.directDebit !== true) {
      throw validationError('Bank not supported for direct debit', 'unsupported_bank');
    }
    if (!/^\d{10}$/.test(accountNumber)) {
      throw validationError('Account number must be 10 digits');
    }
    const now = ctx.clock.now();
    const mandate = await inDbTransaction(ctx.pool, async (db) => {
      const customer = await upsertCustomer(db, email, now);
      return insertMandate(
        db,
        {
          customer_id: customer.id,
          bank_code: bankCode,
          account_number: accountNumber,
          address:
            address === null
              ? null
              : {
                  street: address.street ?? '',
                  city: address.city ?? '',
                  state: address.state ?? '',
                },
          callback_url: optionalUrl(fields, 'callback_url') ?? null,
          scenario: mandateScenario(accountNumber),
        },
        now,
      );
    });
    return ok('Authorization initialized', {
      redirect_url: `${ctx.publicBaseUrl()}/mandate/${mandate.access_code}`,
      access_code: mandate.access_code,
      reference: mandate.reference,
    });
  });
}

function verifyRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { reference: string } }>(
    '/customer/authorization/verify/:reference',
    API_ROUTE,
    async (request, reply) => {
      const mandate = await getMandateByReference(ctx.pool, request.params.reference);
      if (mandate === undefined || mandate.authorization_code === null) {
        // Before approval, as the docs' sample has it (P1): the key is `metadata`, not `meta`.
        return reply.code(404).send({
          status: false,
          message: 'Authorization does not exist or does not belong to integration',
          metadata: { nextStep: 'Try again later' },
          type: 'api_error',
          code: 'unknown',
        });
      }
      const customer = await getCustomer(ctx.pool, mandate.customer_id);
      return ok('Authorization retrieved successfully', {
        authorization_code: mandate.authorization_code,
        channel: 'direct_debit',
        bank: findBank(mandate.bank_code)?.name ?? mandate.bank_code,
        active: mandate.status === 'active',
        customer: { code: customer.customer_code, email: customer.email },
      });
    },
  );
}

function activationChargeRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.put<{ Params: { id: string } }>(
    '/customer/:id/directdebit-activation-charge',
    API_ROUTE,
    async (request) => {
      const authorizationId = Number(fieldsOf(request.body).authorization_id);
      if (!Number.isSafeInteger(authorizationId)) {
        throw missingParams('authorization_id is required');
      }
      const now = ctx.clock.now();
      const mandate = await inDbTransaction(ctx.pool, async (db) => {
        const found = await getMandateById(db, authorizationId, true);
        if (found === undefined || String(found.customer_id) !== request.params.id) {
          throw new SandboxError(404, 'Authorization not found');
        }
        if (found.status !== 'pending') {
          throw validationError(`Mandate is ${found.status}, not pending`);
        }
        // The bank checks the account again: a healthy account activates after the delay.
        const activates = found.scenario !== 'activation_fails';
        return updateMandate(
          db,
          found.id,
          {
            activation_attempts: found.activation_attempts + 1,
            ...(activates && { settle_at: activationTime(ctx), settle_status: 'active' as const }),
          },
          now,
        );
      });
      if (mandate.settle_at !== null) ctx.scheduleSettlement(mandate.settle_at);
      return { status: true, message: 'Mandate is queued for retry' };
    },
  );
}

function cursorOf(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}

function perPageOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, 100) : 50;
}

async function page(q: Queryable, filter: Parameters<typeof listMandates>[1]) {
  const rows = await listMandates(q, { ...filter, limit: filter.limit + 1 });
  const items = rows.slice(0, filter.limit);
  const last = items.at(-1);
  const next = rows.length > filter.limit && last !== undefined ? String(last.id) : null;
  return {
    status: true,
    message: 'Mandate authorizations retrieved successfully',
    data: items.map(listItem),
    meta: { per_page: filter.limit, next, count: items.length, total: items.length },
  };
}

function listRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: Record<string, string> }>(
    '/directdebit/mandate-authorizations',
    API_ROUTE,
    async (request) => {
      const status = request.query.status;
      if (status !== undefined && !['pending', 'active', 'revoked'].includes(status)) {
        throw validationError('status must be pending, active or revoked');
      }
      const afterId = cursorOf(request.query.cursor);
      return page(ctx.pool, {
        ...(status !== undefined && { status }),
        ...(afterId !== undefined && { afterId }),
        limit: perPageOf(request.query.per_page),
      });
    },
  );
  app.get<{ Params: { id: string } }>(
    '/customer/:id/directdebit-mandate-authorizations',
    API_ROUTE,
    async (request) => {
      const customerId = Number(request.params.id);
      if (!Number.isSafeInteger(customerId)) throw new SandboxError(404, 'Customer not found');
      return page(ctx.pool, { customerId, limit: 100 });
    },
  );
}

/** The consent page a customer's browser opens: no key, no faults. */
function consentPageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { access_code: string } }>(
    '/mandate/:access_code',
    PAGE_ROUTE,
    async (request, reply) => {
      const mandate = await getMandateByAccessCode(ctx.pool, request.params.access_code);
      if (mandate === undefined || mandate.status !== 'awaiting_consent') {
        return sendPage(
          reply,
          mandate === undefined ? 404 : 409,
          resultPage({
            title: 'Nothing to authorize',
            message:
              mandate === undefined
                ? 'This mandate link is not valid.'
                : `This mandate request is already ${mandate.status.replace('_', ' ')}.`,
            success: false,
          }),
        );
      }
      const customer = await getCustomer(ctx.pool, mandate.customer_id);
      return sendPage(
        reply,
        200,
        mandateConsentPage({
          action: request.url,
          email: customer.email,
          bankName: findBank(mandate.bank_code)?.name ?? mandate.bank_code,
          accountNumber: mandate.account_number,
        }),
      );
    },
  );

  app.post<{ Params: { access_code: string } }>(
    '/mandate/:access_code',
    PAGE_ROUTE,
    async (request, reply) => {
      const decision = optionalString(fieldsOf(request.body), 'decision');
      if (decision !== 'approve' && decision !== 'decline') {
        return sendPage(
          reply,
          400,
          resultPage({
            title: 'Choose Authorize or Decline',
            message: 'Send decision=approve or decision=decline.',
            success: false,
          }),
        );
      }
      const now = ctx.clock.now();
      const outcome = await inDbTransaction(ctx.pool, async (db) => {
        const current = await getMandateByAccessCode(db, request.params.access_code, true);
        if (current === undefined) return undefined;
        if (current.status !== 'awaiting_consent') return { mandate: current, changed: false };
        if (decision === 'decline') {
          return {
            mandate: await updateMandate(db, current.id, { status: 'declined' }, now),
            changed: true,
          };
        }
        const bank = findBank(current.bank_code);
        const authorization = await insertAuthorization(db, {
          customer_id: current.customer_id,
          channel: 'bank',
          bin: '',
          last4: current.account_number.slice(-4),
          exp_month: '1',
          exp_year: '2099',
          card_type: 'mandate',
          bank: bank?.name ?? current.bank_code,
          brand: bank?.name ?? current.bank_code,
          reusable: true,
          signature: null,
          account_name: null,
          behaviour: 'success',
          created_at: now,
        });
        // Approved, not chargeable: the bank's ₦50 check activates it later (§13.3, §13.4).
        await updateAuthorization(db, authorization.authorization_code, { active: false });
        const activates = current.scenario !== 'activation_fails';
        return {
          mandate: await updateMandate(
            db,
            current.id,
            {
              status: 'pending',
              authorization_code: authorization.authorization_code,
              authorized_at: now,
              ...(activates && {
                settle_at: activationTime(ctx),
                settle_status: 'active' as const,
              }),
            },
            now,
          ),
          changed: true,
        };
      });
      if (outcome === undefined) {
        return sendPage(
          reply,
          404,
          resultPage({
            title: 'Nothing to authorize',
            message: 'This mandate link is not valid.',
            success: false,
          }),
        );
      }
      const { mandate, changed } = outcome;
      if (changed && mandate.status === 'pending' && mandate.authorization_code !== null) {
        if (mandate.settle_at !== null) ctx.scheduleSettlement(mandate.settle_at);
        const customer = await getCustomer(ctx.pool, mandate.customer_id);
        void ctx.webhooks.send(
          ctx.webhookUrl,
          'direct_debit.authorization.created',
          mandateEventData(mandate, customer, mandate.authorization_code, false),
        );
        if (mandate.callback_url !== null) {
          const target = new URL(mandate.callback_url);
          target.searchParams.set('reference', mandate.reference);
          return reply.redirect(target.toString(), 303);
        }
      }
      const approved = mandate.status === 'pending' || mandate.status === 'active';
      return sendPage(
        reply,
        changed ? 200 : 409,
        resultPage({
          title: approved ? 'Direct debit authorized' : 'Direct debit not authorized',
          message: changed
            ? approved
              ? 'You authorized the direct debit. Your bank now activates it; you can close this window.'
              : 'You declined the direct debit.'
            : `This mandate request is already ${mandate.status.replace('_', ' ')}.`,
          success: approved,
        }),
      );
    },
  );
}

export function registerMandateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  initializeRoute(app, ctx);
  verifyRoute(app, ctx);
  activationChargeRoute(app, ctx);
  listRoutes(app, ctx);
  consentPageRoutes(app, ctx);
}
