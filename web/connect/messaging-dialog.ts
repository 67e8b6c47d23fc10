// The messaging element's "Learn more" view (decision 0056), served apart as
// /sdk/v1/messaging-dialog.js and loaded by connect.js only when a shopper reaches for the button,
// so a product page pays for one line of text and not for the plans' tables.
//
// A modal <dialog>: the page behind it is inert, Escape closes it natively, Tab goes between its
// two stops (Close, and the plans, which scroll with the arrow keys) and never leaves, and closing
// gives focus back to the button.
import type { Static } from 'typebox';

import type { MessagingPlans } from '../../src/features/messaging/schemas.ts';
import { addStyles, DIALOG_EVENT, escapeHtml, plural, WORDS } from './messaging-words.ts';

type MessagingPlansView = Static<typeof MessagingPlans>;

const STYLE =
  'dialog{width:min(30rem,calc(100vw - 2rem));max-height:min(42rem,calc(100vh - 2rem));box-sizing:border-box;border:0;border-radius:12px;padding:0;box-shadow:0 20px 60px rgba(0,0,0,.35);color:#1f2933;background:#fff;font:16px/1.5 system-ui,sans-serif}' +
  'dialog[open]{display:flex;flex-direction:column}' +
  'dialog::backdrop{background:rgba(15,23,42,.6)}' +
  '.head{display:flex;gap:1rem;align-items:flex-start;justify-content:space-between;padding:1rem 1.25rem .5rem}' +
  'h2{font-size:1.2em;line-height:1.3;margin:0}' +
  '.body{overflow:auto;padding:0 1.25rem 1rem}' +
  '.body:focus-visible,.close:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}' +
  'dialog p{margin:0 0 .75em}' +
  'table{width:100%;border-collapse:collapse;table-layout:fixed;margin:.75em 0}' +
  'caption{text-align:left;font-weight:600}' +
  'td,th{text-align:left;padding:.3em .5em .3em 0;border-bottom:1px solid #e4e7eb;font-weight:400;white-space:nowrap}' +
  'th{width:45%}' +
  'small{display:block;color:#52606d}' +
  '.close{flex:none;padding:.4em .9em;border:1px solid #9aa5b1;border-radius:8px;background:#fff;text-decoration:none}';

function tables(view: MessagingPlansView): string {
  return (['monthly', 'weekly'] as const)
    .map((frequency) => {
      const rows = view.plans
        .filter((plan) => plan.frequency === frequency)
        .map(
          (plan) =>
            `<tr><th scope="row">${plural(plan.installment_count, WORDS[frequency][2])}</th>` +
            `<td>${plan.equal_installments ? '' : 'up to '}${escapeHtml(plan.installment_text)} ${WORDS[frequency][1]}</td></tr>`,
        )
        .join('');
      const caption = frequency === 'monthly' ? 'Monthly' : 'Weekly';
      return rows && `<table><caption>${caption}</caption>${rows}</table>`;
    })
    .join('');
}

const styled = new WeakSet<ShadowRoot>();

function showPlans(root: ShadowRoot, view: MessagingPlansView, opener: HTMLElement): void {
  if (!styled.has(root)) {
    addStyles(root, STYLE);
    styled.add(root);
  }
  root.querySelector('dialog')?.remove();
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-labelledby', 'tranche-plans-title');
  const headline = view.headline;
  dialog.innerHTML =
    `<div class="head"><h2 id="tranche-plans-title">Pay ${escapeHtml(view.merchant_name)} in parts with Tranche</h2>` +
    '<button type="button" class="close">Close</button></div>' +
    '<div class="body" tabindex="0" role="region" aria-label="Plans">' +
    `<p>${headline && headline.deposit > 0 ? `Pay <b>${escapeHtml(headline.deposit_text)}</b> today (a ${headline.upfront_pct}% deposit), then` : 'Pay nothing today, then'} ` +
    'the rest in equal payments, taken automatically from your card or bank account. No interest, no fees.</p>' +
    tables(view) +
    '<small>A larger deposit, chosen at checkout, makes each payment smaller. You choose your plan at checkout, where Tranche checks that you can use it.</small></div>';
  root.append(dialog);
  const close = dialog.querySelector('button');
  const body = dialog.querySelector<HTMLElement>('.body');
  if (!close || !body) return;
  close.onclick = () => dialog.close();
  // Tab and Shift+Tab go between the two stops (Close, the scrolling plans) and never leave.
  dialog.onkeydown = (event) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    (root.activeElement === close ? body : close).focus();
  };
  dialog.onclose = () => {
    dialog.remove();
    opener.focus();
  };
  dialog.showModal();
  close.focus();
}

dispatchEvent(new CustomEvent(DIALOG_EVENT, { detail: showPlans }));
