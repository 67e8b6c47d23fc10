import type { AppContext } from '../../app-context.ts';
import type { TransferAccountRow } from '../../db/schema.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { GatewayError } from '../../gateway/port.ts';

/**
 * The customer's dedicated account (decision 0071): made at the gateway the first time the
 * customer asks how to pay a plan by transfer, then kept. Gateway calls happen outside any
 * database transaction; two first asks at once may both call the gateway, which answers the same
 * customer and account for the same email (gateway-protocol.md §22), and only one row is kept.
 */
export async function ensureTransferAccount(
  ctx: AppContext,
  customerId: string,
): Promise<TransferAccountRow> {
  const existing = await ctx.db
    .selectFrom('transfer_accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (existing) return existing;
  const customer = await ctx.db
    .selectFrom('customers')
    .select(['email', 'first_name', 'last_name', 'phone'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) throw notFound('Customer');
  let account;
  try {
    const { customerCode } = await ctx.gateway.createCustomer({
      email: customer.email,
      firstName: customer.first_name,
      lastName: customer.last_name,
      phone: customer.phone || null,
    });
    account = await ctx.gateway.createDedicatedAccount({ customerCode });
  } catch (error) {
    if (error instanceof GatewayError && error.kind !== 'unavailable') {
      throw new DomainError(
        'conflict',
        `Paying by bank transfer is not available for this account: ${error.message}`,
      );
    }
    if (error instanceof GatewayError) {
      throw new DomainError(
        'gateway_unavailable',
        'The payment gateway did not answer. Try again in a moment.',
        { retryable: true },
      );
    }
    throw error;
  }
  await ctx.db
    .insertInto('transfer_accounts')
    .values({
      customer_id: customerId,
      gateway_customer_code: account.customerCode,
      account_number: account.accountNumber,
      account_name: account.accountName,
      bank_name: account.bankName,
      bank_slug: account.bankSlug,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  return ctx.db
    .selectFrom('transfer_accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
}

export interface PlanTransferDetails {
  account: TransferAccountRow;
  /** What is overdue on the plan now (failed, or due and unpaid); a transfer pays it first. */
  dueNowKobo: number;
  /** Everything the plan still owes (pay-off by transfer). */
  remainingKobo: number;
  /** The next installment not yet due, when there is one. */
  next: { dueAt: Date; amountKobo: number } | null;
}

/** How to pay one of the customer's plans by transfer: the account, and the amounts. */
export async function planTransferDetails(
  ctx: AppContext,
  customerId: string,
  planId: string,
): Promise<PlanTransferDetails> {
  const plan = await ctx.db
    .selectFrom('payment_plans')
    .select(['id', 'customer_id', 'status'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan || plan.customer_id !== customerId) throw notFound('Payment plan');
  if (plan.status !== 'active' && plan.status !== 'defaulted') {
    throw new DomainError(
      'conflict',
      `This plan is ${plan.status}: there is nothing to pay by transfer.`,
    );
  }
  const installments = await ctx.db
    .selectFrom('installments')
    .select(['amount_kobo', 'due_at', 'status'])
    .where('plan_id', '=', planId)
    .where('status', 'in', ['scheduled', 'failed', 'processing'])
    .orderBy('due_at')
    .execute();
  const now = ctx.clock.now();
  const overdue = installments.filter((i) => i.status === 'failed' || i.due_at <= now);
  const upcoming = installments.find((i) => i.status === 'scheduled' && i.due_at > now);
  const account = await ensureTransferAccount(ctx, customerId);
  return {
    account,
    dueNowKobo: overdue.reduce((sum, i) => sum + i.amount_kobo, 0),
    remainingKobo: installments.reduce((sum, i) => sum + i.amount_kobo, 0),
    next: upcoming ? { dueAt: upcoming.due_at, amountKobo: upcoming.amount_kobo } : null,
  };
}
