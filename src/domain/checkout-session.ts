import { DomainError } from './errors.ts';

/**
 * Checkout session states (stored), and the one derived on read:
 *
 *   pending --confirm plan--> completed      (terminal; one per order_reference)
 *   pending --merchant cancels--> cancelled  (terminal)
 *   pending --30 minutes pass--> expired     (terminal; derived from expires_at on every read,
 *                                             and written back by the expiry job)
 *
 * A session past its expires_at reads as `expired` even before the job has run, so the clock,
 * not the job's timing, decides.
 */
export type StoredSessionStatus = 'pending' | 'completed' | 'cancelled' | 'expired';
export type SessionStatus = StoredSessionStatus;

export const SESSION_LIFETIME_MS = 30 * 60_000;

export function sessionExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
}

export function effectiveSessionStatus(
  stored: StoredSessionStatus,
  expiresAt: Date,
  now: Date,
): SessionStatus {
  if (stored === 'pending' && now.getTime() >= expiresAt.getTime()) return 'expired';
  return stored;
}

/** Only a live pending session can move on; anything else is a 409 that names the state. */
export function assertSessionPending(status: SessionStatus, action: string): void {
  if (status !== 'pending') {
    throw new DomainError(
      'session_not_pending',
      `Cannot ${action}: the checkout session is ${status}.`,
    );
  }
}
