// The messages between the merchant's page (connect.js) and the checkout in its iframe.
// Both sides check the channel, the sender's origin and the sending window; the checkout posts
// only to the page's exact origin, never "*".

import type { CheckoutEvent, RefusalReason } from '../connect/types.ts';

export const CHANNEL = 'tranche-connect';
export const PROTOCOL_VERSION = 1;

/** Moments of the checkout reported to `onEvent` (named in the public types). */
export type CheckoutEventName = CheckoutEvent['type'];

export type CheckoutMessage =
  /** The checkout app is running and listening: ends the loader's handshake timeout. */
  | { channel: typeof CHANNEL; v: number; type: 'ready' }
  | {
      channel: typeof CHANNEL;
      v: number;
      type: 'event';
      name: CheckoutEventName;
      /** With `refused`. */
      reason?: RefusalReason;
      /** With `session_expiring`. */
      secondsLeft?: number;
    }
  /** The plan is confirmed (the deposit is collected asynchronously). */
  | { channel: typeof CHANNEL; v: number; type: 'success'; paymentPlanId: string }
  /** The customer asked to close (Escape or a close button inside the checkout). */
  | { channel: typeof CHANNEL; v: number; type: 'close' }
  /**
   * The checkout cannot go on (session expired, completed, cancelled or unknown): the loader
   * reports it through `onError` when the customer closes, instead of `onCancel`.
   */
  | { channel: typeof CHANNEL; v: number; type: 'fatal'; message: string; code: string }
  /** A confirm request is in flight: a close waits for its outcome. */
  | { channel: typeof CHANNEL; v: number; type: 'busy'; busy: boolean };

type Payload<T> = T extends unknown ? Omit<T, 'channel' | 'v'> : never;
export type CheckoutMessagePayload = Payload<CheckoutMessage>;

export function isCheckoutMessage(data: unknown): data is CheckoutMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { channel?: unknown }).channel === CHANNEL &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}
