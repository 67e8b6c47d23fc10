/**
 * Merchant webhooks, the pure part: the event catalogue, the body that is signed, the retry
 * schedule and how an endpoint's answer is judged (docs/webhooks.md, docs/decisions/0009).
 */

/** Every event a merchant can receive. Spec §6.1 names the first seven; the rest are ours. */
export const WEBHOOK_EVENT_TYPES = [
  'payment.success',
  'payment.failed',
  'payment.partial',
  'payment_plan.installment_paid',
  'installment.paid',
  'goods.release',
  'debit.scheduled',
  'transfer.success',
  'transfer.failed',
  'transfer.reversed',
  'payment_plan.completed',
  'payment_plan.defaulted',
  'payment_plan.cancelled',
  'payment_plan.updated',
  'payment_method.revoked',
  'refund.processed',
  'refund.failed',
  'dispute.created',
  'dispute.reminder',
  'dispute.resolved',
  'payment.reversed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by the test endpoint only; never stored in the outbox. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * `payment_plan.installment_paid` is always sent twice: under its own name and under the alias
 * `installment.paid`, with the same data and distinct event ids (receivers de-duplicate on id).
 */
export function eventTypesFor(type: WebhookEventType): WebhookEventType[] {
  return type === 'payment_plan.installment_paid' ? [type, 'installment.paid'] : [type];
}

/** The signed body: exactly these four keys, in this order (brief §7). */
export function webhookBody(
  id: string,
  type: string,
  createdAt: Date,
  data: Record<string, unknown>,
): string {
  return JSON.stringify({ id, event: type, created_at: createdAt.toISOString(), data });
}

/** Retries continue for this long after an event is written (or re-sent by hand). */
export const RETRY_WINDOW_MS = 72 * 3_600_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 8 * 3_600_000;

/**
 * Delay before the next attempt after `failedAttempts` failures: 1 min doubling to at most 8 h,
 * with up to +25% jitter so that endpoints coming back up are not hit by a synchronised wave.
 * `random` is in [0, 1).
 */
export function retryDelayMs(failedAttempts: number, random: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 20);
  const base = Math.min(FIRST_RETRY_MS * 2 ** exponent, LONGEST_RETRY_MS);
  return Math.round(base * (1 + 0.25 * random));
}

export type AfterFailure = { action: 'retry'; at: Date } | { action: 'dead_letter' };

/**
 * Once the retry window has passed, a failure dead-letters the event; before it, the next attempt
 * is scheduled, so the last attempt happens at or after the end of the window (≥ 72 h of retries).
 */
export function decideAfterFailure(
  failedAttempts: number,
  failedAt: Date,
  retryUntil: Date,
  random: number,
): AfterFailure {
  if (failedAt.getTime() >= retryUntil.getTime()) return { action: 'dead_letter' };
  return {
    action: 'retry',
    at: new Date(failedAt.getTime() + retryDelayMs(failedAttempts, random)),
  };
}

/** What came back from one delivery attempt. */
export type DeliveryResult =
  | { kind: 'response'; statusCode: number; latencyMs: number }
  | {
      kind: 'error';
      reason: 'timeout' | 'connection_refused' | 'address_refused' | 'network' | 'no_url';
      message: string;
      latencyMs: number;
    };

export type DeliveryVerdict =
  { outcome: 'delivered' } | { outcome: 'failed'; error: string; disableEndpoint: boolean };

/** Any 2xx is success; redirects are not followed (a 3xx is a failure); 410 Gone disables. */
export function judgeDelivery(result: DeliveryResult): DeliveryVerdict {
  if (result.kind === 'error') {
    return { outcome: 'failed', error: result.message, disableEndpoint: false };
  }
  const code = result.statusCode;
  if (code >= 200 && code < 300) return { outcome: 'delivered' };
  if (code >= 300 && code < 400) {
    return {
      outcome: 'failed',
      error: `redirect (HTTP ${code}) not followed: set the final address as the webhook URL`,
      disableEndpoint: false,
    };
  }
  if (code === 410) {
    return {
      outcome: 'failed',
      error: 'HTTP 410 Gone: the endpoint asked to stop deliveries and was disabled',
      disableEndpoint: true,
    };
  }
  return { outcome: 'failed', error: `HTTP ${code} (not 2xx)`, disableEndpoint: false };
}
