import { DomainError } from './errors.ts';
import { type Kobo, MAX_CHECKOUT_AMOUNT_KOBO } from './money.ts';
import { formatNaira, parseNairaInput } from './naira.ts';

/**
 * Payment links (decision 0011): reusable URLs that open checkout without a merchant server.
 *
 * Link states:
 *   active --deactivate--> inactive --activate--> active
 * A visit to an active link creates an ordinary checkout session; an inactive link answers a
 * small page that says so. Sessions already created keep working until they complete or expire.
 */
export type LinkAmount =
  { type: 'fixed'; amountKobo: Kobo } | { type: 'customer_chooses'; minKobo: Kobo; maxKobo: Kobo };

export function validateLinkAmount(amount: LinkAmount): void {
  const inRange = (v: Kobo) => Number.isSafeInteger(v) && v >= 1 && v <= MAX_CHECKOUT_AMOUNT_KOBO;
  if (amount.type === 'fixed') {
    if (!inRange(amount.amountKobo)) {
      throw new DomainError(
        'invalid_request',
        `amount must be a whole number of kobo from 1 to ${MAX_CHECKOUT_AMOUNT_KOBO}.`,
      );
    }
    return;
  }
  if (!inRange(amount.minKobo) || !inRange(amount.maxKobo)) {
    throw new DomainError(
      'invalid_request',
      `min_amount and max_amount must be whole numbers of kobo from 1 to ${MAX_CHECKOUT_AMOUNT_KOBO}.`,
    );
  }
  if (amount.minKobo > amount.maxKobo) {
    throw new DomainError('invalid_request', 'min_amount must not be above max_amount.');
  }
}

export type AmountChoice =
  { kind: 'amount'; amountKobo: Kobo } | { kind: 'ask'; problem: string | null };

/** The amount of a visit: the link's own, or the customer's entry checked against the bounds. */
export function chooseVisitAmount(amount: LinkAmount, entered: string | undefined): AmountChoice {
  if (amount.type === 'fixed') return { kind: 'amount', amountKobo: amount.amountKobo };
  if (entered === undefined || entered.trim() === '') return { kind: 'ask', problem: null };
  const kobo = parseNairaInput(entered);
  if (kobo === null) {
    return { kind: 'ask', problem: 'Enter an amount in naira, for example 25000 or 25000.50.' };
  }
  if (kobo < amount.minKobo || kobo > amount.maxKobo) {
    return {
      kind: 'ask',
      problem: `Enter an amount from ${formatNaira(amount.minKobo)} to ${formatNaira(amount.maxKobo)}.`,
    };
  }
  return { kind: 'amount', amountKobo: kobo };
}
