import { DomainError } from './errors.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** An `Idempotency-Key` is a UUID v4 (decision 0002); anything else is refused before any write. */
export function assertIdempotencyKey(key: string): void {
  if (!UUID_V4.test(key)) {
    throw new DomainError(
      'invalid_idempotency_key',
      'Idempotency-Key must be a UUID v4, e.g. "3f1c2a5e-8d4b-4c1e-9a7f-2b6d8e0c1f34".',
    );
  }
}
