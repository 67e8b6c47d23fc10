import { DomainError } from './errors.ts';

/**
 * What an operator does is recorded with who and why (issue 13, decision 0020). Pure rules: the
 * name an operator signs with, and when a reason is required.
 */

/**
 * What may name an operator: printable ASCII without a colon, so an account's name never looks
 * like the CLI's `cli:<user>` or the service's `system:…` in the audit log.
 */
const OPERATOR_NAME = /^[A-Za-z0-9][A-Za-z0-9 .@_'-]*$/;
export const OPERATOR_NAME_MAX = 80;
export const REASON_MAX = 500;

export function operatorName(raw: string | undefined): string {
  const name = raw?.trim() ?? '';
  if (name.length === 0) {
    throw new DomainError(
      'invalid_request',
      'An operator needs a name: it is recorded in the audit log with every action.',
    );
  }
  if (name.length > OPERATOR_NAME_MAX || !OPERATOR_NAME.test(name)) {
    throw new DomainError(
      'invalid_request',
      `An operator's name must be 1 to ${OPERATOR_NAME_MAX} characters: letters, digits, spaces and . @ _ ' -`,
    );
  }
  return name;
}

/** Changes that take something away from a merchant, or give it back, must say why. */
export type ReasonPolicy = 'required' | 'optional';

export function operatorReason(
  raw: string | undefined | null,
  policy: ReasonPolicy,
  what: string,
): string | null {
  const reason = raw?.trim() ?? '';
  if (reason.length > REASON_MAX) {
    throw new DomainError('invalid_request', `reason may be at most ${REASON_MAX} characters.`);
  }
  if (reason.length > 0) return reason;
  if (policy === 'required') {
    throw new DomainError(
      'invalid_request',
      `A reason is required to ${what}: it is recorded in the audit log${what.startsWith('deactivate') ? ' and shown to the merchant' : ''}.`,
    );
  }
  return null;
}
