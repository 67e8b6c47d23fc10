import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import type { CheckoutSessionRow } from '../../db/schema.ts';
import {
  type IdempotencyScope,
  type Idempotent,
  storedData,
  storedResponseOf,
} from '../../db/write.ts';
import { canonicalJson } from '../../domain/canonical-json.ts';
import {
  assertSessionPending,
  effectiveSessionStatus,
  sessionExpiresAt,
} from '../../domain/checkout-session.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertIdempotencyKey } from '../../domain/idempotency-key.ts';
import {
  assertLineItemsMatchAmount,
  type LineItem,
  type Metadata,
} from '../../domain/order-details.ts';
import { suggestedPlanChoice } from '../../domain/plan-offer.ts';
import type { Principal } from '../../domain/principal.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { inMode, type ModeScope } from '../access/index.ts';
import { constraintsFromStored } from './plan-preview.ts';
import { insertSessionOnce } from './session-queries.ts';
import { type CheckoutSessionView, checkoutSessionView } from './session-view.ts';

export interface CreateSessionInput {
  merchant_id: string;
  amount: number;
  currency: 'NGN';
  title: string;
  order_reference: string;
  customer_email?: string;
  metadata?: Metadata;
  line_items?: LineItem[];
}

/**
 * Creates a 30-minute checkout session for the key's merchant (spec §4.2). The session takes a
 * snapshot of the merchant's default constraints (loaded with the key), so later changes do not
 * alter an open checkout. One database statement does the work (features/checkout/session-queries.ts).
 */
export async function createCheckoutSession(
  ctx: AppContext,
  principal: Principal & { kind: 'secret_key' },
  input: CreateSessionInput,
  idempotencyKey: string | undefined,
): Promise<Idempotent<CheckoutSessionView>> {
  if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
  assertLineItemsMatchAmount(input.line_items, input.amount);
  if (input.merchant_id !== principal.merchantId) {
    const exists = await ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', input.merchant_id)
      .executeTakeFirst();
    if (!exists) throw notFound('Merchant');
    throw new DomainError(
      'forbidden',
      "merchant_id does not belong to the API key used. Use that merchant's own secret key.",
    );
  }
  const now = ctx.clock.now();
  const row: CheckoutSessionRow = {
    id: newId('cs'),
    token: `cst_${randomBase62(40)}`,
    merchant_id: principal.merchantId,
    livemode: principal.mode === 'live',
    amount_kobo: input.amount,
    currency: input.currency,
    title: input.title,
    order_reference: input.order_reference,
    customer_email: input.customer_email ?? null,
    status: 'pending',
    constraints: principal.defaultConstraints,
    created_at: now,
    expires_at: sessionExpiresAt(now),
    completed_at: null,
    cancelled_at: null,
    metadata: input.metadata ?? {},
    line_items: input.line_items ?? null,
    customer_fields: null,
  };
  const session = checkoutSessionView(row, now, ctx.settings.publicBaseUrl, {
    withMetadata: true,
  });
  const requestHash = sha256Hex(`POST /api/v1/checkout/sessions\n${canonicalJson(input)}`);
  const outcome = await insertSessionOnce(
    ctx.db,
    ctx.prepared,
    row,
    idempotencyKey === undefined
      ? undefined
      : {
          merchantId: row.merchant_id,
          livemode: row.livemode,
          key: idempotencyKey,
          requestHash,
          now,
        },
    storedResponseOf(session),
  );
  switch (outcome.kind) {
    case 'created':
      return { data: session, replayed: false };
    case 'order_completed':
      throw sessionAlreadyCompleted(input.order_reference);
    case 'replay':
      if (outcome.requestHash !== requestHash) {
        throw new DomainError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
        );
      }
      return {
        data: storedData(outcome.response.body) as CheckoutSessionView,
        replayed: true,
      };
  }
}

function sessionAlreadyCompleted(orderReference: string): DomainError {
  return new DomainError(
    'session_completed',
    `A checkout for order_reference "${orderReference}" is already completed.`,
  );
}

async function findByToken(db: Db | Tx, token: string) {
  return db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}

/** The widget's read: the session token alone is the credential (spec §5, "Widget"). */
export async function getCheckoutSession(
  ctx: AppContext,
  token: string,
): Promise<CheckoutSessionView> {
  const row = await findByToken(ctx.db, token);
  if (!row) throw notFound('Checkout session');
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select(['business_name', 'support_email', 'support_phone', 'support_website'])
    .where('id', '=', row.merchant_id)
    .executeTakeFirst();
  const support = merchant && {
    email: merchant.support_email,
    phone: merchant.support_phone,
    website: merchant.support_website,
  };
  const now = ctx.clock.now();
  const suggested = suggestedPlanChoice(
    row.amount_kobo,
    constraintsFromStored(row.constraints),
    now,
  );
  return {
    ...checkoutSessionView(row, now, ctx.settings.publicBaseUrl),
    suggested_plan: {
      frequency: suggested.frequency,
      installment_count: suggested.installmentCount,
      upfront_pct: suggested.upfrontPct,
    },
    ...(merchant && { merchant_name: merchant.business_name }),
    ...(support && {
      merchant_support: support.email || support.phone || support.website ? support : null,
    }),
  };
}

/**
 * Moves a pending session to `next`. With a scope, the session must be that merchant's and of
 * that mode: another merchant's or another mode's session is 404 (decision 0015).
 */
async function transitionSession(
  ctx: AppContext,
  token: string,
  next: 'completed' | 'cancelled',
  scope?: ModeScope,
  idempotency?: IdempotencyScope,
): Promise<Idempotent<CheckoutSessionView>> {
  const now = ctx.clock.now();
  try {
    return await runIdempotentWrite(ctx.db, idempotency, async (tx) => {
      const row = await tx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('token', '=', token)
        .forUpdate()
        .executeTakeFirst();
      if (
        !row ||
        (scope !== undefined &&
          (row.merchant_id !== scope.merchantId || !inMode(scope, row.livemode)))
      ) {
        throw notFound('Checkout session');
      }
      assertSessionPending(
        effectiveSessionStatus(row.status, row.expires_at, now),
        next === 'completed' ? 'complete it' : 'cancel it',
      );
      const updated = await tx
        .updateTable('checkout_sessions')
        .set(
          next === 'completed'
            ? { status: 'completed', completed_at: now }
            : { status: 'cancelled', cancelled_at: now },
        )
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Only a secret key (a scope) moves a session this way and reads the merchant's metadata.
      return checkoutSessionView(updated, now, ctx.settings.publicBaseUrl, {
        withMetadata: scope !== undefined,
      });
    });
  } catch (error) {
    throw orderAlreadyCompleted(error);
  }
}

/** The partial unique index refused a second completed checkout for an order: a 409, not a 500. */
export function orderAlreadyCompleted(error: unknown): unknown {
  return isUniqueViolation(error, 'checkout_sessions_one_completed_per_order')
    ? new DomainError('session_completed', 'Another checkout for this order is already completed.')
    : error;
}

/** A secret key cancels its merchant's sessions of its own mode (`scope`). */
/** With an optional `Idempotency-Key` (decision 0038): a repeat answers the first cancel's 200. */
export function cancelCheckoutSession(
  ctx: AppContext,
  scope: ModeScope,
  token: string,
  idempotency?: IdempotencyScope,
): Promise<Idempotent<CheckoutSessionView>> {
  return transitionSession(ctx, token, 'cancelled', scope, idempotency);
}

/**
 * Completes a pending session on its own. Confirming a plan completes the session inside its own
 * transaction (features/plans/plans.ts); this stand-alone transition is what tests use to reach `completed`.
 */
export async function completeCheckoutSession(
  ctx: AppContext,
  token: string,
): Promise<CheckoutSessionView> {
  return (await transitionSession(ctx, token, 'completed')).data;
}

/** Writes back the `expired` state that reads already derive; run by the worker every minute. */
export async function expireDueSessions(db: Db, now: Date, batchSize = 1000): Promise<number> {
  const result = await sql`
    UPDATE checkout_sessions SET status = 'expired'
    WHERE id IN (
      SELECT id FROM checkout_sessions
      WHERE status = 'pending' AND expires_at <= ${now}
      ORDER BY expires_at LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
