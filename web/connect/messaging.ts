// <tranche-messaging amount="4850000" publishable-key="pk_test_…">: the price before the
// commitment, on a shop's product and cart pages (decision 0056). One line, "₦12,125 today, then
// 3 monthly payments of ₦12,125 with Tranche", and a "Learn more" button opening a dialog of the
// plans (messaging-dialog.ts, loaded on demand). Everything it says comes from
// GET /api/v1/messaging/plans, amounts already in words, read with a publishable key.
//
// No layout shift: the host is a block that reserves two lines (three on phones, where the line
// wraps) from the moment it upgrades, and
// keeps that space whatever the answer (an amount outside the shop's limits shows nothing, in the
// same box). Pages may reserve it before the script arrives with the same CSS rule (docs/widget.md).
import type { Static } from 'typebox';

import type { MessagingPlan, MessagingPlans } from '../../src/features/messaging/schemas.ts';
import { addStyles, DIALOG_EVENT, escapeHtml, plural, WORDS } from './messaging-words.ts';

type MessagingPlansView = Static<typeof MessagingPlans>;
type ShowPlans = (root: ShadowRoot, view: MessagingPlansView, opener: HTMLElement) => void;

const STYLE =
  ':host{display:block;min-height:3em;line-height:1.5}@media(max-width:480px){:host{min-height:4.5em}}p{margin:0}' +
  'button{font:inherit;color:inherit;background:none;border:0;padding:0;cursor:pointer;text-decoration:underline}';

/** One answer per URL per page: a cart showing the same amount twice asks once. */
const answers = new Map<string, Promise<MessagingPlansView | undefined>>();
let dialogScript: Promise<ShowPlans> | undefined;

/** "₦12,125 today, then 3 monthly payments of ₦12,125" */
export function headlineText(plan: Static<typeof MessagingPlan>): string {
  const payments = `${plural(plan.installment_count, `${WORDS[plan.frequency][0]} payment`)} of ${plan.equal_installments ? '' : 'up to '}${plan.installment_text}`;
  return `${plan.deposit > 0 ? plan.deposit_text : 'Nothing'} today, then ${payments}`;
}

/** The learn-more view, fetched once (a failed load is tried again on the next click). */
function loadDialog(origin: string): Promise<ShowPlans> {
  dialogScript =
    dialogScript ||
    new Promise((resolve, reject) => {
      addEventListener(DIALOG_EVENT, (event) => resolve((event as CustomEvent<ShowPlans>).detail), {
        once: true,
      });
      const script = document.createElement('script');
      script.src = `${origin}/sdk/v1/messaging-dialog.js`;
      script.onerror = () => {
        dialogScript = undefined;
        script.remove();
        reject(new Error('messaging-dialog.js did not load'));
      };
      document.head.append(script);
    });
  return dialogScript;
}

export function defineMessaging(origin: string): void {
  if (typeof customElements === 'undefined' || customElements.get('tranche-messaging')) return;

  // No class fields and no `??`: the loader is built for ES2017, where each costs helpers.
  class TrancheMessaging extends HTMLElement {
    /** What the element shows, beside its styles in the shadow root. */
    declare private line: HTMLElement | undefined;

    static get observedAttributes(): string[] {
      return ['amount', 'publishable-key'];
    }

    connectedCallback(): void {
      // The reserved space from the first frame, before any answer.
      if (!this.line) {
        const root = this.attachShadow({ mode: 'open' });
        addStyles(root, STYLE);
        this.line = root.appendChild(document.createElement('div'));
      }
      void this.update();
    }

    attributeChangedCallback(): void {
      if (this.isConnected) void this.update();
    }

    private async update(): Promise<void> {
      const url = `${origin}/api/v1/messaging/plans?amount=${encodeURIComponent(String(this.getAttribute('amount')))}&key=${encodeURIComponent(String(this.getAttribute('publishable-key')))}`;
      if (url === this.dataset.url) return;
      this.dataset.url = url;
      let answer = answers.get(url);
      if (!answer) {
        answer = fetch(url).then(
          async (response) =>
            response.ok
              ? ((await response.json()) as { data: MessagingPlansView }).data
              : undefined,
          () => undefined,
        );
        answers.set(url, answer);
      }
      const view = await answer;
      // The amount changed while this answer was on its way: the newer one renders.
      if (url === this.dataset.url) this.render(view);
    }

    private render(view: MessagingPlansView | undefined): void {
      const root = this.shadowRoot;
      const line = this.line;
      const headline = view && view.available ? view.headline : null;
      this.dataset.state = headline ? 'shown' : 'empty';
      if (!root || !line) return;
      line.innerHTML = '';
      if (!view || !headline) return;
      line.innerHTML =
        `<p>${escapeHtml(headlineText(headline))} with <b>Tranche</b>. ` +
        '<button type="button" aria-haspopup="dialog">Learn more</button></p>';
      const button = line.querySelector('button');
      if (!button) return;
      // Fetched as the shopper reaches for it, so the click rarely waits.
      button.onpointerenter = button.onfocus = () => void loadDialog(origin).catch(() => {});
      button.onclick = () =>
        void loadDialog(origin).then(
          (show) => show(root, view, button),
          () => {},
        );
    }
  }

  customElements.define('tranche-messaging', TrancheMessaging);
}
