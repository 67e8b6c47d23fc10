import type { AppContext } from '../../app-context.ts';
import type { PaymentMethodSetupRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { bankLabel, cardLabel, VERIFICATION_CHARGE_KOBO } from '../../domain/payment-method.ts';
import type { GatewayAuthorization } from '../../gateway/port.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { queueVerificationRefund } from './verification-refund.ts';
import { type PaymentMethodView, paymentMethodView } from './view.ts';

/**
 * Saves the method, applies the default rules and closes the setup, in one transaction. The ₦50
 * verification charge is refunded by a job queued in the same transaction (verification-refund.ts).
 */
export async function savePaymentMethod(
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
      .forNoKeyUpdate()
      .executeTakeFirst();
    const isDefault = requestedDefault || !hasDefault;
    if (isDefault && hasDefault) {
      await tx
        .updateTable('payment_methods')
        .set({ is_default: false })
        .where('id', '=', hasDefault.id)
        .execute();
    }
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
    // Outbox: the refund is queued in the transaction that saved the method (decision 0042).
    await queueVerificationRefund(tx, setup.reference, VERIFICATION_CHARGE_KOBO, now);
    return paymentMethodView(row);
  });
}
