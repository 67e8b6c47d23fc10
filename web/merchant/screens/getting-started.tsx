import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, CheckIcon, Spinner, StepHeading } from '../../shared/ui.tsx';
import type { Key } from '../api/index.ts';
import {
  listPlans,
  listWebhookEvents,
  type PaymentPlan,
  type WebhookLogEvent,
} from '../api/payments.ts';
import { useDashboard } from '../context.ts';
import { MerchantIdField } from './copyable-secret.tsx';
import { planPath } from './payments/paths.ts';

export const GETTING_STARTED_PATH = '/merchant/getting-started';

/** What the checklist reads, all of it in test mode. */
interface SandboxState {
  key: Key | undefined;
  delivered: WebhookLogEvent | undefined;
  plan: PaymentPlan | undefined;
}

const usable = (key: Key) =>
  key.mode === 'test' &&
  key.revoked_at === null &&
  (key.expires_at === null || Date.parse(key.expires_at) > Date.now());

/**
 * The way from a new account to a first sandbox checkout, each step ticked from what the API
 * says about the account's test mode (keys, the test webhook address, the test delivery log, the
 * test plans), with what to do next.
 */
export function GettingStartedSection() {
  const { api, merchant, mode, reload } = useDashboard();
  const [state, setState] = useState<SandboxState>();
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  async function check() {
    setChecking(true);
    setError(undefined);
    try {
      const [keys, events, plans] = await Promise.all([
        api.keys(merchant.id),
        listWebhookEvents(api, merchant.id, 'test', { status: 'delivered', limit: 1 }),
        listPlans(api, merchant.id, 'test', { limit: 1 }),
        reload(),
      ]);
      setState({ key: keys.find(usable), delivered: events.data[0], plan: plans.data[0] });
    } catch (caught) {
      setError(messageOf(caught, 'Something went wrong.'));
    } finally {
      setChecking(false);
    }
  }

  useEffect(() => void check(), []);

  const webhook = merchant.webhooks.test;
  const steps = state && [
    state.key !== undefined,
    webhook.url !== null,
    state.delivered !== undefined,
    state.plan !== undefined,
  ];
  const done = steps?.filter(Boolean).length ?? 0;

  return (
    <>
      <StepHeading lead="From a new account to a first sandbox checkout. Each step ticks itself from your test mode.">
        Getting started
      </StepHeading>
      {mode === 'live' && (
        <p class="notice">
          These steps look at your test mode, whatever the data shown. Switch to Test at the top to
          work through them.
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {!state ? (
        !error && <Spinner label="Checking your sandbox…" />
      ) : (
        <section class="card" aria-labelledby="checklist-title">
          <h2 id="checklist-title">Your sandbox: {done} of 4 done</h2>
          <ol class="gs-checklist">
            <Step done={state.key !== undefined} title="Get a test secret key">
              <MerchantIdField merchantId={merchant.id} />
              {state.key ? (
                <p>
                  Your server creates checkout sessions with <code>{state.key.redacted}</code>. Lost
                  it? Roll a new one in <Link href="/merchant/developers">Developers</Link>.
                </p>
              ) : (
                <p>
                  You have no working test key. Roll one in{' '}
                  <Link href="/merchant/developers">Developers</Link> and keep it on your server.
                </p>
              )}
            </Step>
            <Step done={webhook.url !== null} title="Set a test webhook URL">
              {webhook.url !== null ? (
                <p>
                  Test events go to <code class="wrap">{webhook.url}</code>
                  {webhook.status === 'disabled' &&
                    ` (paused: ${webhook.disabled_reason ?? 'the endpoint answered 410 Gone'})`}
                  . Change it in <Link href="/merchant/developers">Developers</Link>.
                </p>
              ) : (
                <p>
                  Tell Tranche where to send your test events (payments collected, failed, plans
                  completed): add your endpoint in{' '}
                  <Link href="/merchant/developers">Developers</Link>.
                </p>
              )}
            </Step>
            <Step done={state.delivered !== undefined} title="Receive a test event">
              {state.delivered ? (
                <p>
                  Your endpoint accepted <code>{state.delivered.event}</code>
                  {state.delivered.delivered_at &&
                    ` on ${formatDateTime(state.delivered.delivered_at)}`}
                  .
                </p>
              ) : (
                <>
                  <p>
                    No event in your test delivery log has reached your endpoint yet. To check your
                    endpoint now, use <em>Send a test event</em> in{' '}
                    <Link href="/merchant/developers">Developers</Link>: it answers at once.
                  </p>
                  <p class="fine-print">
                    That probe is not kept in the delivery log, so it does not tick this step: the
                    step ticks when a real test event (such as a payment from your first sandbox
                    checkout) is delivered.
                  </p>
                </>
              )}
            </Step>
            <Step done={state.plan !== undefined} title="Take a first sandbox checkout">
              {state.plan ? (
                <p>
                  Your first test plan is order{' '}
                  <Link href={planPath(state.plan.id)}>{state.plan.order_reference}</Link>: see
                  every test payment in <Link href="/merchant/payments">Payments</Link>, and walk it
                  to the end with time travel.
                </p>
              ) : (
                <p>
                  Open a payment link (create one in{' '}
                  <Link href="/merchant/payment-links">Payment links</Link>) or your integration
                  with your test key, and pay with a test card. The plan then shows in{' '}
                  <Link href="/merchant/payments">Payments</Link>.
                </p>
              )}
            </Step>
          </ol>
          <div class="pay-more">
            <button
              class="button secondary"
              type="button"
              disabled={checking}
              aria-busy={checking}
              onClick={() => void check()}
            >
              {checking ? 'Checking…' : 'Check again'}
            </button>
          </div>
        </section>
      )}
      {merchant.status === 'pending_approval' && (
        <section class="card" aria-labelledby="going-live-title">
          <h2 id="going-live-title">Going live</h2>
          <p>
            Your live keys work once Tranche approves the account. Submit your business details, its
            director and a settlement account in{' '}
            <Link href="/merchant/business-details">Business details</Link>.
          </p>
        </section>
      )}
    </>
  );
}

function Step(props: { done: boolean; title: string; children: ComponentChildren }) {
  return (
    <li class={props.done ? 'check done' : 'check'}>
      <span class="tick" aria-hidden="true">
        {props.done && <CheckIcon class="tick-icon" />}
      </span>
      <div>
        <h3>
          {props.title}{' '}
          <span class={props.done ? 'pay-status good' : 'pay-status'}>
            {props.done ? 'Done' : 'To do'}
          </span>
        </h3>
        {props.children}
      </div>
    </li>
  );
}
