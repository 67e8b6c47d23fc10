// Types of the TrancheConnect widget, served beside the script as /sdk/v1/connect.d.ts (this file
// holds types only, so it is a valid declaration file as it is).
// Reference: docs/widget.md.

/** Why the checkout closed: given to `onClose` after the final callback. */
export type CloseReason = 'success' | 'cancel' | 'error' | 'timeout';

/** Moments of the checkout, for analytics (`onEvent`). */
export interface CheckoutEvent {
  type:
    | 'opened'
    | 'loaded'
    | 'signed_in'
    | 'identity_verified'
    | 'plan_chosen'
    | 'method_linked'
    | 'confirmed'
    | 'closed';
}

export interface CheckoutError {
  /** Ready to show to the customer. */
  message: string;
  /** `session_expired`, `session_completed`, `session_cancelled`, `session_not_found`, `invalid_options`, or absent for a load timeout. */
  code?: string;
}

export interface OpenCheckoutOptions {
  /** The session `token` your server got from `POST /api/v1/checkout/sessions`. */
  sessionToken: string;
  /** The customer confirmed a plan. Not a payment: wait for the `payment.success` webhook. */
  onSuccess?: (result: { paymentPlanId: string }) => void;
  /** The customer closed the checkout without confirming. */
  onCancel?: () => void;
  /** The checkout could not be used (load timeout, expired or finished session). */
  onError?: (error: CheckoutError) => void;
  /** Always last, once per open: why it closed. */
  onClose?: (reason: CloseReason) => void;
  /** Progress events, for analytics. */
  onEvent?: (event: CheckoutEvent) => void;
  /** How long to wait for the checkout to load before `onError` (default 15000). */
  loadTimeoutMs?: number;
}

export interface TrancheConnectInstance {
  /** Opens the checkout; does nothing while a checkout is already open. */
  openCheckout(options: OpenCheckoutOptions): void;
  /** Closes the open checkout as a cancel (onCancel, then onClose('cancel')). Safe to call twice. */
  close(): void;
  /** Removes the checkout without callbacks; this instance opens nothing afterwards. Safe twice. */
  destroy(): void;
  isOpen(): boolean;
}

export interface TrancheConnectStatic {
  /** Major version of the widget protocol served at /sdk/v1/connect.js. */
  version: '1';
  init(): TrancheConnectInstance;
}

declare global {
  interface Window {
    TrancheConnect?: TrancheConnectStatic;
  }
}
