import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Method, type PaymentPlan } from '../../shared/api.ts';
import { AddCard } from '../../shared/customer/add-card.tsx';
import { BankMandate } from '../../shared/customer/bank-mandate.tsx';
import { messageFor } from '../../shared/customer/messages.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';
import { isOpen, methodText } from '../plan-facts.ts';

type Mode = 'list' | 'card' | 'bank';

/** Refusal to delete a method that pays an open plan, with the plans to move first. */
interface InUse {
  methodId: string;
}

/** The customer's cards and bank mandates: add, make default, delete. */
export function MethodsSection() {
  const { api, customer, plans } = useCustomerDashboard();
  const [methods, setMethods] = useState<Method[]>();
  const [mode, setMode] = useState<Mode>('list');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [inUse, setInUse] = useState<InUse>();
  const [busy, setBusy] = useState<string>();

  async function load() {
    try {
      setMethods(await api.methods(customer.id));
    } catch (caught) {
      setError(
        caught instanceof ApiError ? messageFor(caught) : 'Your methods could not be loaded.',
      );
    }
  }
  useEffect(() => void load(), []);

  async function act(method: Method, action: 'default' | 'delete') {
    if (busy) return;
    setBusy(method.id);
    setError(undefined);
    setDone(undefined);
    setInUse(undefined);
    try {
      if (action === 'default') {
        await api.setDefaultMethod(method.id);
        setDone(`${method.label} is now your default method.`);
      } else {
        await api.deleteMethod(method.id);
        setDone(`${method.label} was removed.`);
      }
      await load();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'payment_method_in_use') {
        setInUse({ methodId: method.id });
      } else {
        setError(caught instanceof ApiError ? messageFor(caught) : 'That did not work; try again.');
      }
    } finally {
      setBusy(undefined);
    }
  }

  function linked(method: Method) {
    setMode('list');
    setDone(
      method.status === 'pending'
        ? `${method.label} was added. Your bank is activating the direct debit (up to 24 hours); come back to this page to see it active.`
        : `${method.label} was added.`,
    );
    void load();
  }

  if (mode === 'card') return <AddCard onLinked={linked} onBack={() => setMode('list')} />;
  if (mode === 'bank') return <BankMandate onLinked={linked} onBack={() => setMode('list')} />;
  return (
    <>
      <StepHeading lead="Your installments are debited from these. The default one is offered first at checkout.">
        Payment methods
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {done && (
        <p class="notice" role="status">
          {done}
        </p>
      )}
      {!methods && !error && <Spinner label="Loading your payment methods…" />}
      {methods?.length === 0 && <p class="pay-empty">No card or bank account yet.</p>}
      <ul class="method-list">
        {methods?.map((method) => (
          <li class="card method-card" key={method.id}>
            <div class="card-head">
              <h2>
                {method.label}
                {method.is_default && <span class="badge">Default</span>}
                {method.status === 'revoked' && <span class="badge danger">Withdrawn</span>}
                {method.status === 'pending' && <span class="badge">Pending activation</span>}
                {method.status === 'failed' && <span class="badge danger">Not activated</span>}
              </h2>
            </div>
            <p class="card-lead">
              {methodText(method)}
              {method.status === 'revoked' &&
                '. Your bank or card issuer withdrew it: it is never charged again.'}
              {method.status === 'pending' &&
                '. You authorized this direct debit; your bank is activating it (a ₦50 check, refunded; up to 24 hours). It can pay for plans once active.'}
              {method.status === 'failed' &&
                '. Your bank did not activate this direct debit: it is never charged. Delete it and try another account or a card.'}
            </p>
            {inUse?.methodId === method.id && <MethodInUse method={method} plans={plans} />}
            <div class="inline-actions">
              {!method.is_default && method.status === 'active' && (
                <button
                  class="button secondary inline"
                  type="button"
                  disabled={busy !== undefined}
                  onClick={() => void act(method, 'default')}
                >
                  Make default
                </button>
              )}
              <button
                class="button secondary inline danger"
                type="button"
                disabled={busy !== undefined}
                aria-label={`Delete ${method.label}`}
                onClick={() => void act(method, 'delete')}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div class="inline-actions">
        <button class="button inline" type="button" onClick={() => setMode('card')}>
          Add a debit card
        </button>
        <button class="button secondary inline" type="button" onClick={() => setMode('bank')}>
          Add a bank account (direct debit)
        </button>
      </div>
    </>
  );
}

/** Why the method stays, and the way out: another method on each plan it pays, then delete. */
function MethodInUse(props: { method: Method; plans: PaymentPlan[] | undefined }) {
  const backed = (props.plans ?? []).filter(
    (p) => isOpen(p) && p.payment_method_id === props.method.id,
  );
  return (
    <div class="alert" role="alert">
      <p>
        <strong>{props.method.label} cannot be deleted yet.</strong> It pays{' '}
        {backed.length === 1 ? 'a plan that is still open' : 'plans that are still open'}, and each
        installment needs a card or account to be debited from.
      </p>
      <p>
        To delete it: add another card or bank account below, then on each plan choose it under
        “Payment method for this plan”:
      </p>
      <ul>
        {backed.map((plan) => (
          <li key={plan.id}>
            <Link href={`/dashboard/plans/${encodeURIComponent(plan.id)}`}>
              Plan {plan.order_reference}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
