import {
  cardOutcome,
  type CardStep,
  findTestCard,
  TEST_PHONE_MIN_DIGITS,
  type TestCard,
} from './test-data.ts';

/**
 * The hosted card page as a pure state machine. States, stored on the transaction as `flow`:
 *
 *   (no flow) ──card form──▶ collecting {card, completed steps}
 *   collecting ──each step (pin → phone → otp, or bank_auth) passes──▶ collecting
 *   collecting ──last step passes──▶ finished (the card's behaviour: success or a failure)
 *   collecting ──a step value is wrong──▶ finished failed (no authorization: the card never got
 *                                         as far as the issuer)
 *
 * Card-form mistakes (unknown number, wrong CVV, past expiry) are not outcomes: the form is shown
 * again, as a real checkout does, and the transaction stays `abandoned`.
 */

export interface CardFlowState {
  kind: 'card';
  cardNumber: string;
  expMonth: string;
  expYear: string;
  completed: CardStep[];
}

export interface CardInput {
  cardNumber?: string;
  expiry?: string;
  cvv?: string;
  pin?: string;
  otp?: string;
  phone?: string;
  /** Answer on the bank authorization page: approve or decline. */
  decision?: string;
}

export type CardFlowResult =
  | { kind: 'form_error'; message: string }
  | { kind: 'next_step'; state: CardFlowState; step: CardStep }
  | {
      kind: 'finished';
      state: CardFlowState;
      card: TestCard;
      status: 'success' | 'failed';
      gatewayResponse: string;
      /** Whether the issuer saw the card, so an authorization exists afterwards. */
      authorized: boolean;
    };

/** "MM/YY", "MM/YYYY" or "MM / YY"; the card must not have expired by `now`. */
export function parseExpiry(
  expiry: string,
  now: Date,
): { expMonth: string; expYear: string } | string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (match?.[1] === undefined || match[2] === undefined) return 'Enter the expiry as MM/YY';
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'The expiry month must be between 01 and 12';
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) {
    return 'This card has expired';
  }
  return { expMonth: String(month).padStart(2, '0'), expYear: String(year) };
}

export function normaliseCardNumber(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

function startFlow(input: CardInput, now: Date): CardFlowState | string {
  const cardNumber = normaliseCardNumber(input.cardNumber ?? '');
  if (!/^\d{12,19}$/.test(cardNumber)) return 'Enter a card number of 12 to 19 digits';
  const card = findTestCard(cardNumber);
  if (card === undefined) {
    return 'This is not a sandbox test card. Use one of the cards listed on this page.';
  }
  const expiry = parseExpiry(input.expiry ?? '', now);
  if (typeof expiry === 'string') return expiry;
  if ((input.cvv ?? '').trim() !== card.cvv) return 'The CVV does not match this test card';
  return { kind: 'card', cardNumber, ...expiry, completed: [] };
}

type StepCheck = 'missing' | 'ok' | { failure: string };

function checkStep(card: TestCard, step: CardStep, input: CardInput): StepCheck {
  switch (step) {
    case 'pin':
      if (input.pin === undefined) return 'missing';
      return input.pin.trim() === card.pin ? 'ok' : { failure: 'Incorrect PIN' };
    case 'otp':
      if (input.otp === undefined) return 'missing';
      return input.otp.trim() === card.otp ? 'ok' : { failure: 'Invalid OTP' };
    case 'phone': {
      if (input.phone === undefined) return 'missing';
      const digits = input.phone.replace(/\D/g, '');
      return digits.length >= TEST_PHONE_MIN_DIGITS ? 'ok' : { failure: 'Invalid phone number' };
    }
    case 'bank_auth':
      if (input.decision === undefined) return 'missing';
      if (input.decision === 'approve') return 'ok';
      if (input.decision === 'decline') return { failure: 'Declined' };
      return 'missing';
  }
}

/**
 * Applies one submission of the hosted page. Card fields restart the flow; step fields continue
 * it. A scripted client may send everything at once: every step whose value is present passes in
 * one call.
 */
export function advanceCardFlow(
  existing: CardFlowState | null,
  input: CardInput,
  now: Date,
): CardFlowResult {
  let state: CardFlowState;
  if (input.cardNumber !== undefined) {
    const started = startFlow(input, now);
    if (typeof started === 'string') return { kind: 'form_error', message: started };
    state = started;
  } else if (existing !== null) {
    state = { ...existing, completed: [...existing.completed] };
  } else {
    return { kind: 'form_error', message: 'Enter your card details' };
  }
  const card = findTestCard(state.cardNumber);
  if (card === undefined) return { kind: 'form_error', message: 'Enter your card details' };

  for (const step of card.steps) {
    if (state.completed.includes(step)) continue;
    const check = checkStep(card, step, input);
    if (check === 'missing') return { kind: 'next_step', state, step };
    if (check !== 'ok') {
      return {
        kind: 'finished',
        state,
        card,
        status: 'failed',
        gatewayResponse: check.failure,
        authorized: false,
      };
    }
    state.completed.push(step);
  }
  const outcome = cardOutcome(card.behaviour);
  return {
    kind: 'finished',
    state,
    card,
    status: outcome.status,
    gatewayResponse: outcome.status === 'success' ? 'Successful' : outcome.gatewayResponse,
    authorized: true,
  };
}
