import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { PaymentMethodSetupRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { bankLabel } from '../../domain/payment-method.ts';
import type { GatewayEvent, GatewayMandate } from '../../gateway/port.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { lockCustomerMethods } from './defaults.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { continueBankMandate, type MandateStep, type MandateStepInput } from './mandate-flow.ts';
import { revokeByAuthorization } from './revocation.ts';
import { assertSetupOpen, loadSetup, markSetup, methodOfSetup, openBankSetup } from './setups.ts';
import { type PaymentMethodView, paymentMethodView } from './view.ts';

/*
 * Bank mandates through Paystack's Direct Debit API (docs/gateway-protocol.md §13, decision 0044),
 * behind the interface's public steps (spec §4.1): initiate-bank-mandate answers `open_url` with
 * the gateway's consent page; then the customer's verify call, the `direct_debit.authorization.*`
 * webhooks or the sync job complete it, each by asking the gateway (a webhook only says "look now").
 *
 * The payment method of a mandate: pending (the customer approved; the bank has not activated
 * it: never charged, never default, cannot back a plan) → active; pending → failed (no
 * activation ACTIVATION_GIVE_UP_MS after approval, one activation-charge retry included);
 * pending or active → revoked (the lists say `revoked`, a sandbox revocation event, or the
 * customer removed it). There is no ₦50 of ours to refund: Paystack debits and refunds its own
 * account validation (§15.3).
 */

/** A mandate still pending this long after approval gets one activation-charge retry (§13.4). */
export const ACTIVATION_RETRY_AFTER_MS = 24 * 60 * 60_000;
/** Still pending this long after approval, and a day after the retry: the mandate failed. */
export const ACTIVATION_GIVE_UP_MS = 72 * 60 * 60_000;
/** Pages of the gateway's mandate lists one sync reads per status (100 each). */
const MAX_LIST_PAGES = 50;

const TEXT = {
  open_url:
    'Authorize the direct debit on the page that opens. Your bank then activates it, which can take up to 24 hours.',
  pendingActivation:
    'Direct debit authorized. Your bank is activating it (it checks the account with a ₦50 debit that is refunded); this can take up to 24 hours.',
  active: 'Bank account linked.',
};

export function usesDirectDebit(ctx: AppContext): boolean {
  return (ctx.settings.bankMandateApi ?? 'direct_debit') === 'direct_debit';
}

export async function initiateDirectDebitMandate(
  ctx: AppContext,
  customerId: string,
  input: {
    bankCode: string;
    accountNumber: string;
    isDefault: boolean;
    address?: { street: string; city: string; state: string };
  },
): Promise<MandateStep> {
  const { reference, email, bank } = await openBankSetup(ctx, customerId, input, 'pmd');
  let started;
  try {
    started = await ctx.gateway.initializeMandate({
      email,
      bankCode: bank.code,
      accountNumber: input.accountNumber,
      ...(input.address && { address: input.address }),
    });
  } catch (error) {
    await markSetup(ctx, reference, {
      status: 'failed',
      failure_reason: error instanceof Error ? error.message : 'gateway error',
    });
    return gatewayFailure(error);
  }
  await ctx.db
    .updateTable('payment_method_setups')
    .set({
      gateway_reference: started.reference,
      status: 'pending',
      next_action: 'open_url',
      updated_at: ctx.clock.now(),
    })
    .where('reference', '=', reference)
    .execute();
  return {
    next_action: 'open_url',
    reference,
    display_text: TEXT.open_url,
    url: started.redirectUrl,
  };
}

/**
 * POST bank-mandate/verify. A Direct Debit set-up asks the gateway: before approval 409
 * `setup_pending`; after it `success` with the method, `pending` until the bank activates it
 * (verify again to see it turn `active`). Other set-ups go through the pay-with-bank flow.
 */
export async function verifyBankMandate(
  ctx: AppContext,
  customerId: string,
  input: MandateStepInput,
): Promise<MandateStep> {
  const setup = await loadSetup(ctx, customerId, input.reference, 'bank');
  if (setup.gateway_reference === null) {
    return continueBankMandate(ctx, customerId, 'verify', input, '');
  }
  if (setup.bank_code !== input.bankCode || setup.account_number !== input.accountNumber) {
    throw new DomainError(
      'invalid_request',
      'bank_code and account_number must be those of the mandate being set up.',
    );
  }
  if (setup.status !== 'completed') assertSetupOpen(setup, ctx.clock.now());
  let mandate: GatewayMandate | null;
  try {
    mandate = await ctx.gateway.verifyMandate(setup.gateway_reference);
  } catch (error) {
    return gatewayFailure(error);
  }
  if (!mandate) {
    if (setup.status === 'completed') {
      // Saved before, and the gateway no longer answers for it: the method as it stands.
      const saved = await methodOfSetup(ctx, setup);
      return {
        next_action: 'success',
        reference: setup.reference,
        display_text: saved.status === 'active' ? TEXT.active : TEXT.pendingActivation,
        data: saved,
      };
    }
    throw new DomainError(
      'setup_pending',
      'The direct debit has not been authorized yet. Finish it on the page that opened, then verify again.',
    );
  }
  const method = await applyMandate(ctx, setup, mandate);
  return {
    next_action: 'success',
    reference: setup.reference,
    display_text: method.status === 'active' ? TEXT.active : TEXT.pendingActivation,
    data: method,
  };
}

/**
 * What the gateway said about one set-up's mandate: saved (pending or active) if not yet, then
 * activated when the gateway says it is active. Idempotent; one transaction.
 */
async function applyMandate(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  mandate: GatewayMandate,
): Promise<PaymentMethodView> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const locked = await tx
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('reference', '=', setup.reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    let methodId = locked.payment_method_id;
    if (methodId === null) {
      methodId = await insertMandateMethod(tx, ctx, locked, mandate, now);
    }
    if (mandate.active) await activate(tx, locked.customer_id, methodId, locked.is_default, now);
    return paymentMethodView(
      await tx
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', methodId)
        .executeTakeFirstOrThrow(),
    );
  });
}

async function insertMandateMethod(
  tx: Tx,
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  mandate: GatewayMandate,
  now: Date,
): Promise<string> {
  const bankName = setup.bank_name ?? mandate.bank ?? 'Bank';
  const accountNumber = setup.account_number ?? '';
  const row = await tx
    .insertInto('payment_methods')
    .values({
      id: newId('pm'),
      customer_id: setup.customer_id,
      type: 'bank',
      label: bankLabel(bankName, accountNumber),
      last4: accountNumber.slice(-4),
      brand: bankName,
      bank_code: setup.bank_code,
      bank_name: bankName,
      exp_month: null,
      exp_year: null,
      authorization_sealed: ctx.secretBox.seal(mandate.authorizationCode),
      authorization_digest: sha256Hex(mandate.authorizationCode),
      gateway_signature: null,
      // Made default (if asked, or if the customer has none) only once it is active.
      is_default: false,
      status: 'pending',
      revoked_at: null,
      revoked_reason: null,
      setup_reference: setup.reference,
      created_at: now,
      deleted_at: null,
    })
    .returning('id')
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
  return row.id;
}

/** pending → active; the default when asked for at set-up or when the customer has none. */
async function activate(
  tx: Tx,
  customerId: string,
  methodId: string,
  requestedDefault: boolean,
  now: Date,
): Promise<boolean> {
  const methods = await lockCustomerMethods(tx, customerId);
  const target = methods.find((m) => m.id === methodId);
  if (target?.status !== 'pending') return false;
  const currentDefault = methods.find((m) => m.is_default && m.status === 'active');
  const makeDefault = requestedDefault || !currentDefault;
  if (makeDefault && currentDefault) {
    await tx
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('id', '=', currentDefault.id)
      .execute();
  }
  await tx
    .updateTable('payment_methods')
    .set({ status: 'active', activated_at: now, is_default: makeDefault })
    .where('id', '=', methodId)
    .execute();
  return true;
}

/**
 * The `direct_debit.authorization.created` / `.active` webhooks (the gateway-events feature's
 * one handler calls this for both kinds). The event names a mandate; the gateway's verify of our
 * own set-up says what it is. `.created` carries no reference (§13.3), so the customer's open
 * Direct Debit set-ups are looked at; `.active` also finds the saved method by its code.
 */
export async function handleDirectDebitEvent(
  ctx: AppContext,
  event: GatewayEvent,
): Promise<'processed' | 'ignored'> {
  if (
    event.kind !== 'direct_debit.authorization.created' &&
    event.kind !== 'direct_debit.authorization.active'
  ) {
    return 'ignored';
  }
  const code = event.mandate.authorizationCode;
  const saved = await ctx.db
    .selectFrom('payment_methods')
    .innerJoin(
      'payment_method_setups',
      'payment_method_setups.reference',
      'payment_methods.setup_reference',
    )
    .selectAll('payment_method_setups')
    .where('payment_methods.authorization_digest', '=', sha256Hex(code))
    .where('payment_method_setups.gateway_reference', 'is not', null)
    .execute();
  let setups: PaymentMethodSetupRow[] = saved;
  if (setups.length === 0) {
    let query = ctx.db
      .selectFrom('payment_method_setups')
      .selectAll('payment_method_setups')
      .where('payment_method_setups.gateway_reference', 'is not', null)
      .where('payment_method_setups.status', 'in', ['initializing', 'pending']);
    query =
      event.reference !== null
        ? query.where('payment_method_setups.gateway_reference', '=', event.reference)
        : query
            .innerJoin('customers', 'customers.id', 'payment_method_setups.customer_id')
            .where((eb) =>
              eb(
                eb.fn('lower', ['customers.email']),
                '=',
                (event.mandate.customerEmail ?? '').toLowerCase(),
              ),
            );
    setups = await query.execute();
  }
  let applied = false;
  for (const setup of setups) {
    const reference = setup.gateway_reference;
    if (reference === null) continue;
    const mandate = await ctx.gateway.verifyMandate(reference);
    if (mandate?.authorizationCode !== code) continue;
    await applyMandate(ctx, setup, mandate);
    applied = true;
  }
  return applied ? 'processed' : 'ignored';
}

export interface MandateSyncReport {
  activated: number;
  retried: number;
  failed: number;
  revoked: number;
}

/**
 * The periodic job (`sync_mandates`): Paystack sends no revocation webhook (§13.6), and an
 * activation can be missed or never come. Revoked mandates are found in the gateway's list of
 * `revoked` ones; each pending method's set-up is verified (active → activated); one still
 * pending a day after approval gets an activation-charge retry, and one still pending
 * ACTIVATION_GIVE_UP_MS after approval (a day after that retry) has failed.
 */
export async function syncMandates(ctx: AppContext): Promise<MandateSyncReport> {
  const report: MandateSyncReport = { activated: 0, retried: 0, failed: 0, revoked: 0 };
  report.revoked = await revokeListedMandates(ctx);

  const pending = await ctx.db
    .selectFrom('payment_methods')
    .innerJoin(
      'payment_method_setups',
      'payment_method_setups.reference',
      'payment_methods.setup_reference',
    )
    .select([
      'payment_methods.id',
      'payment_methods.authorization_sealed',
      'payment_methods.created_at',
      'payment_methods.activation_retried_at',
      'payment_method_setups.reference',
      'payment_method_setups.gateway_reference',
    ])
    .where('payment_methods.status', '=', 'pending')
    .where('payment_methods.deleted_at', 'is', null)
    .where('payment_method_setups.gateway_reference', 'is not', null)
    .orderBy('payment_methods.created_at')
    .limit(500)
    .execute();
  let pendingRecords: Map<string, { customerId: number; authorizationId: number }> | undefined;
  for (const method of pending) {
    const now = ctx.clock.now();
    const setup = await ctx.db
      .selectFrom('payment_method_setups')
      .selectAll()
      .where('reference', '=', method.reference)
      .executeTakeFirstOrThrow();
    const mandate = await ctx.gateway.verifyMandate(method.gateway_reference ?? '');
    if (mandate?.active) {
      if ((await applyMandate(ctx, setup, mandate)).status === 'active') report.activated++;
      continue;
    }
    const age = now.getTime() - method.created_at.getTime();
    if (method.activation_retried_at === null && age >= ACTIVATION_RETRY_AFTER_MS) {
      pendingRecords ??= await listPendingRecords(ctx);
      const record = pendingRecords.get(ctx.secretBox.open(method.authorization_sealed));
      if (record) {
        await ctx.gateway.retryMandateActivation(record);
        await ctx.db
          .updateTable('payment_methods')
          .set({ activation_retried_at: now })
          .where('id', '=', method.id)
          .execute();
        report.retried++;
      }
    } else if (
      method.activation_retried_at !== null &&
      age >= ACTIVATION_GIVE_UP_MS &&
      now.getTime() - method.activation_retried_at.getTime() >= ACTIVATION_RETRY_AFTER_MS
    ) {
      if (await failMandate(ctx, method.id, now)) report.failed++;
    }
  }
  return report;
}

async function listPendingRecords(
  ctx: AppContext,
): Promise<Map<string, { customerId: number; authorizationId: number }>> {
  const records = new Map<string, { customerId: number; authorizationId: number }>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const listed = await ctx.gateway.listMandates({ status: 'pending', cursor, perPage: 100 });
    for (const m of listed.mandates) {
      if (m.customerId !== null && m.authorizationId !== null) {
        records.set(m.authorizationCode, {
          customerId: m.customerId,
          authorizationId: m.authorizationId,
        });
      }
    }
    cursor = listed.next;
    if (cursor === null) break;
  }
  return records;
}

/** Revokes our usable or pending methods whose mandate the gateway lists as `revoked`. */
async function revokeListedMandates(ctx: AppContext): Promise<number> {
  let revoked = 0;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const listed = await ctx.gateway.listMandates({ status: 'revoked', cursor, perPage: 100 });
    const digests = listed.mandates.map((m) => sha256Hex(m.authorizationCode));
    const ours =
      digests.length === 0
        ? []
        : await ctx.db
            .selectFrom('payment_methods')
            .select('authorization_digest')
            .where('authorization_digest', 'in', digests)
            .where('status', 'in', ['active', 'pending'])
            .execute();
    const wanted = new Set(ours.map((o) => o.authorization_digest));
    for (const mandate of listed.mandates) {
      if (!wanted.has(sha256Hex(mandate.authorizationCode))) continue;
      const now = ctx.clock.now();
      const ids = await runWrite(ctx.db, (tx) =>
        revokeByAuthorization(tx, mandate.authorizationCode, 'mandate.revoked', now),
      );
      revoked += ids.length;
    }
    cursor = listed.next;
    if (cursor === null) break;
  }
  return revoked;
}

/** pending → failed, and the mandate deactivated at the gateway (a job, after commit). */
async function failMandate(ctx: AppContext, methodId: string, now: Date): Promise<boolean> {
  return runWrite(ctx.db, async (tx) => {
    const changed = await tx
      .updateTable('payment_methods')
      .set({
        status: 'failed',
        revoked_at: now,
        revoked_reason: 'the bank did not activate the mandate',
      })
      .where('id', '=', methodId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (changed) await enqueueDeactivation(tx, methodId);
    return changed !== undefined;
  });
}

/** Outbox: the gateway forgets the authorization once this commits (job key de-duplicates). */
export async function enqueueDeactivation(tx: Tx, methodId: string): Promise<void> {
  await enqueue(
    tx,
    'deactivate_authorization',
    { payment_method_id: methodId },
    { jobKey: `deactivate-authorization:${methodId}`, maxAttempts: 25 },
  );
}

/** The `deactivate_authorization` job's work: POST /customer/authorization/deactivate. */
export async function deactivateAtGateway(ctx: AppContext, methodId: string): Promise<void> {
  const method = await ctx.db
    .selectFrom('payment_methods')
    .select('authorization_sealed')
    .where('id', '=', methodId)
    .executeTakeFirst();
  if (!method) return;
  // False: the gateway no longer knows the code, which is what we wanted.
  await ctx.gateway.deactivateAuthorization(ctx.secretBox.open(method.authorization_sealed));
}
