// Types of the TrancheConnect widget, served beside the script as /sdk/v1/connect.d.ts (this file
// holds types only, so it is a valid declaration file as it is).
// Reference: docs/widget.md.

/** Why the checkout closed: given to `onClose` after the final callback. */
export type CloseReason = 'success' | 'cancel' | 'error' | 'timeout';

/**
 * Why the checkout cannot give this customer a plan (`onEvent` `refused`, `onCancel`'s `refusal`).
 * A stable set: new reasons may be added, none is renamed (docs/widget.md).
 */
export type RefusalReason =
  /** The customer's Tranche tier is below the minimum this shop accepts. */
  | 'below_minimum_tier'
  /** The customer has a missed installment on another Tranche plan. */
  | 'delinquent'
  /** The order is above what the customer's spending limit has left. */
  | 'over_limit'
  /** The customer did not verify their identity. */
  | 'identity_not_verified'
  /** A credit check (the customer's BVN with the credit bureaus) is needed first. */
  | 'credit_check_required'
  /** The customer's credit report refuses installments. */
  | 'credit_report'
  /** The session's 30 minutes ran out (the checkout shows it; `onError` has `session_expired`). */
  | 'session_expired';

/** Why the customer left without a plan: given to `onCancel`. */
export type CancelReason =
  /** The customer closed the checkout (close button, Escape, "Back to the shop"). */
  | 'customer_closed'
  /** The customer closed it after the checkout refused them a plan: see `refusal`. */
  | 'not_eligible'
  /** Your page called `close()`. */
  | 'closed_by_page';

/** What `onCancel` receives. */
export interface CancelDetails {
  reason: CancelReason;
  /** Why the checkout refused this customer, when it did (always with `not_eligible`). */
  refusal?: RefusalReason;
}

/** Moments of the checkout, for analytics and for falling back to another way to pay (`onEvent`). */
export interface CheckoutEvent {
  type:
    | 'opened'
    | 'loaded'
    | 'signed_in'
    | 'identity_verified'
    /** The customer may pay in installments: the plan step opens (clears an earlier refusal). */
    | 'eligible'
    | 'plan_chosen'
    | 'method_linked'
    | 'confirmed'
    /** The checkout refused this customer a plan; `reason` says why. */
    | 'refused'
    /** The session ends in 5 minutes or less; `secondsLeft` says when. */
    | 'session_expiring'
    | 'closed';
  /** With `refused`. */
  reason?: RefusalReason;
  /** With `session_expiring`. */
  secondsLeft?: number;
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
  /**
   * The customer left without confirming. `details.reason` says how; with `not_eligible`,
   * offer your other ways to pay. (Older pages that take no argument keep working.)
   */
  onCancel?: (details: CancelDetails) => void;
  /** The checkout could not be used (load timeout, expired or finished session). */
  onError?: (error: CheckoutError) => void;
  /** Always last, once per open: why it closed. */
  onClose?: (reason: CloseReason) => void;
  /** Progress events, refusals and the session's last minutes. */
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
