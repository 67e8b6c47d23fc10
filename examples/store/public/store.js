/* global document, fetch, location, setTimeout, TrancheConnect */
// The demo store's only script. On the product page it opens the Tranche checkout; on an order
// page that awaits payment it checks the order every 2 seconds and reloads when it changes.
'use strict';

// ---- Product page: "Pay in installments" ----
// The shop's server creates the order and the Tranche checkout session (its secret key never
// reaches the browser); this script opens the widget with the session token.
const button = document.getElementById('pay-installments');
const status = document.getElementById('checkout-status');
// The order whose checkout the shopper closed: clicking again reopens it (sessions last 30 min).
let openOrder = null;

function show(message, isError) {
  status.textContent = message;
  status.classList.toggle('error', Boolean(isError));
}

async function createOrder() {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: button.dataset.productId }),
  }).catch(() => {
    throw new Error('Could not reach the shop. Check your connection and try again.');
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || 'The shop could not create your order.');
  return { orderId: body.order_id, sessionToken: body.session_token };
}

async function payInInstallments() {
  if (button.disabled) return; // a second click while busy does nothing
  if (typeof TrancheConnect === 'undefined') {
    show(
      'The installment checkout could not load. Check your connection and reload the page.',
      true,
    );
    return;
  }
  button.disabled = true;
  show('Preparing your order…');
  try {
    const order = openOrder ?? (await createOrder());
    openOrder = order;
    show('');
    TrancheConnect.init().openCheckout({
      sessionToken: order.sessionToken,
      onSuccess({ paymentPlanId }) {
        // A confirmed plan, not yet a payment: the order page waits for the payment.success webhook.
        show('Plan confirmed. Taking you to your order…');
        location.href = `/orders/${encodeURIComponent(order.orderId)}?plan=${encodeURIComponent(paymentPlanId)}`;
      },
      // Tranche says why the shopper left (docs/widget.md): refused installments are the
      // moment to offer the shop's other ways to pay.
      onCancel(details) {
        show('Checkout closed, nothing was charged.');
        button.disabled = false;
        if (details && details.reason === 'not_eligible') showOtherWays(details.refusal);
      },
      onError({ message }) {
        openOrder = null; // start afresh next time (the session may have expired)
        show(message || 'The checkout could not continue. Please try again.', true);
        button.disabled = false;
      },
    });
  } catch (error) {
    show(error.message, true);
    button.disabled = false;
  }
}

// What the shop says when Tranche could not offer installments, by the refusal's reason.
const REFUSAL_WORDS = {
  below_minimum_tier: 'Installments need a higher Tranche level for this shop.',
  delinquent: 'Tranche could not offer installments while a payment is overdue.',
  over_limit: 'This order is above your Tranche limit for now.',
  identity_not_verified: 'Installments need a verified identity.',
};

function showOtherWays(refusal) {
  const panel = document.getElementById('other-ways');
  if (!panel) return;
  document.getElementById('other-ways-why').textContent =
    REFUSAL_WORDS[refusal] || 'Installments are not available for this order.';
  panel.hidden = false;
  panel.querySelector('h2').focus();
}

if (button && status) button.addEventListener('click', payInInstallments);

// ---- Order page: wait for the webhook ----
const waiting = document.querySelector('[data-poll]');

async function checkOrder() {
  const shown = waiting.querySelector('[data-state]').dataset.state;
  try {
    const response = await fetch(waiting.dataset.poll, { cache: 'no-store' });
    const order = await response.json();
    if (order.state !== shown) {
      location.reload();
      return;
    }
  } catch {
    // a network hiccup: try again
  }
  setTimeout(checkOrder, 2000);
}

if (waiting) setTimeout(checkOrder, 2000);
