/**
 * Invariant violations are programmer errors: they are never caught, mapped or retried
 * (TigerBeetle style). Client mistakes are DomainErrors instead.
 */
export class InvariantViolation extends Error {
  override name = 'InvariantViolation';
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}
