import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { PaymentMethodSetupRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertNuban } from '../../domain/payment-method.ts';
import { randomBase62 } from '../../platform/ids.ts';
import { listMandateBanks } from './bank-list.ts';
import { refusal, scheduleVerificationSweep } from './verification-refund.ts';
import { type PaymentMethodView, paymentMethodView } from './view.ts';

/** How long a card or mandate flow may take before it must be started again. */
export const SETUP_LIFETIME_MS = 60 * 60_000;

/** Both flows charge under the customer's email, and the card flow checks it came back the same. */
export async function customerEmail(db: Db, customerId: string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row.email;
}

/**
 * The first step of every bank mandate, whichever API sets it up: the account checked, the bank
 * found among those that take direct debits, the set-up row written (with the sweep of its
 * verification charge, where there is one). `prefix` names the flow: `pmb` pay-with-bank, `pmd`
 * Direct Debit.
 */
export async function openBankSetup(
  ctx: AppContext,
  customerId: string,
  input: { bankCode: string; accountNumber: string; isDefault: boolean },
  prefix: 'pmb' | 'pmd',
): Promise<{ reference: string; email: string; bank: { name: string; code: string } }> {
  assertNuban(input.accountNumber);
  const email = await customerEmail(ctx.db, customerId);
  const bank = (await listMandateBanks(ctx)).find((b) => b.code === input.bankCode);
  if (!bank) {
    throw new DomainError(
      'invalid_request',
      `bank_code "${input.bankCode}" is not a bank that supports direct debit. See GET /api/v1/payment-methods/banks.`,
    );
  }
  const reference = `${prefix}-${randomBase62(24)}`;
  await insertSetup(ctx, {
    reference,
    customer_id: customerId,
    type: 'bank',
    bank_code: bank.code,
    bank_name: bank.name,
    account_number: input.accountNumber,
    callback_url: null,
    is_default: input.isDefault,
  });
  return { reference, email, bank };
}

export async function insertSetup(
  ctx: AppContext,
  values: Omit<
    PaymentMethodSetupRow,
    | 'status'
    | 'next_action'
    | 'failure_reason'
    | 'payment_method_id'
    | 'verification_refund_queued_at'
    | 'verification_charge_kobo'
    | 'created_at'
    | 'expires_at'
    | 'updated_at'
    | 'gateway_reference'
    | 'wrong_otp_count'
  >,
): Promise<void> {
  // With the setup, in its transaction, the sweep of its verification charge (decision 0042).
  await runWrite(ctx.db, (tx) => insertSetupRow(ctx, tx, values));
}

async function insertSetupRow(
  ctx: AppContext,
  tx: Tx,
  values: Parameters<typeof insertSetup>[1],
): Promise<void> {
  const now = ctx.clock.now();
  await tx
    .insertInto('payment_method_setups')
    .values({
      ...values,
      gateway_reference: null,
      status: 'initializing',
      next_action: null,
      failure_reason: null,
      payment_method_id: null,
      verification_refund_queued_at: null,
      verification_charge_kobo: null,
      created_at: now,
      expires_at: new Date(now.getTime() + SETUP_LIFETIME_MS),
      updated_at: now,
    })
    .execute();
  await scheduleVerificationSweep(
    tx,
    values.reference,
    new Date(now.getTime() + SETUP_LIFETIME_MS),
  );
}

export async function markSetup(
  ctx: AppContext,
  reference: string,
  changes: {
    status: PaymentMethodSetupRow['status'];
    next_action?: string | null;
    failure_reason?: string | null;
  },
): Promise<void> {
  await ctx.db
    .updateTable('payment_method_setups')
    .set({ ...changes, updated_at: ctx.clock.now() })
    .where('reference', '=', reference)
    .execute();
}

export async function loadSetup(
  ctx: AppContext,
  customerId: string,
  reference: string,
  type: 'card' | 'bank',
): Promise<PaymentMethodSetupRow> {
  const setup = await ctx.db
    .selectFrom('payment_method_setups')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  // Another customer's reference reads exactly like an unknown one.
  if (!setup || setup.customer_id !== customerId || setup.type !== type) {
    throw notFound(type === 'card' ? 'Card setup' : 'Bank mandate setup');
  }
  return setup;
}

export async function methodOfSetup(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
): Promise<PaymentMethodView> {
  const row = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('setup_reference', '=', setup.reference)
    .executeTakeFirstOrThrow();
  return paymentMethodView(row);
}

export function assertSetupOpen(setup: PaymentMethodSetupRow, now: Date): void {
  if (setup.status === 'failed') {
    // Said again on every later verify: a refused setup whose charge was taken gets it back.
    throw refusal(
      'payment_failed',
      `This setup failed: ${setup.failure_reason ?? 'declined'}. Start again.`,
      setup,
    );
  }
  if (setup.expires_at <= now) {
    throw new DomainError('setup_expired', 'This setup has expired. Start again.');
  }
}
