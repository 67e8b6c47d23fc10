import type { FastifyReply } from 'fastify';

import { formatNaira } from '../../domain/money.ts';
import type { CardStep } from './test-data.ts';
import { TEST_CARDS } from './test-data.ts';

/**
 * The hosted pages developers see: the card checkout (with its PIN / phone / OTP / bank steps)
 * and the bank authorization page of pay-with-bank. Plain server-rendered HTML forms with labels,
 * one task per page, no script, minimal inline CSS, so they work in any browser and from curl.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1f2933}
  main{max-width:26rem;margin:2.5rem auto;padding:1.75rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
  .badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a4b00;background:#fff4e0;border-radius:4px;padding:.1rem .4rem}
  h1{font-size:1.25rem;margin:.75rem 0 .25rem}
  .amount{font-size:1.75rem;font-weight:700;margin:0}
  .muted{color:#52606d;font-size:.9rem;margin:.25rem 0 1.25rem}
  label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .3rem}
  input{width:100%;padding:.65rem .75rem;font:inherit;border:1px solid #9aa5b1;border-radius:8px}
  input:focus,button:focus{outline:3px solid #7cc4fa;outline-offset:1px}
  .row{display:flex;gap:.75rem}.row>div{flex:1}
  button{width:100%;margin-top:1.5rem;padding:.75rem;font:inherit;font-weight:600;border:0;border-radius:8px;background:#0b7a4b;color:#fff;cursor:pointer}
  button.secondary{background:#fff;color:#a61b1b;border:1px solid #a61b1b;margin-top:.75rem}
  .error{border-left:4px solid #a61b1b;background:#fdecec;color:#7a1010;padding:.6rem .8rem;border-radius:4px;margin:1rem 0}
  .ok{border-left:4px solid #0b7a4b;background:#e7f6ee;padding:.6rem .8rem;border-radius:4px}
  details{margin-top:1.75rem;font-size:.85rem}
  table{border-collapse:collapse;width:100%;margin-top:.5rem}
  th,td{text-align:left;padding:.3rem .35rem;border-bottom:1px solid #e4e7eb;vertical-align:top}
  code{font-size:.85em}
  a{color:#0b5cad}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox gateway</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="badge">Sandbox · test mode</span>
${body}
</main>
</body>
</html>`;
}

export interface PaymentSummary {
  amountKobo: number;
  email: string;
}

function summary(payment: PaymentSummary): string {
  return `<p class="amount">${escapeHtml(formatNaira(payment.amountKobo))}</p>
<p class="muted">Paying as ${escapeHtml(payment.email)}</p>`;
}

function errorBox(error: string | undefined): string {
  return error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`;
}

function testCardTable(): string {
  const rows = TEST_CARDS.map(
    (card) =>
      `<tr><td><code>${card.number}</code></td><td><code>${card.cvv}</code></td><td>${
        card.pin === undefined ? '—' : `<code>${card.pin}</code>`
      }</td><td>${card.otp === undefined ? '—' : `<code>${card.otp}</code>`}</td><td>${escapeHtml(
        card.description,
      )}</td></tr>`,
  ).join('\n');
  return `<details>
<summary>Test cards (any future expiry)</summary>
<table>
<thead><tr><th scope="col">Number</th><th scope="col">CVV</th><th scope="col">PIN</th><th scope="col">OTP</th><th scope="col">Behaviour</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</details>`;
}

export function cardFormPage(options: {
  action: string;
  payment: PaymentSummary;
  error?: string;
  cancelUrl?: string;
}): string {
  const cancel =
    options.cancelUrl === undefined
      ? ''
      : `<p class="muted"><a href="${escapeHtml(options.cancelUrl)}">Cancel payment</a></p>`;
  return layout(
    'Pay with card',
    `<h1>Pay with card</h1>
${summary(options.payment)}
${errorBox(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required></div>
<div><label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
</div>
<button type="submit">Pay ${escapeHtml(formatNaira(options.payment.amountKobo))}</button>
</form>
${cancel}
${testCardTable()}`,
  );
}

const STEP_COPY: Record<
  Exclude<CardStep, 'bank_auth'>,
  { title: string; label: string; hint: string; inputMode: string; autocomplete: string }
> = {
  pin: {
    title: 'Enter your card PIN',
    label: 'Card PIN',
    hint: 'The 4-digit PIN of your card.',
    inputMode: 'numeric',
    autocomplete: 'off',
  },
  phone: {
    title: 'Enter your phone number',
    label: 'Phone number',
    hint: 'The number registered with your bank (at least 10 digits).',
    inputMode: 'tel',
    autocomplete: 'tel',
  },
  otp: {
    title: 'Enter the OTP',
    label: 'One-time password',
    hint: 'The code your bank sent to your phone.',
    inputMode: 'numeric',
    autocomplete: 'one-time-code',
  },
};

export function cardStepPage(options: {
  action: string;
  payment: PaymentSummary;
  step: CardStep;
  error?: string;
}): string {
  if (options.step === 'bank_auth') {
    return bankAuthorizePage({
      action: options.action,
      payment: options.payment,
      bankName: 'TEST BANK',
    });
  }
  const copy = STEP_COPY[options.step];
  const type = options.step === 'pin' ? 'password' : 'text';
  return layout(
    copy.title,
    `<h1>${copy.title}</h1>
${summary(options.payment)}
${errorBox(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<label for="${options.step}">${copy.label}</label>
<input id="${options.step}" name="${options.step}" type="${type}" inputmode="${copy.inputMode}" autocomplete="${copy.autocomplete}" aria-describedby="${options.step}-hint" required autofocus>
<p class="muted" id="${options.step}-hint">${copy.hint}</p>
<button type="submit">Continue</button>
</form>`,
  );
}

/** The "bank" a customer is sent to (card 3-D Secure and pay-with-bank `open_url`). */
export function bankAuthorizePage(options: {
  action: string;
  payment: PaymentSummary;
  bankName: string;
}): string {
  return layout(
    'Authorize with your bank',
    `<h1>Authorize with your bank</h1>
${summary(options.payment)}
<p>${escapeHtml(options.bankName)} asks you to approve this payment.</p>
<form method="post" action="${escapeHtml(options.action)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="secondary">Decline</button>
</form>`,
  );
}

export function resultPage(options: {
  title: string;
  message: string;
  success: boolean;
  continueUrl?: string;
}): string {
  const link =
    options.continueUrl === undefined
      ? '<p class="muted">You can close this window.</p>'
      : `<p><a href="${escapeHtml(options.continueUrl)}">Return to the merchant</a></p>`;
  return layout(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="${options.success ? 'ok' : 'error'}" role="status">${escapeHtml(options.message)}</p>
${link}`,
  );
}

/** Pages are never cached and may load nothing but their own inline style. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'referrer-policy': 'no-referrer',
};

export function sendPage(reply: FastifyReply, statusCode: number, html: string): FastifyReply {
  return reply.code(statusCode).headers(PAGE_HEADERS).send(html);
}

/** The Direct Debit consent page at the initialize `redirect_url` (fact sheet §13.2). */
export function mandateConsentPage(options: {
  action: string;
  email: string;
  bankName: string;
  accountNumber: string;
}): string {
  return layout(
    'Authorize a direct debit',
    `<h1>Authorize a direct debit</h1>
<p class="muted">For ${escapeHtml(options.email)}</p>
<p>Allow this merchant to debit <strong>${escapeHtml(options.bankName)}</strong> account
<strong>******${escapeHtml(options.accountNumber.slice(-4))}</strong> when payments fall due.</p>
<p class="muted">Your bank then checks the account with a ₦50 debit that is refunded, and activates the mandate. This can take up to 24 hours.</p>
<form method="post" action="${escapeHtml(options.action)}">
<button type="submit" name="decision" value="approve">Authorize direct debit</button>
<button type="submit" name="decision" value="decline" class="secondary">Decline</button>
</form>`,
  );
}
