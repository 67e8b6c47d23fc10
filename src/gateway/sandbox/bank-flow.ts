import {
  bankAccountScenario,
  isNigerianPhone,
  TEST_BANK_BIRTHDAY,
  TEST_BANK_OTP,
} from './test-data.ts';

/**
 * Pay-with-bank (POST /charge with `bank`) as a pure state machine over the test accounts.
 * States (`next`), stored on the transaction as `flow`:
 *
 *   send_otp ──123456──▶ send_birthday | send_phone | finished success
 *   send_otp ──another code──▶ send_otp again ("Invalid OTP"), up to BANK_OTP_ATTEMPTS codes in
 *            all; the last wrong one ends it as failed
 *   send_birthday ──2006-09-06──▶ finished success        (other dates: finished failed)
 *   send_phone ──Nigerian mobile number──▶ finished success
 *   open_url ──approve on the bank-auth page──▶ finished success   (decline: failed)
 *   pending ──settle delay (scheduler)──▶ success
 *
 * A wrong OTP asks for the code again, as banks do (the customer mistyped it or read an old
 * text), until the attempts run out; a wrong birthday or phone ends the charge as failed. After a
 * failure the client starts a new charge.
 */

/** Codes a charge takes before a wrong one ends it (the first included). */
export const BANK_OTP_ATTEMPTS = 3;

export type BankStep = 'send_otp' | 'send_birthday' | 'send_phone' | 'open_url' | 'pending';

export interface BankFlowState {
  kind: 'bank';
  bankCode: string;
  accountNumber: string;
  next: BankStep;
  /** Sent with POST /charge: checked after the OTP instead of asking for it. */
  birthday?: string;
  /** Wrong OTPs so far (absent: none). */
  wrongOtps?: number;
}

export type BankFlowResult =
  | { kind: 'interim'; state: BankFlowState }
  | { kind: 'finished'; status: 'success' | 'failed'; gatewayResponse: string };

export type BankSubmission = 'pin' | 'otp' | 'birthday' | 'phone';

const SUCCESS: BankFlowResult = {
  kind: 'finished',
  status: 'success',
  gatewayResponse: 'Approved',
};

function failed(gatewayResponse: string): BankFlowResult {
  return { kind: 'finished', status: 'failed', gatewayResponse };
}

/** The customer-facing prompt for a step (Paystack's `display_text`). */
export function displayText(state: BankFlowState): string | undefined {
  switch (state.next) {
    case 'send_otp':
      return (state.wrongOtps ?? 0) > 0
        ? `Invalid OTP. Please send the OTP sent to 080****${state.accountNumber.slice(-4)}`
        : `Please send the OTP sent to 080****${state.accountNumber.slice(-4)}`;
    case 'send_birthday':
      return 'Please enter your birthday';
    case 'send_phone':
      return 'Please enter your phone number';
    case 'open_url':
    case 'pending':
      return undefined;
  }
}

export function startBankCharge(
  bankCode: string,
  accountNumber: string,
  birthday: string | undefined,
): BankFlowResult {
  const scenario = bankAccountScenario(bankCode, accountNumber);
  const base = { kind: 'bank' as const, bankCode, accountNumber, ...(birthday && { birthday }) };
  switch (scenario.kind) {
    case 'otp':
      return { kind: 'interim', state: { ...base, next: 'send_otp' } };
    case 'open_url':
      return { kind: 'interim', state: { ...base, next: 'open_url' } };
    case 'pending':
      return { kind: 'interim', state: { ...base, next: 'pending' } };
    case 'insufficient_funds':
      return failed('Insufficient funds');
  }
}

const EXPECTED_STEP: Record<BankSubmission, BankStep | null> = {
  // No test account asks for a PIN; submit_pin exists for protocol completeness and refuses.
  pin: null,
  otp: 'send_otp',
  birthday: 'send_birthday',
  phone: 'send_phone',
};

/** `null` when the charge is not waiting for this kind of input. */
export function submitToBankCharge(
  state: BankFlowState,
  submission: BankSubmission,
  value: string,
): BankFlowResult | null {
  if (EXPECTED_STEP[submission] !== state.next) return null;
  switch (state.next) {
    case 'send_otp': {
      if (value !== TEST_BANK_OTP) {
        const wrongOtps = (state.wrongOtps ?? 0) + 1;
        if (wrongOtps >= BANK_OTP_ATTEMPTS) return failed('Invalid OTP');
        return { kind: 'interim', state: { ...state, wrongOtps } };
      }
      const scenario = bankAccountScenario(state.bankCode, state.accountNumber);
      if (scenario.kind !== 'otp' || scenario.then === 'none') return SUCCESS;
      if (scenario.then === 'phone') {
        return { kind: 'interim', state: { ...state, next: 'send_phone' } };
      }
      if (state.birthday !== undefined) return checkBirthday(state.birthday);
      return { kind: 'interim', state: { ...state, next: 'send_birthday' } };
    }
    case 'send_birthday':
      return checkBirthday(value);
    case 'send_phone':
      return isNigerianPhone(value) ? SUCCESS : failed('Invalid phone number');
    case 'open_url':
    case 'pending':
      return null;
  }
}

function checkBirthday(birthday: string): BankFlowResult {
  return birthday === TEST_BANK_BIRTHDAY ? SUCCESS : failed('Invalid birthday');
}

/** The customer's answer on the bank-auth page; `null` unless the charge is waiting for it. */
export function decideBankCharge(state: BankFlowState, approve: boolean): BankFlowResult | null {
  if (state.next !== 'open_url') return null;
  return approve ? SUCCESS : failed('Declined');
}
