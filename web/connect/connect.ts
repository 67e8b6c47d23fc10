// connect.js: the loader merchants embed with one script tag. It defines the global
// `TrancheConnect` and nothing else, and opens the hosted checkout in a modal iframe.
//
// One open checkout at a time (page-wide). Its states: idle → loading (iframe created, waiting
// for the checkout's "ready" within the handshake timeout) → open → closed. Exactly one final
// callback (onSuccess, onCancel or onError) fires per open, then onClose with the reason.
import { type CheckoutEventName, isCheckoutMessage } from '../shared/protocol.ts';
import { defineMessaging } from './messaging.ts';
import type {
  CancelReason,
  CheckoutEvent,
  CloseReason,
  OpenCheckoutOptions,
  RefusalReason,
  TrancheConnectInstance,
  TrancheConnectStatic,
} from './types.ts';

const DEFAULT_LOAD_TIMEOUT_MS = 15_000;
const SUCCESS_CLOSE_DELAY_MS = 1_200;
const BUSY_CLOSE_GRACE_MS = 15_000;
const PHONE_QUERY = '(max-width: 520px)';
const Z_TOP = '2147483647';

interface Outcome {
  reason: CloseReason;
  error?: { message: string; code?: string };
  /** How a cancel came about (`onCancel`'s argument). */
  cancel?: CancelReason;
}

/** The checkout's origin: where this script was served from. Read once, while it runs. */
function scriptOrigin(): string {
  const script = document.currentScript as HTMLScriptElement | null;
  return script?.src ? new URL(script.src).origin : location.origin;
}

function css(el: HTMLElement, styles: Partial<CSSStyleDeclaration>): void {
  Object.assign(el.style, styles);
}

let openModal: Modal | undefined;

class Modal {
  private readonly root = document.createElement('div');
  private readonly panel = document.createElement('div');
  private readonly frame = document.createElement('iframe');
  private readonly closeButton = document.createElement('button');
  private readonly status = document.createElement('p');
  private readonly opener = document.activeElement as HTMLElement | null;
  private readonly phone = matchMedia(PHONE_QUERY);
  private readonly restore: (() => void)[] = [];
  private outcome: Outcome = { reason: 'cancel' };
  /** The checkout's latest refusal: a close after it is a `not_eligible` cancel. */
  private refusal: RefusalReason | undefined;
  private ready = false;
  private busy = false;
  private closeRequested = false;
  private finished = false;
  private closeTimer: number | undefined;

  private readonly checkoutOrigin: string;
  private readonly options: OpenCheckoutOptions;

  constructor(checkoutOrigin: string, options: OpenCheckoutOptions) {
    this.checkoutOrigin = checkoutOrigin;
    this.options = options;
  }

  show(): void {
    const { root, panel, frame, closeButton, status } = this;
    css(root, {
      position: 'fixed',
      inset: '0',
      zIndex: Z_TOP,
      background: 'rgba(15,23,42,.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    });
    root.setAttribute('data-tranche-connect', '');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', 'Tranche checkout');
    css(panel, { position: 'relative', background: '#fff', overflow: 'hidden' });
    closeButton.type = 'button';
    closeButton.textContent = '×';
    closeButton.setAttribute('aria-label', 'Close checkout');
    css(closeButton, {
      position: 'absolute',
      top: '8px',
      right: '8px',
      width: '40px',
      height: '40px',
      border: '0',
      borderRadius: '20px',
      background: 'rgba(255,255,255,.92)',
      color: '#1f2933',
      font: '28px/1 system-ui,sans-serif',
      cursor: 'pointer',
      zIndex: '1',
    });
    closeButton.addEventListener('click', () => this.requestClose());
    status.textContent = 'Loading secure checkout…';
    status.setAttribute('role', 'status');
    css(status, {
      position: 'absolute',
      top: '45%',
      width: '100%',
      textAlign: 'center',
      font: '16px system-ui,sans-serif',
      color: '#52606d',
      margin: '0',
    });
    const params = new URLSearchParams({ embed: '1', origin: location.origin });
    frame.src = `${this.checkoutOrigin}/checkout/${encodeURIComponent(this.options.sessionToken)}?${params}`;
    frame.title = 'Tranche checkout';
    frame.allow = 'payment';
    css(frame, {
      border: '0',
      width: '100%',
      height: '100%',
      display: 'block',
      opacity: '0',
      position: 'relative',
    });
    panel.append(status, frame, closeButton);
    root.append(panel);
    this.layout();
    this.phone.addEventListener('change', this.layout);
    this.lockPage();
    document.body.append(root);
    addEventListener('message', this.onMessage);
    document.addEventListener('keydown', this.onKeydown, true);
    closeButton.focus();
    this.closeTimer = window.setTimeout(() => {
      if (!this.ready) {
        this.finish({
          reason: 'timeout',
          error: { message: 'The checkout did not load. Check your connection and try again.' },
        });
      }
    }, this.options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS);
    this.emit('opened');
  }

  /** The close button, Escape, `close()`: waits for a confirm in flight, then closes. */
  requestClose(cancel: CancelReason = 'customer_closed'): void {
    if (this.finished) return;
    if (this.outcome.reason === 'cancel') this.outcome = { reason: 'cancel', cancel };
    if (!this.busy) return this.finish(this.outcome);
    this.closeRequested = true;
    closeButtonBusy(this.closeButton);
    window.clearTimeout(this.closeTimer);
    this.closeTimer = window.setTimeout(() => this.finish(this.outcome), BUSY_CLOSE_GRACE_MS);
  }

  /** Removes the modal without any callback (`destroy()`). */
  dispose(): void {
    this.finished = true;
    this.teardown();
  }

  private readonly layout = (): void => {
    const phone = this.phone.matches;
    css(this.panel, {
      width: phone ? '100%' : '440px',
      height: phone ? '100%' : 'min(760px, calc(100% - 48px))',
      borderRadius: phone ? '0' : '14px',
      boxShadow: phone ? 'none' : '0 20px 60px rgba(0,0,0,.35)',
    });
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      this.requestClose();
    }
  };

  private readonly onMessage = (event: MessageEvent): void => {
    // Only our checkout's window, from the checkout's origin, on our channel.
    if (event.origin !== this.checkoutOrigin || event.source !== this.frame.contentWindow) return;
    const message: unknown = event.data;
    if (!isCheckoutMessage(message) || this.finished) return;
    switch (message.type) {
      case 'ready':
        if (this.ready) return;
        this.ready = true;
        window.clearTimeout(this.closeTimer);
        this.status.remove();
        this.frame.style.opacity = '1';
        this.frame.focus();
        this.emit('loaded');
        return;
      case 'event': {
        // Only the fields a type carries, checked: the page's callback gets nothing else.
        const event: CheckoutEvent = { type: message.name };
        if (message.name === 'refused' && typeof message.reason === 'string') {
          this.refusal = event.reason = message.reason;
        }
        if (message.name === 'eligible') this.refusal = undefined;
        if (message.name === 'session_expiring' && typeof message.secondsLeft === 'number') {
          event.secondsLeft = message.secondsLeft;
        }
        return this.emitEvent(event);
      }
      case 'busy':
        // A close asked for during a confirm happens once it has failed (success closes anyway).
        this.busy = message.busy;
        if (!this.busy && this.closeRequested) this.finish(this.outcome);
        return;
      case 'close':
        return this.requestClose();
      case 'fatal':
        this.outcome = { reason: 'error', error: { message: message.message, code: message.code } };
        return;
      case 'success': {
        this.outcome = { reason: 'success' };
        this.busy = false;
        // onSuccess now, once; the modal closes a moment later so the customer sees the result.
        const { onSuccess } = this.options;
        this.callSafely(() => onSuccess?.({ paymentPlanId: message.paymentPlanId }));
        window.clearTimeout(this.closeTimer);
        this.closeTimer = window.setTimeout(
          () => this.finish(this.outcome),
          SUCCESS_CLOSE_DELAY_MS,
        );
        return;
      }
    }
  };

  private finish(outcome: Outcome): void {
    if (this.finished) return;
    this.finished = true;
    this.teardown();
    const { onCancel, onError, onClose } = this.options;
    if (outcome.reason === 'cancel') {
      const { refusal } = this;
      const asked = outcome.cancel ?? 'customer_closed';
      // The customer leaving a refusal is the moment a shop offers its other ways to pay.
      const reason = refusal && asked === 'customer_closed' ? 'not_eligible' : asked;
      this.callSafely(() => onCancel?.(refusal ? { reason, refusal } : { reason }));
    } else if (outcome.error) {
      const error = outcome.error;
      this.callSafely(() => onError?.(error));
    }
    this.emit('closed');
    this.callSafely(() => onClose?.(outcome.reason));
  }

  private teardown(): void {
    window.clearTimeout(this.closeTimer);
    removeEventListener('message', this.onMessage);
    document.removeEventListener('keydown', this.onKeydown, true);
    this.phone.removeEventListener('change', this.layout);
    this.root.remove();
    for (const undo of this.restore.splice(0).reverse()) undo();
    if (openModal === this) openModal = undefined;
    if (this.opener?.isConnected) this.opener.focus({ preventScroll: true });
  }

  /** Scroll lock and an inert page behind the modal, each restored exactly as found. */
  private lockPage(): void {
    const { scrollX, scrollY } = window;
    this.restore.push(() => window.scrollTo(scrollX, scrollY));
    for (const el of [document.documentElement, document.body]) {
      const before = el.style.overflow;
      el.style.overflow = 'hidden';
      this.restore.push(() => (el.style.overflow = before));
    }
    for (const child of Array.from(document.body.children)) {
      if (!(child instanceof HTMLElement) || child.inert) continue;
      child.inert = true;
      this.restore.push(() => (child.inert = false));
    }
  }

  private emit(name: CheckoutEventName): void {
    this.emitEvent({ type: name });
  }

  private emitEvent(event: CheckoutEvent): void {
    const { onEvent } = this.options;
    this.callSafely(() => onEvent?.(event));
  }

  /** A merchant's callback that throws must not break the modal's own cleanup. */
  private callSafely(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}

function closeButtonBusy(button: HTMLButtonElement): void {
  button.disabled = true;
  button.setAttribute('aria-label', 'Closing after the confirmation finishes');
}

function asyncError(options: OpenCheckoutOptions, message: string): void {
  setTimeout(() => {
    options.onError?.({ message, code: 'invalid_options' });
    options.onClose?.('error');
  });
}

function init(): TrancheConnectInstance {
  let destroyed = false;
  let mine: Modal | undefined;
  const instance: TrancheConnectInstance = {
    openCheckout(options) {
      if (destroyed) return asyncError(options, 'This TrancheConnect instance was destroyed.');
      if (openModal) return; // a second click while open changes nothing
      if (typeof options.sessionToken !== 'string' || options.sessionToken === '') {
        return asyncError(options, 'openCheckout needs the sessionToken from your server.');
      }
      if (location.origin === 'null') {
        return asyncError(options, 'Open the checkout from a page served over http(s).');
      }
      mine = openModal = new Modal(checkoutOrigin, options);
      const modal = mine;
      // Called from a script in <head>: there is no <body> to hold the modal yet.
      if (document.readyState !== 'loading') modal.show();
      else document.addEventListener('DOMContentLoaded', () => modal.show(), { once: true });
    },
    close() {
      if (mine && mine === openModal) mine.requestClose('closed_by_page');
    },
    destroy() {
      destroyed = true;
      if (mine && mine === openModal) mine.dispose();
      mine = undefined;
    },
    isOpen: () => mine !== undefined && mine === openModal,
  };
  return instance;
}

const checkoutOrigin = typeof document === 'undefined' ? '' : scriptOrigin();
// <tranche-messaging>: the price before the commitment (decision 0056), from the same origin.
if (typeof window !== 'undefined') defineMessaging(checkoutOrigin);

declare global {
  interface Window {
    TrancheConnect?: TrancheConnectStatic;
    TrancheConnectQueue?: { push(callback: (connect: TrancheConnectStatic) => void): unknown };
  }
}

// Loaded twice: the first copy stays (its open modal and listeners keep working).
if (typeof window !== 'undefined' && !window.TrancheConnect) {
  const api: TrancheConnectStatic = { version: '1', init };
  window.TrancheConnect = api;
  // Calls queued before the script loaded (`TrancheConnectQueue.push(fn)`) run now; later pushes at once.
  const queued = Array.isArray(window.TrancheConnectQueue) ? window.TrancheConnectQueue : [];
  window.TrancheConnectQueue = { push: (callback) => callback(api) };
  for (const callback of queued as ((connect: TrancheConnectStatic) => void)[]) callback(api);
  window.dispatchEvent(new Event('tranche-connect:ready'));
}
