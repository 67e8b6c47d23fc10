import type { AppContext } from '../../app-context.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { SandboxControlError } from '../../gateway/sandbox/control-client.ts';
import { checkChargeReversal } from '../disputes/index.ts';

/**
 * What a sandbox plan can be made to go through that no public call causes: the gateway's side
 * of the story (a customer's card running dry, a bank revoking a mandate, a refund made on the
 * gateway's dashboard, a card holding less than an installment). `tranche trigger` uses them to
 * make payment.failed, payment_plan.defaulted, payment_method.revoked, refund.failed,
 * payment.partial, payment.reversed and the dispute.* events really happen.
 */
export const SIMULATIONS = [
  'decline_debits',
  'revoke_payment_method',
  'refund_at_gateway',
  'partial_funds',
  'open_dispute',
  'remind_dispute',
  'resolve_dispute',
  'reverse_payment',
] as const;
export type Simulation = (typeof SIMULATIONS)[number];

/**
 * Asks the sandbox gateway for one simulation on a merchant's own sandbox plan. The effects then
 * come back through the normal paths (a failed debit, the gateway's revocation webhook, a refused
 * refund), exactly as they would from Paystack.
 */
export async function simulateOnSandboxPlan(
  ctx: AppContext,
  merchantId: string,
  planId: string,
  simulation: Simulation,
): Promise<void> {
  const control = ctx.sandboxGateway;
  if (!control) {
    throw new DomainError(
      'forbidden',
      'Simulations need the sandbox gateway; this service uses a live payment gateway.',
    );
  }
  const plan = await ctx.db
    .selectFrom('payment_plans')
    .innerJoin('payment_methods', 'payment_methods.id', 'payment_plans.payment_method_id')
    .select([
      'payment_plans.merchant_id',
      'payment_plans.livemode',
      'payment_methods.type as method_type',
      'payment_methods.authorization_sealed',
    ])
    .where('payment_plans.id', '=', planId)
    .executeTakeFirst();
  if (!plan || plan.merchant_id !== merchantId || plan.livemode) throw notFound('Payment plan');
  const authorizationCode = ctx.secretBox.open(plan.authorization_sealed);
  try {
    if (simulation === 'decline_debits') {
      await control.setAuthorizationBehaviour(authorizationCode, 'insufficient_funds');
    } else if (simulation === 'partial_funds') {
      // The card holds 60% of the next unpaid installment (rounded up): less than a full debit
      // needs, enough for a partial debit at a floor up to 60% (decision 0045).
      const next = await ctx.db
        .selectFrom('installments')
        .select('amount_kobo')
        .where('plan_id', '=', planId)
        .where('status', 'in', ['scheduled', 'failed'])
        .orderBy('sequence')
        .limit(1)
        .executeTakeFirst();
      if (!next) throw new DomainError('conflict', 'The plan has no unpaid installment.');
      await control.setAuthorizationBalance(
        authorizationCode,
        Math.floor((next.amount_kobo * 60 + 99) / 100),
      );
    } else if (simulation === 'revoke_payment_method') {
      await control.sendRevocation(
        plan.method_type === 'bank' ? 'mandate.revoked' : 'authorization.revoked',
        authorizationCode,
      );
    } else if (simulation === 'remind_dispute' || simulation === 'resolve_dispute') {
      const dispute = await ctx.db
        .selectFrom('disputes')
        .select('gateway_dispute_id')
        .where('plan_id', '=', planId)
        .where('status', '=', 'needs_response')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!dispute) {
        throw new DomainError('conflict', 'The plan has no dispute waiting for an answer.');
      }
      if (simulation === 'remind_dispute') await control.remindDispute(dispute.gateway_dispute_id);
      else await control.resolveDispute(dispute.gateway_dispute_id, 'won');
    } else {
      const charge = await ctx.db
        .selectFrom('charges')
        .select('reference')
        .where('plan_id', '=', planId)
        .where('status', '=', 'success')
        .orderBy('settled_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!charge) {
        throw new DomainError(
          'conflict',
          simulation === 'open_dispute'
            ? 'The plan has no collected payment to dispute yet.'
            : simulation === 'reverse_payment'
              ? 'The plan has no collected payment to reverse yet.'
              : 'The plan has no collected payment to refund yet.',
        );
      }
      if (simulation === 'open_dispute') await control.openDispute(charge.reference);
      else await control.refundAtGateway(charge.reference);
      if (simulation === 'reverse_payment') await reverseNow(ctx, charge.reference);
    }
  } catch (error) {
    if (!(error instanceof SandboxControlError)) throw error;
    // Asked twice, the refund is already there: the simulation's outcome holds, as a repeat of
    // the other two simulations does.
    if (simulation === 'refund_at_gateway' && /fully reversed/i.test(error.gatewayMessage ?? '')) {
      return;
    }
    // The gateway refusing what was asked is the plan's state, not an outage.
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      throw new DomainError(
        'conflict',
        `Simulation refused by the sandbox gateway: ${error.gatewayMessage ?? error.message}`,
      );
    }
    throw new DomainError('gateway_unavailable', `Simulation failed: ${error.message}.`);
  }
}

/** How long the sandbox may take to process the refund behind a reversal (its default is 1 s). */
const REVERSAL_WAIT_MS = 15_000;

/**
 * The payment, refunded in full on the gateway's side, reads `reversed` once the refund is
 * processed; the nightly check (decision 0073) is then run on it at once instead of tonight.
 */
async function reverseNow(ctx: AppContext, reference: string): Promise<void> {
  const deadline = Date.now() + REVERSAL_WAIT_MS;
  for (;;) {
    const outcome = await checkChargeReversal(ctx, reference);
    if (outcome !== 'not_reversed' && outcome !== 'gateway_unreachable') return;
    if (Date.now() > deadline) {
      throw new DomainError(
        'gateway_unavailable',
        'The sandbox gateway did not show the payment reversed in time; try again.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
