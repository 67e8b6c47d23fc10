import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { PaymentMethodSetupRow } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import {
  MANDATE_OTP_ATTEMPTS,
  type NextAction,
  nextActionFor,
  otpPrompt,
  PIN_STEP_REFUSED,
  VERIFICATION_CHARGE_KOBO,
} from '../../domain/payment-method.ts';
import type { BankChargeProgress } from '../../gateway/port.ts';
/*
 * The bank-mandate flow (spec §4.1): a ₦50 verification charge on the customer's account, which the
 * bank may answer with a step (an OTP, a birthday, a phone number, a page to open) before it
 * approves. Each answer arrives in a request of its own, so the setup row remembers which step the
 * bank is waiting for and any other is refused; on success the method is saved as in the card flow.
 */
import { gatewayFailure } from './gateway-failure.ts';
import { savePaymentMethod } from './saving.ts';
import type { MandateStep as MandateStepSchema } from './schemas.ts';
import { assertSetupOpen, loadSetup, markSetup, methodOfSetup, openBankSetup } from './setups.ts';
import { refuseAndRefund } from './verification-refund.ts';

/** A step of the bank-mandate flow: the answer's fields beside `ok` (the schema has it inline). */
export type MandateStep = Omit<Static<typeof MandateStepSchema>, 'ok'>;

const DISPLAY_TEXT: Record<NextAction, string> = {
  submit_otp: otpPrompt(undefined, 0),
  submit_birthday: 'Enter your date of birth as your bank has it.',
  submit_phone: 'Enter the phone number registered with this account.',
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
  // No route takes a PIN, and none should (domain/payment-method.ts): the mandate cannot go on.
  if (progress.step === 'send_pin') {
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: PIN_STEP_REFUSED });
    throw new DomainError('payment_failed', `The mandate cannot be set up: ${PIN_STEP_REFUSED}`);
  }
  if (progress.step === 'failed') {
    const reason = progress.transaction?.message || progress.message || 'declined by the bank';
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: reason });
    throw new DomainError(
      'payment_failed',
      `The bank did not approve the mandate: ${sentenceOf(reason)}`,
    );
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
    // The bank took the charge: refused, and it comes back (decision 0042).
    return refuseAndRefund(ctx, setup, {
      reason: 'the mandate cannot be used for automatic debits',
      detail: 'The bank approved the charge but the mandate cannot be used for automatic debits.',
      amountKobo: progress.transaction?.amountKobo ?? VERIFICATION_CHARGE_KOBO,
    });
  }
  const nextAction = nextActionFor(progress.step);
  await markSetup(ctx, setup.reference, { status: 'pending', next_action: nextAction });
  return {
    next_action: nextAction,
    reference: setup.reference,
    // The bank's prompt in our words; for the other steps the bank's own, which say what to enter.
    display_text:
      nextAction === 'submit_otp'
        ? otpPrompt(progress.displayText, 0)
        : (progress.displayText ?? DISPLAY_TEXT[nextAction]),
    ...(nextAction === 'submit_otp' && { otp_attempts_left: MANDATE_OTP_ATTEMPTS }),
    ...(nextAction === 'open_url' && progress.url ? { url: progress.url } : {}),
  };
}

/**
 * The bank asked for the code again after one was submitted: it was wrong (issue 27). Counted on
 * the set-up, atomically (two submissions at once count twice); the last allowed wrong code ends
 * it, whatever the gateway would still take.
 */
async function wrongOtp(
  ctx: AppContext,
  setup: PaymentMethodSetupRow,
  progress: BankChargeProgress,
): Promise<MandateStep> {
  const counted = await ctx.db
    .updateTable('payment_method_setups')
    .set((eb) => ({ wrong_otp_count: eb('wrong_otp_count', '+', 1), updated_at: ctx.clock.now() }))
    .where('reference', '=', setup.reference)
    .returning('wrong_otp_count')
    .executeTakeFirstOrThrow();
  const wrong = counted.wrong_otp_count;
  if (wrong >= MANDATE_OTP_ATTEMPTS) {
    const reason = `the code was wrong ${MANDATE_OTP_ATTEMPTS} times`;
    await markSetup(ctx, setup.reference, { status: 'failed', failure_reason: reason });
    throw new DomainError(
      'payment_failed',
      `The bank stopped this set-up because ${reason}. Start again to get a new code.`,
    );
  }
  return {
    next_action: 'submit_otp',
    reference: setup.reference,
    display_text: otpPrompt(progress.displayText, wrong),
    otp_attempts_left: MANDATE_OTP_ATTEMPTS - wrong,
  };
}

export async function initiateBankMandate(
  ctx: AppContext,
  customerId: string,
  input: { bankCode: string; accountNumber: string; isDefault: boolean },
): Promise<MandateStep> {
  const { reference, email, bank } = await openBankSetup(ctx, customerId, input, 'pmb');
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
    else if (kind === 'birthday') {
      progress = await ctx.gateway.submitBirthday(setup.reference, value);
    } else if (kind === 'phone') progress = await ctx.gateway.submitPhone(setup.reference, value);
    else progress = await ctx.gateway.checkPendingCharge(setup.reference);
  } catch (error) {
    return gatewayFailure(error);
  }
  if (kind === 'otp' && progress.step === 'send_otp') return wrongOtp(ctx, setup, progress);
  if (kind === 'verify' && (progress.step === 'open_url' || progress.step === 'pending')) {
    throw new DomainError(
      'setup_pending',
      'The bank has not confirmed the mandate yet. Finish the authorization, then verify again.',
    );
  }
  return advanceMandate(ctx, setup, progress, input.isDefault);
}

/** A gateway's words ("Invalid OTP") as the end of our sentence, with its full stop. */
function sentenceOf(words: string): string {
  const trimmed = words.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
