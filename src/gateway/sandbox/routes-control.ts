import type { FastifyInstance } from 'fastify';

import { transactionPayload } from './charges.ts';
import type { SandboxContext } from './context.ts';
import { ok, SandboxError, validationError } from './errors.ts';
import {
  deactivatesAuthorization,
  isRevocationEvent,
  REVOCATION_EVENTS,
  revocationEventData,
} from './events.ts';
import { faultView } from './faults.ts';
import { fieldsOf, requiredString } from './input.ts';
import { CONTROL_ROUTE } from './routing.ts';
import { settleEverything } from './settlement.ts';
import {
  getAuthorization,
  getCustomer,
  latestSuccessfulTransactionFor,
  updateAuthorization,
} from './store.ts';
import { revokeMandateOf } from './store-mandates.ts';
import { summarise } from './store-settlement.ts';
import { type CardBehaviour, LIMITED_FUNDS_BALANCE_KOBO } from './test-data.ts';

/**
 * Test controls under /_sandbox/ (README.md): faults, provoked events, immediate settlement,
 * a state summary, and changing how an authorization behaves from now on. They need the secret
 * key like the API does, but faults never apply to them.
 */

const BEHAVIOURS: readonly CardBehaviour[] = [
  'success',
  'declined',
  'insufficient_funds',
  'token_not_generated',
  'limited_funds',
];

function isBehaviour(value: unknown): value is CardBehaviour {
  return typeof value === 'string' && (BEHAVIOURS as readonly string[]).includes(value);
}

export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/_sandbox/faults', CONTROL_ROUTE, async () =>
    ok('Faults', faultView(ctx.faults.current())),
  );
  app.post('/_sandbox/faults', CONTROL_ROUTE, async (request) =>
    ok('Faults updated', faultView(ctx.faults.update(request.body ?? {}))),
  );
  app.delete('/_sandbox/faults', CONTROL_ROUTE, async () =>
    ok('Faults cleared', faultView(ctx.faults.reset())),
  );

  app.post('/_sandbox/events', CONTROL_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const event = fields.event;
    if (!isRevocationEvent(event)) {
      throw validationError(`event must be one of: ${REVOCATION_EVENTS.join(', ')}`);
    }
    const code = requiredString(fields, 'authorization_code', 'authorization_code is required');
    const authorization = await getAuthorization(ctx.pool, code);
    if (authorization === undefined) throw new SandboxError(404, 'Authorization code not found.');
    const customer = await getCustomer(ctx.pool, authorization.customer_id);
    const latest = await latestSuccessfulTransactionFor(ctx.pool, code);
    const data = revocationEventData(event, {
      authorization,
      customer,
      transaction: latest === undefined ? undefined : await transactionPayload(ctx.pool, latest),
      now: ctx.clock.now(),
    });
    if (data === undefined) {
      throw validationError('No successful payment with this authorization to dispute');
    }
    if (deactivatesAuthorization(event)) {
      await updateAuthorization(ctx.pool, code, { active: false });
      await revokeMandateOf(ctx.pool, code, ctx.clock.now());
    }
    const delivered = await ctx.webhooks.send(
      ctx.revocationWebhookUrl ?? ctx.webhookUrl,
      event,
      data,
    );
    return ok('Event sent', { delivered });
  });

  app.post('/_sandbox/settle', CONTROL_ROUTE, async () => {
    const result = await settleEverything(ctx);
    const outcomes = await Promise.all(result.deliveries);
    return ok('Settled', {
      settled: result.settled,
      webhooks_sent: outcomes.length,
      webhooks_delivered: outcomes.filter(Boolean).length,
    });
  });

  app.get('/_sandbox/state', CONTROL_ROUTE, async () =>
    ok('Sandbox state', {
      faults: faultView(ctx.faults.current()),
      counts: await summarise(ctx.pool),
      webhook_url: ctx.webhookUrl ?? null,
      revocation_webhook_url: ctx.revocationWebhookUrl ?? null,
      settle_delay_ms: ctx.settleDelayMs,
    }),
  );

  app.post<{ Params: { authorization_code: string } }>(
    '/_sandbox/authorizations/:authorization_code',
    CONTROL_ROUTE,
    async (request) => {
      const fields = fieldsOf(request.body);
      const behaviour = fields.behaviour;
      if (!isBehaviour(behaviour)) {
        throw validationError(`behaviour must be one of: ${BEHAVIOURS.join(', ')}`);
      }
      // `balance` (kobo, 0 or more): what a `limited_funds` authorization holds from now on.
      const balance = fields.balance;
      if (
        balance !== undefined &&
        (behaviour !== 'limited_funds' ||
          typeof balance !== 'number' ||
          !Number.isSafeInteger(balance) ||
          balance < 0)
      ) {
        throw validationError(
          'balance must be a whole number of kobo, with behaviour limited_funds',
        );
      }
      const updated = await updateAuthorization(ctx.pool, request.params.authorization_code, {
        behaviour,
        ...(behaviour === 'limited_funds' && {
          balance: balance ?? LIMITED_FUNDS_BALANCE_KOBO,
        }),
      });
      if (updated === undefined) throw new SandboxError(404, 'Authorization code not found.');
      return ok('Authorization updated', {
        authorization_code: updated.authorization_code,
        behaviour: updated.behaviour,
        active: updated.active,
        reusable: updated.reusable,
        balance: updated.balance === null ? null : Number(updated.balance),
      });
    },
  );
}
