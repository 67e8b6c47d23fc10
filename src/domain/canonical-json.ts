import { DomainError } from './errors.ts';

/** Deeper than any body of the API; past it a request is refused, not recursed into. */
export const MAX_CANONICAL_DEPTH = 64;

/**
 * A stable serialisation (object keys sorted) so that two requests with the same meaning hash
 * the same whatever the key order the client used. A value nested deeper than
 * MAX_CANONICAL_DEPTH is a 400: thousands of levels (a fuzzer's `[[[[…`) would otherwise
 * exhaust the stack and answer 500.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (depth >= MAX_CANONICAL_DEPTH) {
    throw new DomainError(
      'invalid_request',
      `The request nests more than ${MAX_CANONICAL_DEPTH} levels deep; no request of this API does.`,
    );
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`;
}
