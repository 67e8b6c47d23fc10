import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import { newestFirst, type Page, pageOf } from '../../db/pagination.ts';
import type { CheckoutSessionRow, PaymentLinkRow, StoredConstraints } from '../../db/schema.ts';
import { type IdempotencyScope, type Idempotent, runWrite } from '../../db/write.ts';
import { sessionExpiresAt } from '../../domain/checkout-session.ts';
import { DomainError, type FieldError, notFound } from '../../domain/errors.ts';
import {
  assertCustomerFieldDefinitions,
  checkCustomerFieldAnswers,
  type CustomerFieldAnswer,
  type CustomerFieldDefinition,
} from '../../domain/order-details.ts';
import {
  chooseVisitAmount,
  type LinkAmount,
  validateLinkAmount,
} from '../../domain/payment-link.ts';
import { validateConstraints } from '../../domain/session-constraints.ts';
import { assert } from '../../platform/assert.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { checkoutUrl, constraintsFromStored } from '../checkout/index.ts';
import type { PaymentLink } from './schemas.ts';

export type PaymentLinkView = Static<typeof PaymentLink>;

export function paymentLinkUrl(publicBaseUrl: string, linkId: string): string {
  return `${publicBaseUrl}/pay/${linkId}`;
}

function view(row: PaymentLinkRow, publicBaseUrl: string): PaymentLinkView {
  return {
    id: row.id,
    object: 'payment_link',
    url: paymentLinkUrl(publicBaseUrl, row.id),
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    title: row.title,
    currency: 'NGN',
    amount: row.amount_kobo,
    min_amount: row.min_amount_kobo,
    max_amount: row.max_amount_kobo,
    redirect_url: row.redirect_url,
    constraints: row.constraints,
    customer_fields: row.customer_fields,
    active: row.active,
    deactivated_at: row.deactivated_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function amountOf(
  row: Pick<PaymentLinkRow, 'amount_kobo' | 'min_amount_kobo' | 'max_amount_kobo'>,
): LinkAmount {
  if (row.amount_kobo !== null) return { type: 'fixed', amountKobo: row.amount_kobo };
  assert(
    row.min_amount_kobo !== null && row.max_amount_kobo !== null,
    'payment link without an amount or bounds (the table refuses this)',
  );
  return { type: 'customer_chooses', minKobo: row.min_amount_kobo, maxKobo: row.max_amount_kobo };
}

/**
 * Which links a caller reaches: its merchant's, and with a secret key only those of the key's
 * mode (a test key never sees or changes a live link). Anything else is 404.
 */
export interface LinkScope {
  merchantId: string;
  livemode?: boolean;
}

export interface PaymentLinkInput {
  title?: string;
  amount?: LinkAmount;
  /** null clears it. */
  redirectUrl?: string | null;
  /** null: follow the merchant's defaults. */
  constraints?: StoredConstraints | null;
  /** The questions asked before the checkout; [] asks none. */
  customerFields?: CustomerFieldDefinition[];
}

export function validateRedirectUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('invalid_request', 'redirect_url must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DomainError(
      'invalid_request',
      'redirect_url must use https (or http for development).',
    );
  }
  if (parsed.username || parsed.password) {
    throw new DomainError('invalid_request', 'redirect_url must not contain credentials.');
  }
}

function validateInput(input: PaymentLinkInput): void {
  if (input.title !== undefined && input.title.trim() === '') {
    throw new DomainError('invalid_request', 'title must not be blank.');
  }
  if (input.amount !== undefined) validateLinkAmount(input.amount);
  if (input.redirectUrl) validateRedirectUrl(input.redirectUrl);
  if (input.constraints) validateConstraints(constraintsFromStored(input.constraints));
  if (input.customerFields) assertCustomerFieldDefinitions(input.customerFields);
}

function amountColumns(amount: LinkAmount) {
  return amount.type === 'fixed'
    ? { amount_kobo: amount.amountKobo, min_amount_kobo: null, max_amount_kobo: null }
    : { amount_kobo: null, min_amount_kobo: amount.minKobo, max_amount_kobo: amount.maxKobo };
}

/** With an optional `Idempotency-Key` (decision 0038): a repeat answers the first link. */
export async function createPaymentLink(
  ctx: AppContext,
  merchantId: string,
  livemode: boolean,
  input: PaymentLinkInput & { title: string; amount: LinkAmount },
  idempotency?: IdempotencyScope,
): Promise<Idempotent<PaymentLinkView>> {
  validateInput(input);
  const now = ctx.clock.now();
  return runIdempotentWrite(ctx.db, idempotency, async (tx) => {
    const row = await tx
      .insertInto('payment_links')
      .values({
        id: newId('pl'),
        merchant_id: merchantId,
        livemode,
        title: input.title,
        ...amountColumns(input.amount),
        redirect_url: input.redirectUrl ?? null,
        constraints: input.constraints ? JSON.stringify(input.constraints) : null,
        customer_fields: JSON.stringify(input.customerFields ?? []),
        active: true,
        deactivated_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return view(row, ctx.settings.publicBaseUrl);
  });
}

async function findLink(db: Db | Tx, scope: LinkScope, linkId: string, lock = false) {
  let query = db
    .selectFrom('payment_links')
    .selectAll()
    .where('id', '=', linkId)
    .where('merchant_id', '=', scope.merchantId);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound('Payment link');
  return row;
}

export async function getPaymentLink(
  ctx: AppContext,
  scope: LinkScope,
  linkId: string,
): Promise<PaymentLinkView> {
  return view(await findLink(ctx.db, scope, linkId), ctx.settings.publicBaseUrl);
}

export async function listPaymentLinks(
  ctx: AppContext,
  scope: LinkScope,
  filter: { active?: boolean; limit: number; cursor?: string },
): Promise<Page<PaymentLinkView>> {
  let query = ctx.db
    .selectFrom('payment_links')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const rows = await newestFirst(query, filter, 'pl_').execute();
  return pageOf(rows, filter.limit, (r) => view(r, ctx.settings.publicBaseUrl));
}

/** Changes apply to later visits; sessions already created keep what they were created with. */
export async function updatePaymentLink(
  ctx: AppContext,
  scope: LinkScope,
  linkId: string,
  input: PaymentLinkInput,
): Promise<PaymentLinkView> {
  validateInput(input);
  const now = ctx.clock.now();
  const row = await runWrite(ctx.db, async (tx) => {
    await findLink(tx, scope, linkId, true);
    return tx
      .updateTable('payment_links')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.amount !== undefined && amountColumns(input.amount)),
        ...(input.redirectUrl !== undefined && { redirect_url: input.redirectUrl }),
        ...(input.constraints !== undefined && {
          constraints: input.constraints === null ? null : JSON.stringify(input.constraints),
        }),
        ...(input.customerFields !== undefined && {
          customer_fields: JSON.stringify(input.customerFields),
        }),
        updated_at: now,
      })
      .where('id', '=', linkId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return view(row, ctx.settings.publicBaseUrl);
}

/**
 * Deactivating (or activating) twice is the same as once. With an `Idempotency-Key` a repeat
 * answers as the first did, even if the link was switched back in between (decision 0038).
 */
export async function setPaymentLinkActive(
  ctx: AppContext,
  scope: LinkScope,
  linkId: string,
  active: boolean,
  idempotency?: IdempotencyScope,
): Promise<Idempotent<PaymentLinkView>> {
  const now = ctx.clock.now();
  return runIdempotentWrite(ctx.db, idempotency, async (tx) => {
    const current = await findLink(tx, scope, linkId, true);
    const row =
      current.active === active
        ? current
        : await tx
            .updateTable('payment_links')
            .set({ active, deactivated_at: active ? null : now, updated_at: now })
            .where('id', '=', linkId)
            .returningAll()
            .executeTakeFirstOrThrow();
    return view(row, ctx.settings.publicBaseUrl);
  });
}

// ── visits ──────────────────────────────────────────────────────────────────────────────

export type LinkVisit =
  | { kind: 'redirect'; checkoutUrl: string; sessionToken: string }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; title: string; reason: 'deactivated' | 'merchant_unavailable' }
  | {
      kind: 'choose_amount';
      title: string;
      minKobo: number;
      maxKobo: number;
      problem: string | null;
    }
  | {
      /** The link asks questions (decision 0052): its form, again with what was wrong. */
      kind: 'ask_details';
      title: string;
      amount: LinkAmount;
      fields: CustomerFieldDefinition[];
      entered: { amount: string; answers: ReadonlyMap<string, string> };
      amountProblem: string | null;
      errors: FieldError[];
    };

/** What the buyer sent from a link's form: undefined on a plain visit (GET). */
export interface LinkSubmission {
  amount: string | undefined;
  answers: ReadonlyMap<string, string>;
}

/**
 * A visit to a link's public URL (no credentials: the link is public). An active link with an
 * amount creates its own ordinary checkout session (30 minutes, the link's constraints or the
 * merchant's defaults, a generated order_reference `<link id>.<random>`), so everything that
 * follows (plan, webhooks, payouts) is what a merchant-created session gets.
 */
export async function visitPaymentLink(
  ctx: AppContext,
  linkId: string,
  enteredAmount: string | undefined,
  submission?: LinkSubmission,
): Promise<LinkVisit> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx): Promise<LinkVisit> => {
    const found = await tx
      .selectFrom('payment_links')
      .innerJoin('merchants', 'merchants.id', 'payment_links.merchant_id')
      .selectAll('payment_links')
      .select(['merchants.status as merchant_status', 'merchants.default_constraints'])
      .where('payment_links.id', '=', linkId)
      .executeTakeFirst();
    if (!found) return { kind: 'not_found' };
    if (!found.active) return { kind: 'unavailable', title: found.title, reason: 'deactivated' };
    const merchantMayCharge =
      found.merchant_status === 'active' ||
      (found.merchant_status === 'pending_approval' && !found.livemode);
    if (!merchantMayCharge) {
      return { kind: 'unavailable', title: found.title, reason: 'merchant_unavailable' };
    }
    const amount = amountOf(found);
    let answers: CustomerFieldAnswer[] | null = null;
    if (found.customer_fields.length > 0) {
      const entered = {
        amount: submission?.amount ?? enteredAmount ?? '',
        answers: submission?.answers ?? new Map<string, string>(),
      };
      const ask = {
        kind: 'ask_details' as const,
        title: found.title,
        amount,
        fields: found.customer_fields,
        entered,
      };
      // A plain visit shows the questions; only the form's submission opens a checkout.
      if (submission === undefined) return { ...ask, amountProblem: null, errors: [] };
      const amountChoice = chooseVisitAmount(amount, entered.amount);
      const checked = checkCustomerFieldAnswers(found.customer_fields, entered.answers);
      if (amountChoice.kind === 'ask' || !checked.ok) {
        return {
          ...ask,
          amountProblem:
            amountChoice.kind === 'ask' ? (amountChoice.problem ?? 'Enter an amount.') : null,
          errors: checked.ok ? [] : checked.errors,
        };
      }
      answers = checked.answers;
    }
    const choice = chooseVisitAmount(amount, submission?.amount ?? enteredAmount);
    if (choice.kind === 'ask') {
      assert(amount.type === 'customer_chooses', 'a fixed link never asks');
      return {
        kind: 'choose_amount',
        title: found.title,
        minKobo: amount.minKobo,
        maxKobo: amount.maxKobo,
        // A form posted without an amount is a form to correct (400), not a first visit.
        problem: choice.problem ?? (submission === undefined ? null : 'Enter an amount.'),
      };
    }
    const session: CheckoutSessionRow = {
      id: newId('cs'),
      token: `cst_${randomBase62(40)}`,
      merchant_id: found.merchant_id,
      livemode: found.livemode,
      amount_kobo: choice.amountKobo,
      currency: 'NGN',
      title: found.title,
      order_reference: `${found.id}.${randomBase62(12)}`,
      customer_email: null,
      status: 'pending',
      constraints: found.constraints ?? found.default_constraints,
      created_at: now,
      expires_at: sessionExpiresAt(now),
      completed_at: null,
      cancelled_at: null,
      metadata: {},
      line_items: null,
      customer_fields: answers,
    };
    await tx
      .insertInto('checkout_sessions')
      .values({
        ...session,
        constraints: JSON.stringify(session.constraints),
        metadata: JSON.stringify(session.metadata),
        line_items: null,
        customer_fields: answers === null ? null : JSON.stringify(answers),
      })
      .execute();
    await tx
      .insertInto('payment_link_sessions')
      .values({ checkout_session_id: session.id, payment_link_id: found.id, created_at: now })
      .execute();
    return {
      kind: 'redirect',
      checkoutUrl: checkoutUrl(ctx.settings.publicBaseUrl, session.token),
      sessionToken: session.token,
    };
  });
}

/** Where the customer goes after a successful checkout: the customer dashboard by default. */
export function customerDashboardUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}/dashboard`;
}

/**
 * After a successful checkout of a link's session: the link's `redirect_url`, else the customer
 * dashboard. Null for a merchant-created session: the widget's `onSuccess` hands control back to
 * the merchant's page (spec §4.4).
 */
export async function successRedirectUrl(
  ctx: AppContext,
  sessionToken: string,
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('checkout_sessions')
    .innerJoin(
      'payment_link_sessions',
      'payment_link_sessions.checkout_session_id',
      'checkout_sessions.id',
    )
    .innerJoin('payment_links', 'payment_links.id', 'payment_link_sessions.payment_link_id')
    .select('payment_links.redirect_url')
    .where('checkout_sessions.token', '=', sessionToken)
    .executeTakeFirst();
  if (!row) return null;
  return row.redirect_url ?? customerDashboardUrl(ctx.settings.publicBaseUrl);
}
