import { useEffect, useRef, useState } from 'preact/hooks';

import { ApiError, type Method } from '../api.ts';
import { poll } from '../poll.ts';
import { Alert, Spinner, StepBody, StepHeading } from '../ui.tsx';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';
import { CardHint } from './sandbox-hints.tsx';

type CardState =
  | { kind: 'ready'; error?: string }
  | { kind: 'waiting'; url: string; popupBlocked: boolean }
  | { kind: 'declined'; detail: string; refundQueued: boolean };

const POLL_MS = 1500;

/**
 * A card is typed on the gateway's own page, in a popup opened by the customer's click (never
 * over the merchant's page); this screen waits for the gateway's answer meanwhile.
 */
export function AddCard(props: { onLinked: (method: Method) => void; onBack: () => void }) {
  const { api, customer, sandbox } = useCustomerContext();
  const [state, setState] = useState<CardState>({ kind: 'ready' });
  const poller = useRef<{ stop: () => void; now: () => void }>(undefined);
  const popup = useRef<Window | null>(null);
  useEffect(() => () => poller.current?.stop(), []);

  async function start() {
    if (!customer || state.kind === 'waiting') return;
    // Opened now, inside the click: a window opened after an await is blocked by Safari.
    popup.current = window.open('', 'tranche-card', 'popup,width=480,height=720');
    let started: { authorization_url: string; reference: string };
    try {
      started = await api.initializeCard(customer.id, `${location.origin}/checkout/return`);
    } catch (caught) {
      popup.current?.close();
      setState({
        kind: 'ready',
        error: caught instanceof ApiError ? messageFor(caught) : 'Try again.',
      });
      return;
    }
    if (popup.current) popup.current.location.href = started.authorization_url;
    setState({ kind: 'waiting', url: started.authorization_url, popupBlocked: !popup.current });
    const customerId = customer.id;
    poller.current = poll(
      async () => {
        try {
          return await api.verifyCard(customerId, started.reference);
        } catch (caught) {
          if (caught instanceof ApiError && caught.code === 'setup_pending') {
            if (popup.current?.closed) throw new PageClosed();
            return undefined;
          }
          throw caught;
        }
      },
      POLL_MS,
      (method) => {
        popup.current?.close();
        props.onLinked(method);
      },
      (caught) => {
        popup.current?.close();
        if (caught instanceof PageClosed) {
          setState({ kind: 'ready', error: 'The card page was closed before the card was added.' });
        } else if (
          caught instanceof ApiError &&
          (caught.status === 402 || (caught.code === 'setup_expired' && caught.refundQueued))
        ) {
          setState({ kind: 'declined', detail: caught.detail, refundQueued: caught.refundQueued });
        } else {
          setState({
            kind: 'ready',
            error: caught instanceof ApiError ? messageFor(caught) : 'Try again.',
          });
        }
      },
    );
  }

  function back() {
    poller.current?.stop();
    popup.current?.close();
    props.onBack();
  }

  return (
    <StepBody>
      <StepHeading lead="You type your card details on our payment partner's secure page. We charge ₦50 to check the card, then refund it.">
        Add a debit card
      </StepHeading>
      {sandbox && <CardHint />}
      {state.kind === 'ready' && (
        <>
          {state.error && <Alert>{state.error}</Alert>}
          <button class="button" type="button" onClick={() => void start()}>
            Open the secure card page
          </button>
        </>
      )}
      {state.kind === 'waiting' && (
        <>
          <Spinner label="Waiting for the card page… Finish there, then come back here." />
          {state.popupBlocked ? (
            <a class="button" href={state.url} target="_blank" rel="noopener">
              Open the card page
            </a>
          ) : (
            <button class="button secondary" type="button" onClick={() => poller.current?.now()}>
              I have finished on the card page
            </button>
          )}
        </>
      )}
      {state.kind === 'declined' && (
        <>
          {state.refundQueued ? (
            // The detail already says the ₦50 comes back (decision 0042).
            <Alert>
              Your card was not added. {state.detail} Try another card or a bank account.
            </Alert>
          ) : (
            <Alert>
              Your card was not added: {state.detail}. Nothing was charged. Try another card or a
              bank account.
            </Alert>
          )}
          <button class="button" type="button" onClick={() => setState({ kind: 'ready' })}>
            Try another card
          </button>
        </>
      )}
      <button class="link-button" type="button" onClick={back}>
        Back to payment methods
      </button>
    </StepBody>
  );
}

class PageClosed extends Error {}
