import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

import {
  type ApiClient,
  ApiError,
  type Confirmation,
  type Customer,
  type Method,
  type PlanChoice,
  type SchedulePreview,
  type Session,
} from '../shared/api.ts';
import { AddCard } from '../shared/customer/add-card.tsx';
import { BankMandate } from '../shared/customer/bank-mandate.tsx';
import { CustomerContext } from '../shared/customer/context.ts';
import { CreditCheckConsent, type VerifiedBvn } from '../shared/customer/credit-check.tsx';
import { IdentityVerification } from '../shared/customer/identity.tsx';
import { Register } from '../shared/customer/register.tsx';
import { SignIn } from '../shared/customer/sign-in.tsx';
import { TabCustomerTokens } from '../shared/customer/tab-tokens.ts';
import { messageOf } from '../shared/message-of.ts';
import { Alert, Spinner } from '../shared/ui.tsx';
import { CheckoutContext, type CheckoutContextValue } from './context.ts';
import {
  type ClosedReason,
  closedReasonOf,
  refusalOf,
  routeForEligibility,
  type Step,
} from './flow.ts';
import { CLOSED_TEXT } from './flow.ts';
import type { Host } from './host.ts';
import { Confirmed, endsOnDashboard } from './screens/confirmed.tsx';
import { NotEligible } from './screens/not-eligible.tsx';
import { OrderSummary } from './screens/order-summary.tsx';
import { PaymentMethodChooser } from './screens/payment-method.tsx';
import { PlanPicker, planSummary } from './screens/plan-picker.tsx';
import { ReviewAndConfirm } from './screens/review.tsx';
import { SessionClosed } from './screens/session-closed.tsx';
import { ExpiryWarning, useSessionClock } from './session-clock.tsx';

/** The whole checkout journey for one session token. */
export function Checkout(props: { api: ApiClient; host: Host; token: string }) {
  const { api, host, token } = props;
  const [session, setSession] = useState<Session>();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  /** The BVN just verified, in memory only, so a live checkout's credit check need not ask again. */
  const verifiedBvn = useRef<VerifiedBvn | undefined>(undefined);
  const [customer, setCustomer] = useState<Customer>();
  const [choice, setChoice] = useState<PlanChoice>();
  const [preview, setPreview] = useState<SchedulePreview>();
  const [method, setMethod] = useState<Method>();
  const [problem, setProblem] = useState<string>();
  /** The first name of the customer this browser is remembered for at this shop (decision 0054). */
  const [remembered, setRemembered] = useState<string>();
  const online = useOnline();

  function close(reason: ClosedReason) {
    setStep({ kind: 'closed', reason });
    if (reason === 'expired') host.event('refused', { reason: 'session_expired' });
    const text = CLOSED_TEXT[reason];
    host.post({ type: 'fatal', message: `${text.title}. ${text.body}`, code: text.code });
  }

  // Load the session; the loader learns we are alive either way.
  useEffect(() => {
    if (host.refusal) {
      close('refused');
      return;
    }
    api.session(token).then(
      (loaded) => {
        setSession(loaded);
        const closed = closedReasonOf(loaded, Date.now());
        if (closed) close(closed);
        else if (!loaded.suggested_plan) close('unavailable');
        else {
          // The plans and their schedule first, from the session alone (decision 0068).
          setChoice(loaded.suggested_plan);
          setStep({ kind: 'plan' });
          api.rememberedDevice(token).then(
            (status) => status.remembered && status.first_name && setRemembered(status.first_name),
            () => undefined,
          );
        }
        host.post({ type: 'ready' });
      },
      (caught: unknown) => {
        close(caught instanceof ApiError && caught.status === 404 ? 'not_found' : 'unavailable');
        host.post({ type: 'ready' });
      },
    );
  }, []);

  // The session's 30 minutes may run out while the customer is here: warned at 5 and 1 minutes.
  const minutesLeft = useSessionClock(
    session?.expires_at,
    step.kind !== 'loading' && step.kind !== 'confirmed' && step.kind !== 'closed',
    {
      onWarning: (secondsLeft) => host.event('session_expiring', { secondsLeft }),
      onExpired: () => close('expired'),
    },
  );

  // Escape inside the iframe never reaches the merchant's page: tell the loader.
  useEffect(() => {
    if (!host.embedded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') host.post({ type: 'close' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const context = useMemo<CheckoutContextValue | undefined>(
    () => session && { api, host, token, session, customer, sandbox: !session.livemode },
    [session, customer],
  );

  /** After sign-in or identity verification: where eligibility sends the customer next. */
  async function checkEligibility(chosen?: Chosen) {
    if (!session) return;
    setProblem(undefined);
    try {
      const eligibility = await api.eligibility(token);
      const identity =
        eligibility.reason === 'insufficient_trust_tier' ? await api.identity() : undefined;
      const route = routeForEligibility(eligibility, identity && identity.status === 'verified');
      if (route === 'continue') {
        host.event('eligible');
        await continueWithChosenPlan(chosen ?? (choice && preview && { choice, preview }));
      } else if (route === 'credit_check') {
        host.event('refused', { reason: 'credit_check_required' });
        setStep({ kind: 'credit_check' });
      } else if (route === 'verify_identity') {
        // Until verified, a refusal the shop may act on (the customer may close here).
        host.event('refused', { reason: 'identity_not_verified' });
        setStep({ kind: 'identity' });
      } else {
        const trust = await api.trust(session.livemode).catch(() => undefined);
        host.event('refused', { reason: refusalOf(eligibility) });
        setStep({ kind: 'not_eligible', eligibility, ...(trust && { trust }) });
      }
    } catch (caught) {
      setProblem(messageOf(caught, 'Eligibility could not be checked.'));
    }
  }

  /**
   * The plan chosen before signing in stands. Only when the shopper left the suggested plan as
   * it was and chose another for this order in an earlier session (decision 0049) is the plan
   * step shown again, on that earlier choice: asked, never switched silently.
   */
  async function continueWithChosenPlan(chosen: Chosen | undefined) {
    const suggested = session?.suggested_plan;
    const untouched = !chosen || (suggested !== undefined && samePlan(chosen.choice, suggested));
    const kept = untouched ? await api.rememberedPlanChoice(token).catch(() => null) : null;
    if (kept && !(chosen && samePlan(kept, chosen.choice))) {
      setChoice(kept);
      setPreview(undefined);
      setStep({ kind: 'plan', kept: true });
      return;
    }
    if (!chosen) {
      setStep({ kind: 'plan' });
      return;
    }
    // Kept for a later session of this order; the journey never waits on it.
    void api.rememberPlanChoice(token, chosen.choice).catch(() => undefined);
    setStep({ kind: method ? 'review' : 'method' });
  }

  async function signedIn(who: Customer, chosen?: Chosen) {
    setCustomer(who);
    host.event('signed_in');
    await checkEligibility(chosen);
  }

  /**
   * A browser remembered for this shop (decision 0054) goes on from the plan step in one tap:
   * no sign-in screen. If the device is no longer remembered, the sign-in step as usual.
   */
  async function continueRemembered(chosen: Chosen) {
    setStep({ kind: 'loading' });
    try {
      const { customer: who } = await api.continueOnRememberedDevice(token);
      await signedIn(who, chosen);
    } catch {
      setRemembered(undefined);
      setStep({ kind: 'sign_in' });
    }
  }

  function methodLinked(linked: Method) {
    host.event('method_linked');
    setMethod(linked);
    setStep({ kind: preview ? 'review' : 'method' });
  }

  async function refused(error: ApiError) {
    if (error.code === 'session_not_pending') {
      const fresh = await api.session(token).catch(() => undefined);
      close((fresh && closedReasonOf(fresh, Date.now())) ?? 'expired');
    } else await checkEligibility();
  }

  function confirmed(confirmation: Confirmation) {
    host.event('confirmed');
    // A full page that ends on the customer dashboard (same origin, same tab) arrives signed in:
    // the tokens move to the tab's storage the dashboard reads (decision 0021). An embedded
    // checkout never leaves its memory.
    if (!host.embedded && endsOnDashboard(confirmation.redirect_url)) {
      api.keepSessionIn(new TabCustomerTokens());
    }
    setStep({
      kind: 'confirmed',
      paymentPlanId: confirmation.payment_plan_id,
      redirectUrl: confirmation.redirect_url,
    });
    host.post({ type: 'success', paymentPlanId: confirmation.payment_plan_id });
  }

  return (
    <div class={host.embedded ? 'checkout' : 'checkout full-page'}>
      <div class="frame">
        <OrderSummary session={session} />
        <ExpiryWarning minutesLeft={minutesLeft} />
        {!online && (
          <p class="offline" role="status">
            You are offline. Nothing you entered is lost; try again once you are connected.
          </p>
        )}
        {problem && (
          <div class="step">
            <Alert>
              {problem}{' '}
              <button class="link-button" type="button" onClick={() => void checkEligibility()}>
                Try again
              </button>
            </Alert>
          </div>
        )}
        {step.kind === 'loading' && (
          <main class="step">
            <Spinner label="Loading your checkout…" />
          </main>
        )}
        {step.kind === 'closed' && <SessionClosed reason={step.reason} host={host} />}
        {context && (
          <CheckoutContext.Provider value={context}>
            <CustomerContext.Provider value={context}>
              {step.kind === 'sign_in' && (
                <SignIn
                  {...(preview && {
                    lead: `Sign in or create an account to confirm ${planSummary(preview)}.`,
                  })}
                  email={session?.customer_email}
                  sessionToken={token}
                  {...(session?.merchant_name && { shopName: session.merchant_name })}
                  onSignedIn={(who) => void signedIn(who)}
                  onRegister={() => setStep({ kind: 'register' })}
                />
              )}
              {step.kind === 'register' && (
                <Register
                  email={session?.customer_email}
                  onSignedIn={(who) => void signedIn(who)}
                  onSignIn={() => setStep({ kind: 'sign_in' })}
                />
              )}
              {(step.kind === 'sign_in' || step.kind === 'register') && (
                <p class="step-foot">
                  <button
                    class="link-button"
                    type="button"
                    onClick={() => setStep({ kind: 'plan' })}
                  >
                    Change the plan
                  </button>
                </p>
              )}
              {step.kind === 'identity' && (
                <IdentityVerification
                  sessionToken={token}
                  onVerified={(verified) => {
                    verifiedBvn.current = verified;
                    host.event('identity_verified');
                    void checkEligibility();
                  }}
                />
              )}
              {step.kind === 'credit_check' && (
                <CreditCheckConsent
                  known={verifiedBvn.current}
                  onChecked={() => {
                    verifiedBvn.current = undefined;
                    void checkEligibility();
                  }}
                />
              )}
              {step.kind === 'not_eligible' && (
                <NotEligible
                  eligibility={step.eligibility}
                  trust={step.trust}
                  host={host}
                  shopName={session?.merchant_name}
                  support={session?.merchant_support}
                  onCheckAgain={() => void checkEligibility()}
                  chosenPlan={preview && planSummary(preview)}
                />
              )}
              {step.kind === 'plan' && choice && (
                <PlanPicker
                  choice={choice}
                  kept={step.kept === true}
                  {...(!customer &&
                    remembered && {
                      remembered: {
                        firstName: remembered,
                        onSignInAnotherWay: () => setStep({ kind: 'sign_in' }),
                      },
                    })}
                  onContinue={(chosen, computed) => {
                    setChoice(chosen);
                    setPreview(computed);
                    host.event('plan_chosen');
                    if (!customer && remembered) {
                      void continueRemembered({ choice: chosen, preview: computed });
                      return;
                    }
                    if (!customer) {
                      // Signing in is asked only now, to confirm the plan just chosen.
                      setStep({ kind: 'sign_in' });
                      return;
                    }
                    // Kept for a later session of this order; the journey never waits on it.
                    void api.rememberPlanChoice(token, chosen).catch(() => undefined);
                    setStep({ kind: method ? 'review' : 'method' });
                  }}
                />
              )}
              {step.kind === 'method' && (
                <PaymentMethodChooser
                  selected={method?.id}
                  onContinue={(chosen) => {
                    setMethod(chosen);
                    setStep({ kind: 'review' });
                  }}
                  onAddCard={() => setStep({ kind: 'add_card' })}
                  onAddBank={() => setStep({ kind: 'add_bank' })}
                  onBack={() => setStep({ kind: 'plan' })}
                />
              )}
              {step.kind === 'add_card' && (
                <AddCard onLinked={methodLinked} onBack={() => setStep({ kind: 'method' })} />
              )}
              {step.kind === 'add_bank' && (
                <BankMandate
                  onLinked={methodLinked}
                  onBack={() => setStep({ kind: 'method' })}
                  waitForActivation
                  otherwiseLabel="Pay with a card instead"
                  onOtherwise={() => setStep({ kind: 'add_card' })}
                />
              )}
              {step.kind === 'review' && choice && preview && method && (
                <ReviewAndConfirm
                  choice={choice}
                  preview={preview}
                  method={method}
                  onConfirmed={confirmed}
                  onRefused={(error) => void refused(error)}
                  onChangePlan={() => setStep({ kind: 'plan' })}
                  onChangeMethod={() => setStep({ kind: 'method' })}
                />
              )}
              {step.kind === 'confirmed' && (
                <Confirmed redirectUrl={step.redirectUrl} host={host} />
              )}
            </CustomerContext.Provider>
          </CheckoutContext.Provider>
        )}
        <footer class="trust">Secured by Tranche · payments processed by Paystack</footer>
      </div>
    </div>
  );
}

/** The plan chosen on the plan step, with the schedule the preview computed for it. */
interface Chosen {
  choice: PlanChoice;
  preview: SchedulePreview;
}

function samePlan(a: PlanChoice, b: PlanChoice): boolean {
  return (
    a.frequency === b.frequency &&
    a.installment_count === b.installment_count &&
    a.upfront_pct === b.upfront_pct
  );
}

function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    addEventListener('online', up);
    addEventListener('offline', down);
    return () => {
      removeEventListener('online', up);
      removeEventListener('offline', down);
    };
  }, []);
  return online;
}
