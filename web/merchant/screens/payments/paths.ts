// Where the Payments pages live: the list, and one page per plan.

export const PAYMENTS_PATH = '/merchant/payments';

/**
 * Which Payments page a path is: the list at `/merchant/payments`, one plan at
 * `/merchant/payments/{plan_id}`; undefined for any other path.
 */
export function paymentsRoute(
  path: string,
): { kind: 'list' } | { kind: 'plan'; id: string } | undefined {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === PAYMENTS_PATH) return { kind: 'list' };
  const match = /^\/merchant\/payments\/([^/]+)$/.exec(trimmed);
  if (!match?.[1]) return undefined;
  try {
    return { kind: 'plan', id: decodeURIComponent(match[1]) };
  } catch {
    return { kind: 'plan', id: match[1] };
  }
}

export const planPath = (id: string) => `${PAYMENTS_PATH}/${encodeURIComponent(id)}`;
