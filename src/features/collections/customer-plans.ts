import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { newestFirst, type Page } from '../../db/pagination.ts';
import type { InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertUsablePaymentMethod } from '../payment-methods/index.ts';
import { forCustomer, loadPlan, oneForCustomer, plansPage, type PlanView } from '../plans/index.ts';
import { collectInstallments } from './collect.ts';

/**
 * What a customer does with their own plans (customer token): read them, pay what is overdue now,
 * pay everything off early (no fee, no penalty), and move a plan to another of their methods.
 * Each payment runs through the collection engine (collect.ts) exactly like an automatic
 * debit: intent recorded, gateway called outside any transaction, outcome settled; so a double
 * click resumes the same charge instead of making a second one, and the merchant receives the
 * usual events (installment_paid, completed). Another customer's plan reads as 404.
 */

const OPEN_STATUSES = ['pending_deposit', 'active', 'defaulted'] as const;

async function ownPlan(
  db: AppContext['db'] | Tx,
  customerId: string,
  planId: string,
): Promise<PaymentPlanRow> {
  const plan = await db
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan || plan.customer_id !== customerId) throw notFound('Payment plan');
  return plan;
}

export async function listCustomerPlans(
  ctx: AppContext,
  customerId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<PlanView>> {
  const query = ctx.db
    .selectFrom('payment_plans')
    .selectAll()
    .where('customer_id', '=', customerId);
  const rows = await newestFirst(query, page, 'plan_').execute();
  const found = await plansPage(ctx.db, rows, page.limit);
  return { ...found, data: await forCustomer(ctx.db, found.data) };
}

/** One plan as its customer reads it: the shop's name, not the merchant's metadata. */
async function customerView(db: AppContext['db'] | Tx, planId: string): Promise<PlanView> {
  const view = await loadPlan(db, planId);
  if (!view) throw notFound('Payment plan');
  return oneForCustomer(db, view);
}

export async function getCustomerPlan(
  ctx: AppContext,
  customerId: string,
  planId: string,
): Promise<PlanView> {
  await ownPlan(ctx.db, customerId, planId);
  return customerView(ctx.db, planId);
}

export interface PaymentResult {
  payment_plan: PlanView;
  payments: {
    installment_id: string;
    outcome: 'paid' | 'failed' | 'pending' | 'error';
    message: string | null;
  }[];
}

/** Installments overdue now: failed ones, and scheduled ones whose due time has come. */
function overdue(installments: readonly InstallmentRow[], now: Date): InstallmentRow[] {
  return installments.filter(
    (i) =>
      i.status === 'failed' ||
      i.status === 'processing' ||
      (i.status === 'scheduled' && i.due_at <= now),
  );
}

function remaining(installments: readonly InstallmentRow[]): InstallmentRow[] {
  return installments.filter((i) => i.status !== 'paid' && i.status !== 'cancelled');
}

/**
 * Pays now (`which: 'overdue'`: what is overdue; `'all'`: everything left, i.e. pays the plan
 * off). With `paymentMethodId` the payment uses that method of the customer's, and the plan moves
 * to it once a payment with it succeeds. A customer with a missed installment is delinquent
 * (eligibility) until it is paid; paying it clears that, and a defaulted plan whose arrears are
 * paid is active again. A payment that fails changes nothing (money-rules.md §4): no missed
 * installment, no retry used up, no event to the merchant, no e-mail; the answer says it failed
 * and why.
 */
export async function payPlanNow(
  ctx: AppContext,
  customerId: string,
  planId: string,
  input: { which: 'overdue' | 'all'; paymentMethodId?: string | undefined },
): Promise<PaymentResult> {
  const plan = await ownPlan(ctx.db, customerId, planId);
  if (!(OPEN_STATUSES as readonly string[]).includes(plan.status)) {
    throw new DomainError('conflict', `This plan is ${plan.status}: there is nothing to pay.`);
  }
  const otherMethod =
    input.paymentMethodId !== undefined && input.paymentMethodId !== plan.payment_method_id
      ? input.paymentMethodId
      : undefined;
  if (otherMethod !== undefined) await assertUsablePaymentMethod(ctx.db, customerId, otherMethod);
  const installments = await ctx.db
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('sequence')
    .execute();
  const due =
    input.which === 'all' ? remaining(installments) : overdue(installments, ctx.clock.now());
  if (due.length === 0) {
    throw new DomainError(
      'conflict',
      input.which === 'all'
        ? 'This plan has nothing left to pay.'
        : 'Nothing is overdue on this plan. To pay ahead, pay it off.',
    );
  }
  const results = await collectInstallments(
    ctx,
    due.map((i) => i.id),
    { customerInitiated: true, paymentMethodId: otherMethod },
  );
  const view = await customerView(ctx.db, planId);
  const declines = await latestFailureMessages(
    ctx,
    due.map((i) => i.id),
  );
  // Reported from the installment as it now stands: the gateway's webhook may have settled a
  // charge before the engine did (the engine then says nothing_to_do), and that is a payment.
  const statusOf = new Map(view.installments.map((i) => [i.id, i.status]));
  return {
    payment_plan: view,
    payments: due.map((installment, n) => {
      const status = statusOf.get(installment.id);
      const result = results[n];
      const outcome: PaymentResult['payments'][number]['outcome'] =
        status === 'paid'
          ? 'paid'
          : status === 'processing'
            ? 'pending'
            : result?.status === 'fulfilled' && result.value === 'failed'
              ? 'failed'
              : 'error';
      return {
        installment_id: installment.id,
        outcome,
        message:
          outcome === 'error'
            ? 'The payment could not be made just now; nothing was charged twice. Try again.'
            : outcome === 'failed'
              ? failureMessage(declines.get(installment.id))
              : null,
      };
    }),
  };
}

/** The gateway's reason for each installment's latest failed charge. */
async function latestFailureMessages(
  ctx: AppContext,
  installmentIds: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await ctx.db
    .selectFrom('charges')
    .select(['installment_id', 'gateway_message'])
    .distinctOn('installment_id')
    .where('installment_id', 'in', installmentIds)
    .where('status', '=', 'failed')
    .orderBy('installment_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.installment_id, r.gateway_message]));
}

function failureMessage(gatewayMessage: string | null | undefined): string {
  const reason = gatewayMessage?.trim().replace(/[.\s]+$/, '');
  return (
    (reason ? `The payment did not go through: ${reason}. ` : 'The payment did not go through. ') +
    'Nothing on your plan changed; you can try again or use another card or account.'
  );
}

/**
 * Moves an open plan to another active method of the same customer: later debits (and a retry of
 * a failed one) use it. A charge already in flight keeps the method it was made with.
 */
export async function changePlanMethod(
  ctx: AppContext,
  customerId: string,
  planId: string,
  paymentMethodId: string,
): Promise<PlanView> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const plan = await tx
      .selectFrom('payment_plans')
      .selectAll()
      .where('id', '=', planId)
      .forUpdate()
      .executeTakeFirst();
    if (!plan || plan.customer_id !== customerId) throw notFound('Payment plan');
    if (!(OPEN_STATUSES as readonly string[]).includes(plan.status)) {
      throw new DomainError('conflict', `This plan is ${plan.status}: its method cannot change.`);
    }
    await assertUsablePaymentMethod(tx, customerId, paymentMethodId);
    await tx
      .updateTable('payment_plans')
      .set({ payment_method_id: paymentMethodId, updated_at: now })
      .where('id', '=', planId)
      .execute();
    return customerView(tx, planId);
  });
}
