import type { Static } from 'typebox';
import type { PaymentMethod } from './schemas.ts';
import { noticeRevokedMethods } from './revocation-notices.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { PaymentMethodRow, PaymentMethodSetupRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  assertNuban,
  bankLabel,
  cardLabel,
  nextActionFor,
  VERIFICATION_CHARGE_KOBO,
  type NextAction,
} from '../../domain/payment-method.ts';
import {
  GatewayError,
  type BankChargeProgress,
  type GatewayAuthorization,
  type GatewayBank,
  type GatewayTransaction,
} from '../../gateway/port.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import type { AppContext } from '../../app-context.ts';
import { enqueue } from '../../jobs/enqueue.ts';

/** How long a card or mandate flow may take before it must be started again. */
export const SETUP_LIFETIME_MS = 60 * 60_000;

export type PaymentMethodView = Static<typeof PaymentMethod>;

export function paymentMethodView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    object: 'payment_method',
    customer_id: row.customer_id,
    type: row.type,
    label: row.label,
    last4: row.last4,
    brand: row.brand,
    bank_code: row.bank_code,
    bank_name: row.bank_name,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** A customer reaches only their own objects; anything else reads as not found. */
export function assertSelf(principalCustomerId: string, requestedCustomerId: string): void {
  if (principalCustomerId !== requestedCustomerId) throw notFound('Customer');
}

function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) {
    if (error.kind === 'rejected')
      throw new DomainError('payment_failed', `The payment gateway declined: ${error.message}`);
    throw new DomainError(
      'gateway_unavailable',
      'The payment gateway did not answer. Try again in a moment.',
      { retryable: true },
    );
  }
  throw error;
}

async function customerEmail(db: Db, customerId: string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row.email;
}

export async function listPaymentMethods(
  ctx: AppContext,
  customerId: string,
): Promise<{ data: PaymentMethodView[]; total: number }> {
  const rows = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return { data: rows.map(paymentMethodView), total: rows.length };
}

const BANK_CACHE_MS = 60 * 60_000;
const bankCache = new WeakMap<object, { banks: GatewayBank[]; fetchedAtMs: number }>();

/**
 * The gateway's Nigerian banks, cached for an hour, sorted by name. Codes are the CBN's 3-digit
 * ones (spec §2.2; the adapter translates the gateway's own), so a bank the gateway lists under a
 * code we cannot translate is left out rather than shown with a wrong code.
 */
async function gatewayBanks(ctx: AppContext): Promise<GatewayBank[]> {
  const nowMs = ctx.clock.now().getTime();
  let cached = bankCache.get(ctx.gateway);
  if (!cached || nowMs - cached.fetchedAtMs > BANK_CACHE_MS) {
    const banks = await ctx.gateway.listBanks().catch(gatewayFailure);
    cached = {
      banks: banks
        .filter((b) => /^\d{3}$/.test(b.code))
        .sort((a, b) => a.name.localeCompare(b.name)),
      fetchedAtMs: nowMs,
    };
    bankCache.set(ctx.gateway, cached);
  }
  return cached.banks;
}

/** Banks that support direct-debit mandates (the customer's bank-account step). */
export async function listMandateBanks(ctx: AppContext): Promise<{ name: string; code: string }[]> {
  return (await gatewayBanks(ctx))
    .filter((b) => b.supportsDirectDebit)
    .map((b) => ({ name: b.name, code: b.code }));
}

/**
 * Every bank a transfer can reach: where a merchant's settlement account may be (payouts are
 * transfers), each saying whether it also takes direct-debit mandates.
 */
export async function listBanks(
  ctx: AppContext,
): Promise<{ name: string; code: string; direct_debit: boolean }[]> {
  return (await gatewayBanks(ctx)).map((b) => ({
    name: b.name,
    code: b.code,
    direct_debit: b.supportsDirectDebit,
  }));
}

function validateCallbackUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('invalid_request', 'callback_url must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new DomainError('invalid_request', 'callback_url must be an http(s) URL.');
}

async function insertSetup(
  ctx: AppContext,
  values: Omit<
    PaymentMethodSetupRow,
    | 'status'
    | 'next_action'
    | 'failure_reason'
    | 'payment_method_id'
    | 'created_at'
    | 'expires_at'
    | 'updated_at'
  >,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('payment_method_setups')
    .values({
      ...values,
      status: 'initializing',
      next_action: null,
      failure_reason: null,
      payment_method_id: null,
      created_at: now,
      expires_at: new Date(now.getTime() + SETUP_LIFETIME_MS),
      updated_at: now,
    })
    .execute();
}

async function markSetup(
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

/**
 * Card flow, step 1 (spec §4.1): a ₦50 verification charge on the gateway's hosted page. The setup
 * row is committed before the gateway call (never a network call inside a transaction).
 */
export async function initializeCard(
  ctx: AppContext,
  customerId: string,
  input: { callbackUrl: string; isDefault: boolean },
): Promise<{ authorization_url: string; reference: string }> {
  validateCallbackUrl(input.callbackUrl);
  const email = await customerEmail(ctx.db, customerId);
  // Gateway references allow letters, digits, '-', '.' and '='.
  const reference = `pmc-${randomBase62(24)}`;
  await insertSetup(ctx, {
    reference,
    customer_id: customerId,
    type: 'card',
    bank_code: null,
    bank_name: null,
    account_number: null,
    callback_url: input.callbackUrl,
    is_default: input.isDefault,
  });
  try {
    const started = await ctx.gateway.initializeCardAuthorization({
      email,
      amountKobo: VERIFICATION_CHARGE_KOBO,
      reference,
      callbackUrl: input.callbackUrl,
      metadata: { purpose: 'payment_method_verification', customer_id: customerId },
    });
    await markSetup(ctx, reference, { status: 'pending', next_action: 'redirect' });
    return { authorization_url: started.authorizationUrl, reference };
  } catch (error) {
    await markSetup(ctx, reference, {
      status: 'failed',
      failure_reason: error instanceof Error ? error.message : 'gateway error',
    });
    return gatewayFailure(error);
  }
}

async function loadSetup(
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
  if (!setup || setup.customer_id !== customerId || setup.type !== type)
    throw notFound(type === 'card' ? 'Card setup' : 'Bank mandate setup');
  return setup;
}

async function methodOfSetup(
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

function assertSetupOpen(setup: PaymentMethodSetupRow, now: Date): void {
  if (setup.status === 'failed')
    throw new DomainError(
      'payment_failed',
      `This setup failed: ${setup.failure_reason ?? 'declined'}. Start again.`,
    );
  if (setup.expires_at <= now)
    throw new DomainError('setup_expired', 'This setup has expired. Start again.');
}

/** Card flow, step 2: after the redirect back, confirm with the gateway and save the card. */
export async function verifyCard(
  ctx: AppContext,
  customerId: string,
  input: { reference: string; isDefault?: boolean },
): Promise<PaymentMethodView> {
  const setup = await loadSetup(ctx, customerId, input.reference, 'card');
  // Verifying twice returns the card saved the first time (double clicks, retried requests).
  if (setup.status === 'completed') return methodOfSetup(ctx, setup);
  assertSetupOpen(setup, ctx.clock.now());
  const transaction = await ctx.gateway.verifyTransaction(setup.reference).catch(gatewayFailure);
  if (!transaction || transaction.status === 'pending') {
    throw new DomainError(
      'setup_pending',
      'The card has not been confirmed on the payment page yet. Finish it there, then verify again.',
    );
  }
  const problem = cardVerificationProblem(transaction, await customerEmail(ctx.db, customerId));
  if (problem) {
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: problem });
    throw new DomainError('payment_failed', `Card verification failed: ${problem}`);
  }
  const authorization = transaction.authorization;
  if (!authorization)
    throw new DomainError('payment_failed', 'Card verification failed: no authorization.');
  return savePaymentMethod(ctx, setup, authorization, input.isDefault ?? setup.is_default);
}

/** Value is given only for the exact charge we asked for (docs: check status, amount, currency). */
function cardVerificationProblem(tx: GatewayTransaction, email: string): string | null {
  if (tx.status !== 'success') return tx.message || 'declined';
  if (tx.amountKobo !== VERIFICATION_CHARGE_KOBO || tx.currency !== 'NGN')
    return 'the verification charge does not match';
  if (tx.customerEmail && tx.customerEmail.toLowerCase() !== email.toLowerCase())
    return 'the card was verified for another customer';
  if (!tx.authorization?.reusable) return 'this card cannot be used for automatic debits';
  return null;
}

/**
 * Saves the method, applies the default rules and closes the setup, in one transaction. The ₦50
 * verification charge is refunded by a job enqueued in the same transaction.
 */
async function savePaymentMethod(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  authorization: GatewayAuthorization,
  requestedDefault: boolean,
): Promise<PaymentMethodView> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const locked = await tx
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('reference', '=', setup.reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status === 'completed') {
      return paymentMethodView(
        await tx
          .selectFrom('payment_methods')
          .selectAll()
          .where('setup_reference', '=', setup.reference)
          .executeTakeFirstOrThrow(),
      );
    }
    const hasDefault = await tx
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', setup.customer_id)
      .where('deleted_at', 'is', null)
      .where('is_default', '=', true)
      .forUpdate()
      .executeTakeFirst();
    const isDefault = requestedDefault || !hasDefault;
    if (isDefault && hasDefault)
      await tx
        .updateTable('payment_methods')
        .set({ is_default: false })
        .where('id', '=', hasDefault.id)
        .execute();
    const isCard = setup.type === 'card';
    const bankName = setup.bank_name ?? authorization.bank ?? 'Bank';
    const last4 = isCard
      ? authorization.last4
      : (setup.account_number ?? authorization.last4).slice(-4);
    const row = await tx
      .insertInto('payment_methods')
      .values({
        id: newId('pm'),
        customer_id: setup.customer_id,
        type: setup.type,
        label: isCard
          ? cardLabel(authorization.brand)
          : bankLabel(bankName, setup.account_number ?? last4),
        last4,
        brand: isCard ? cardLabel(authorization.brand).replace(/ Card$/, '') : bankName,
        bank_code: setup.bank_code,
        bank_name: isCard ? authorization.bank : bankName,
        exp_month: isCard ? authorization.expMonth : null,
        exp_year: isCard ? authorization.expYear : null,
        authorization_sealed: ctx.secretBox.seal(authorization.code),
        authorization_digest: sha256Hex(authorization.code),
        gateway_signature: authorization.signature,
        is_default: isDefault,
        status: 'active',
        revoked_at: null,
        revoked_reason: null,
        setup_reference: setup.reference,
        created_at: now,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('payment_method_setups')
      .set({
        status: 'completed',
        next_action: 'success',
        payment_method_id: row.id,
        updated_at: now,
      })
      .where('reference', '=', setup.reference)
      .execute();
    await enqueueVerificationRefund(tx, setup.reference);
    return paymentMethodView(row);
  });
}

/** Outbox: the refund job is added in the transaction that saved the method (job key de-duplicates). */
async function enqueueVerificationRefund(tx: Tx, reference: string): Promise<void> {
  await enqueue(
    tx,
    'refund_verification_charge',
    { reference },
    { jobKey: `refund-verification:${reference}`, maxAttempts: 25 },
  );
}

export interface MandateStep {
  next_action: NextAction;
  reference: string;
  display_text: string | null;
  url?: string;
  data?: PaymentMethodView;
}

const DISPLAY_TEXT: Record<NextAction, string> = {
  submit_otp: 'Enter the one-time password your bank sent to the phone number on this account.',
  submit_birthday: 'Enter your date of birth as your bank has it.',
  submit_phone: 'Enter the phone number registered with this account.',
  submit_pin: 'Enter your PIN.',
  open_url: 'Authorize the direct debit with your bank in the window that opens.',
  pending: 'Your bank is confirming the mandate. Check again in a few seconds.',
  success: 'Bank account linked.',
};

/** Turns a gateway step into the response the widget follows, saving the method on success. */
async function advanceMandate(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  progress: BankChargeProgress,
  isDefault: boolean,
): Promise<MandateStep> {
  if (progress.step === 'failed') {
    const reason = progress.transaction?.message || progress.message || 'declined by the bank';
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: reason });
    throw new DomainError('payment_failed', `The bank did not approve the mandate: ${reason}`);
  }
  if (progress.step === 'success') {
    const authorization = progress.transaction?.authorization;
    if (
      progress.transaction &&
      progress.transaction.amountKobo === VERIFICATION_CHARGE_KOBO &&
      authorization?.reusable
    ) {
      const method = await savePaymentMethod(ctx, setup, authorization, isDefault);
      return {
        next_action: 'success',
        reference: setup.reference,
        display_text: DISPLAY_TEXT.success,
        data: method,
      };
    }
    await markSetup(ctx, setup.reference, {
      status: 'failed',
      failure_reason: 'the mandate cannot be used for automatic debits',
    });
    throw new DomainError(
      'payment_failed',
      'The bank approved the charge but the mandate cannot be used for automatic debits.',
    );
  }
  const nextAction = nextActionFor(progress.step);
  await markSetup(ctx, setup.reference, { status: 'pending', next_action: nextAction });
  return {
    next_action: nextAction,
    reference: setup.reference,
    display_text: progress.displayText ?? DISPLAY_TEXT[nextAction],
    ...(nextAction === 'open_url' && progress.url ? { url: progress.url } : {}),
  };
}

export async function initiateBankMandate(
  ctx: AppContext,
  customerId: string,
  input: { bankCode: string; accountNumber: string; isDefault: boolean },
): Promise<MandateStep> {
  assertNuban(input.accountNumber);
  const email = await customerEmail(ctx.db, customerId);
  const bank = (await listMandateBanks(ctx)).find((b) => b.code === input.bankCode);
  if (!bank)
    throw new DomainError(
      'invalid_request',
      `bank_code "${input.bankCode}" is not a bank that supports direct debit. See GET /api/v1/payment-methods/banks.`,
    );
  const reference = `pmb-${randomBase62(24)}`;
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
  const setup = await loadSetup(ctx, customerId, reference, 'bank');
  let progress: BankChargeProgress;
  try {
    progress = await ctx.gateway.startBankCharge({
      email,
      amountKobo: VERIFICATION_CHARGE_KOBO,
      bankCode: bank.code,
      accountNumber: input.accountNumber,
      reference,
      metadata: { purpose: 'payment_method_verification', customer_id: customerId },
    });
  } catch (error) {
    await markSetup(ctx, reference, {
      status: 'failed',
      failure_reason: error instanceof Error ? error.message : 'gateway error',
    });
    return gatewayFailure(error);
  }
  return advanceMandate(ctx, setup, progress, input.isDefault);
}

export interface MandateStepInput {
  reference: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  isDefault: boolean;
}

type StepKind = 'otp' | 'birthday' | 'phone' | 'verify';
const EXPECTED_ACTION: Record<StepKind, NextAction[]> = {
  otp: ['submit_otp'],
  birthday: ['submit_birthday'],
  phone: ['submit_phone'],
  verify: ['open_url', 'pending'],
};

/** Steps 2… of the bank flow. The echoed bank details must be those the flow started with. */
export async function continueBankMandate(
  ctx: AppContext,
  customerId: string,
  kind: StepKind,
  input: MandateStepInput,
  value: string,
): Promise<MandateStep> {
  const setup = await loadSetup(ctx, customerId, input.reference, 'bank');
  if (setup.bank_code !== input.bankCode || setup.account_number !== input.accountNumber) {
    throw new DomainError(
      'invalid_request',
      'bank_code and account_number must be those of the mandate being set up.',
    );
  }
  if (setup.status === 'completed') {
    return {
      next_action: 'success',
      reference: setup.reference,
      display_text: DISPLAY_TEXT.success,
      data: await methodOfSetup(ctx, setup),
    };
  }
  assertSetupOpen(setup, ctx.clock.now());
  const expected = EXPECTED_ACTION[kind];
  if (!setup.next_action || !expected.includes(setup.next_action as NextAction)) {
    throw new DomainError(
      'conflict',
      `This mandate is waiting for ${setup.next_action ?? 'nothing'}, not ${kind}.`,
    );
  }
  let progress: BankChargeProgress;
  try {
    if (kind === 'otp') progress = await ctx.gateway.submitOtp(setup.reference, value);
    else if (kind === 'birthday')
      progress = await ctx.gateway.submitBirthday(setup.reference, value);
    else if (kind === 'phone') progress = await ctx.gateway.submitPhone(setup.reference, value);
    else progress = await ctx.gateway.checkPendingCharge(setup.reference);
  } catch (error) {
    return gatewayFailure(error);
  }
  if (kind === 'verify' && (progress.step === 'open_url' || progress.step === 'pending')) {
    throw new DomainError(
      'setup_pending',
      'The bank has not confirmed the mandate yet. Finish the authorization, then verify again.',
    );
  }
  return advanceMandate(ctx, setup, progress, input.isDefault);
}

async function lockCustomerMethods(tx: Tx, customerId: string): Promise<PaymentMethodRow[]> {
  return (
    tx
      .selectFrom('payment_methods')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      // Rows are locked in this order: it must be total (the id breaks created_at ties), or two
      // transactions can take the same rows in opposite orders and deadlock.
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .forUpdate()
      .execute()
  );
}

/** Makes the newest other active method the default, if the customer has one. */
async function promoteNextDefault(
  tx: Tx,
  methods: PaymentMethodRow[],
  leavingId: string,
): Promise<void> {
  const next = methods.find((m) => m.id !== leavingId && m.status === 'active');
  if (next)
    await tx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', next.id)
      .execute();
}

export async function setDefaultPaymentMethod(
  ctx: AppContext,
  customerId: string,
  methodId: string,
): Promise<void> {
  await runWrite(ctx.db, async (tx) => {
    const methods = await lockCustomerMethods(tx, customerId);
    const target = methods.find((m) => m.id === methodId);
    if (!target) throw notFound('Payment method');
    if (target.status !== 'active')
      throw new DomainError(
        'payment_method_unusable',
        'This payment method was revoked and cannot be the default.',
      );
    await tx
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('customer_id', '=', customerId)
      .where('id', '!=', methodId)
      .where('is_default', '=', true)
      .execute();
    await tx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', methodId)
      .execute();
  });
}

/** Removes the method from the customer's list; kept (hidden) for the records of what it paid. */
export async function deletePaymentMethod(
  ctx: AppContext,
  customerId: string,
  methodId: string,
): Promise<void> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    const methods = await lockCustomerMethods(tx, customerId);
    const target = methods.find((m) => m.id === methodId);
    if (!target) throw notFound('Payment method');
    const backing = await tx
      .selectFrom('payment_plans')
      .select('id')
      .where('payment_method_id', '=', methodId)
      .where('status', 'in', ['pending_deposit', 'active', 'defaulted'])
      .executeTakeFirst();
    if (backing) {
      throw new DomainError(
        'payment_method_in_use',
        'This payment method pays an open installment plan. Link another method and switch the plan to it first.',
      );
    }
    await tx
      .updateTable('payment_methods')
      .set({ deleted_at: now, is_default: false })
      .where('id', '=', methodId)
      .execute();
    if (target.is_default) await promoteNextDefault(tx, methods, methodId);
  });
}

/**
 * A revocation from the gateway (dispute, revoked authorization, cancelled mandate, disabled
 * subscription): the method is never charged again and stops being the default; the newest other
 * active method takes over as default; merchants with open plans on it and the customer are told.
 * Returns the methods affected.
 */
export async function revokeByAuthorization(
  tx: Tx,
  authorizationCode: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  const affected = await tx
    .selectFrom('payment_methods')
    .select(['id', 'customer_id', 'is_default'])
    .where('authorization_digest', '=', sha256Hex(authorizationCode))
    .where('status', '=', 'active')
    .forUpdate()
    .execute();
  for (const method of affected) {
    await tx
      .updateTable('payment_methods')
      .set({ status: 'revoked', is_default: false, revoked_at: now, revoked_reason: reason })
      .where('id', '=', method.id)
      .execute();
    if (method.is_default)
      await promoteNextDefault(tx, await lockCustomerMethods(tx, method.customer_id), method.id);
  }
  await noticeRevokedMethods(
    tx,
    affected.map((m) => m.id),
    now,
  );
  return affected.map((m) => m.id);
}
