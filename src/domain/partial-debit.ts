/**
 * Partial debits (docs/money-rules.md §4a, decision 0045): a merchant may let the automatic
 * retries of an overdue installment take part of it when the customer's card holds less than
 * what is owed, as long as at least a floor is collected. The rest stays owed on the installment
 * and is retried on the usual schedule. Pure rules: when to try, the floor, and how a collected
 * amount splits the installment and pays the fee.
 */
import { assertKobo, type FeeSplit, type Kobo, splitPlatformFee } from './money.ts';

/** The merchant's setting: the floor as a whole percentage of what the installment still owes. */
export const PARTIAL_DEBIT_FLOOR_PCT_MIN = 10;
export const PARTIAL_DEBIT_FLOOR_PCT_MAX = 90;

/**
 * No partial debit takes less than ₦100.00: below that the gateway's own fee (Paystack's Nigerian
 * pricing, 1.5% + ₦100 above ₦2,500, as src/gateway/sandbox/fees.ts copies it) would take most of
 * what is collected.
 */
export const PARTIAL_DEBIT_MIN_KOBO: Kobo = 10_000;

export function isPartialDebitFloorPct(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= PARTIAL_DEBIT_FLOOR_PCT_MIN &&
    value <= PARTIAL_DEBIT_FLOOR_PCT_MAX
  );
}

/**
 * The least a partial debit of `owedKobo` may take: `max(ceil(owed × pct / 100), ₦100.00)`,
 * rounded up like the deposit (never below the percentage chosen). Null when that floor is not
 * below what is owed: then only the whole amount can be collected, and no partial debit is tried.
 */
export function partialDebitFloorKobo(owedKobo: Kobo, floorPct: number): Kobo | null {
  assertKobo(owedKobo, 'owedKobo');
  if (!isPartialDebitFloorPct(floorPct)) throw new RangeError('floorPct is out of range');
  if (owedKobo < 1) return null;
  // ceil(owed × pct / 100) in integers; owed ≤ 10^9 kobo, so owed × 90 stays a safe integer.
  const floor = Math.max(Math.floor((owedKobo * floorPct + 99) / 100), PARTIAL_DEBIT_MIN_KOBO);
  return floor < owedKobo ? floor : null;
}

/** Paystack offers partial debits on Mastercard and Verve cards only (gateway-protocol.md §17). */
export function partialDebitBrandSupported(brand: string): boolean {
  const normalised = brand.trim().toLowerCase();
  return normalised === 'mastercard' || normalised === 'verve';
}

export interface PartialDebitAttempt {
  /** Who started the charge: only the automatic schedule tries partial debits. */
  initiatedBy: 'schedule' | 'customer';
  /** The automatic attempt number: 1 on the due date, 2.. for the retries. */
  attempt: number;
  /** 0 is the deposit. */
  sequence: number;
  method: { type: 'card' | 'bank'; brand: string };
  /** The merchant's floor percentage; null when the merchant has not opted in. */
  floorPct: number | null;
  owedKobo: Kobo;
}

/**
 * The `at_least` of a partial debit for this attempt, or null for an ordinary full charge. Tried
 * only when every condition holds: the merchant opted in; an automatic retry (attempt 2 or later:
 * the first attempt on the due date always asks for the whole amount) of an installment after
 * the deposit (a plan starts only on a whole deposit); a card of a brand the gateway can
 * partially debit (bank mandates cannot be); and a floor below what is owed.
 */
export function partialDebitAtLeast(input: PartialDebitAttempt): Kobo | null {
  if (input.floorPct === null) return null;
  if (input.initiatedBy !== 'schedule' || input.attempt < 2 || input.sequence < 1) return null;
  if (input.method.type !== 'card' || !partialDebitBrandSupported(input.method.brand)) return null;
  return partialDebitFloorKobo(input.owedKobo, input.floorPct);
}

export type CollectedSplit =
  | { kind: 'full'; collectedKobo: Kobo; remainingKobo: 0; fee: FeeSplit }
  | { kind: 'partial'; collectedKobo: Kobo; remainingKobo: Kobo; fee: FeeSplit }
  | { kind: 'refused'; reason: string };

/**
 * What a successful charge of `collectedKobo` against `owedKobo` does. The whole amount pays the
 * installment. Less is accepted only from a partial debit (`atLeastKobo` set) and only from the
 * floor up: the installment keeps owing `owed − collected`. The fee is the ordinary rule
 * (money-rules.md §1) on what was collected, never on what was asked for. Anything else (more
 * than owed, less than the floor, less without a partial debit) is refused: no value is given.
 */
export function splitCollected(
  owedKobo: Kobo,
  collectedKobo: Kobo,
  atLeastKobo: Kobo | null,
): CollectedSplit {
  assertKobo(owedKobo, 'owedKobo');
  assertKobo(collectedKobo, 'collectedKobo');
  if (collectedKobo === owedKobo && owedKobo > 0) {
    return { kind: 'full', collectedKobo, remainingKobo: 0, fee: splitPlatformFee(collectedKobo) };
  }
  if (collectedKobo > owedKobo) return { kind: 'refused', reason: 'more than is owed' };
  if (atLeastKobo === null) return { kind: 'refused', reason: 'less than asked for' };
  assertKobo(atLeastKobo, 'atLeastKobo');
  if (collectedKobo < atLeastKobo || collectedKobo < 1) {
    return { kind: 'refused', reason: 'less than the partial-debit floor' };
  }
  return {
    kind: 'partial',
    collectedKobo,
    remainingKobo: owedKobo - collectedKobo,
    fee: splitPlatformFee(collectedKobo),
  };
}
