import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { VERIFICATION_CHARGE_KOBO } from '../../domain/payment-method.ts';
import type { GatewayTransaction } from '../../gateway/port.ts';
import { randomBase62 } from '../../platform/ids.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { savePaymentMethod } from './saving.ts';
import {
  assertSetupOpen,
  customerEmail,
  insertSetup,
  loadSetup,
  markSetup,
  methodOfSetup,
} from './setups.ts';
import { refuseAndRefund } from './verification-refund.ts';
import type { PaymentMethodView } from './view.ts';

function validateCallbackUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('invalid_request', 'callback_url must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DomainError('invalid_request', 'callback_url must be an http(s) URL.');
  }
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

/**
 * Card flow, step 2: after the redirect back, confirm with the gateway and save the card. Whenever
 * the gateway took the charge and the card is refused (expired setup included), the refusal queues
 * its refund and says so (decision 0042).
 */
export async function verifyCard(
  ctx: AppContext,
  customerId: string,
  input: { reference: string; isDefault?: boolean },
): Promise<PaymentMethodView> {
  const setup = await loadSetup(ctx, customerId, input.reference, 'card');
  // Verifying twice returns the card saved the first time (double clicks, retried requests).
  if (setup.status === 'completed') return methodOfSetup(ctx, setup);
  const now = ctx.clock.now();
  if (setup.status === 'failed') assertSetupOpen(setup, now);
  const expired = setup.expires_at <= now;
  let transaction: GatewayTransaction | null;
  try {
    transaction = await ctx.gateway.verifyTransaction(setup.reference);
  } catch (error) {
    if (expired) assertSetupOpen(setup, now);
    return gatewayFailure(error);
  }
  const taken = transaction?.status === 'success' ? transaction.amountKobo : null;
  if (expired) {
    // Paid on the page but verified after the hour: refused, and the charge comes back.
    if (taken !== null) {
      return refuseAndRefund(ctx, setup, {
        reason: 'not verified within the hour',
        detail: 'This setup has expired. Start again.',
        amountKobo: taken,
        code: 'setup_expired',
      });
    }
    assertSetupOpen(setup, now);
  }
  if (!transaction || transaction.status === 'pending') {
    throw new DomainError(
      'setup_pending',
      'The card has not been confirmed on the payment page yet. Finish it there, then verify again.',
    );
  }
  const problem = cardVerificationProblem(transaction, await customerEmail(ctx.db, customerId));
  if (problem) {
    if (taken !== null) {
      return refuseAndRefund(ctx, setup, {
        reason: problem,
        detail: `Card verification failed: ${problem}.`,
        amountKobo: taken,
      });
    }
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: problem });
    throw new DomainError('payment_failed', `Card verification failed: ${problem}`);
  }
  const authorization = transaction.authorization;
  if (!authorization) {
    return refuseAndRefund(ctx, setup, {
      reason: 'the gateway returned no authorization',
      detail: 'Card verification failed: the gateway returned no authorization.',
      amountKobo: transaction.amountKobo,
    });
  }
  return savePaymentMethod(ctx, setup, authorization, input.isDefault ?? setup.is_default);
}

/** Value is given only for the exact charge we asked for (docs: check status, amount, currency). */
function cardVerificationProblem(tx: GatewayTransaction, email: string): string | null {
  if (tx.status !== 'success') return tx.message || 'declined';
  if (tx.amountKobo !== VERIFICATION_CHARGE_KOBO || tx.currency !== 'NGN') {
    return 'the verification charge does not match';
  }
  if (tx.customerEmail && tx.customerEmail.toLowerCase() !== email.toLowerCase()) {
    return 'the card was verified for another customer';
  }
  if (!tx.authorization?.reusable) return 'this card cannot be used for automatic debits';
  return null;
}
