import { useEffect, useMemo, useState } from 'preact/hooks';

import type { ApiClient, Customer, Notice, PaymentPlan } from '../shared/api.ts';
import { CustomerContext } from '../shared/customer/context.ts';
import { Register } from '../shared/customer/register.tsx';
import { SignIn } from '../shared/customer/sign-in.tsx';
import { navigate, usePath } from '../shared/router.tsx';
import { InsideMain, Spinner } from '../shared/ui.tsx';
import { CustomerDashboard, type CustomerDashboardValue } from './context.ts';
import { AccountSection } from './screens/account.tsx';
import { ForgotPassword } from './screens/forgot-password.tsx';
import { CustomerLayout, type Section } from './screens/layout.tsx';
import { MethodsSection } from './screens/methods.tsx';
import { NoticesSection } from './screens/notices.tsx';
import { PlanDetail } from './screens/plan-detail.tsx';
import { PlansSection } from './screens/plans.tsx';
import { ResetPassword } from './screens/reset-password.tsx';

/** The dashboard's sections, in the navigation's order. */
const SECTIONS: readonly (Section & { render: () => preact.JSX.Element })[] = [
  { path: '/dashboard', title: 'Your plans', render: () => <PlansSection /> },
  { path: '/dashboard/methods', title: 'Payment methods', render: () => <MethodsSection /> },
  { path: '/dashboard/account', title: 'Identity and limit', render: () => <AccountSection /> },
  { path: '/dashboard/notices', title: 'Notices', render: () => <NoticesSection /> },
];

/** Pages of the signed-out flows; signing in on one of them goes on to the plans. */
const AUTH_PATHS = [
  '/dashboard/register',
  '/dashboard/forgot-password',
  '/dashboard/reset-password',
];

/** /dashboard/plans/{id} → the plan id. */
function planIdIn(path: string): string | undefined {
  const match = /^\/dashboard\/plans\/([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** The reset link's token (`#token=…`), taken once and removed from the address bar. */
function takeResetToken(): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

/**
 * Sandbox hints (test cards, accounts, BVNs) only for a customer whose plans are all test-mode
 * ones: the API does not say which gateway a deployment uses, and a live customer must never
 * be shown test cards.
 */
function looksLikeSandbox(plans: PaymentPlan[] | undefined): boolean {
  return !!plans && plans.some((p) => !p.livemode) && !plans.some((p) => p.livemode);
}

/** The customer dashboard: sign in or register, then plans, methods, identity and notices. */
export function CustomerApp(props: { api: ApiClient }) {
  const { api } = props;
  const path = usePath();
  const [customer, setCustomer] = useState<Customer>();
  const [restoring, setRestoring] = useState(api.signedIn);
  const [plans, setPlans] = useState<PaymentPlan[]>();
  const [notices, setNotices] = useState<Notice[]>();
  const [resetToken] = useState(() =>
    location.pathname.startsWith('/dashboard/reset-password') ? takeResetToken() : undefined,
  );

  // A reload (or the full-page checkout handing over, decision 0021) keeps the session.
  useEffect(() => {
    if (!api.signedIn) return;
    api
      .me()
      .then(setCustomer, () => api.signOut())
      .finally(() => setRestoring(false));
  }, []);

  async function reload() {
    const [loadedPlans, loadedNotices] = await Promise.all([
      api.plans(),
      api.notices().catch(() => [] as Notice[]),
    ]);
    setPlans(loadedPlans);
    setNotices(loadedNotices);
  }

  useEffect(() => {
    if (customer) void reload().catch(() => setPlans([]));
  }, [customer?.id]);

  const sandbox = looksLikeSandbox(plans);
  const value = useMemo<CustomerDashboardValue | undefined>(
    () => customer && { api, customer, sandbox, plans, notices, reload },
    [customer, plans, notices, sandbox],
  );
  const signedOut = useMemo(() => ({ api, customer: undefined, sandbox: false }), [api]);

  if (restoring) return <Spinner label="Loading your dashboard…" />;
  // A reset link opened while signed in still resets (it may be someone else's session).
  if (!customer || !value || path === '/dashboard/reset-password') {
    const signedIn = (who: Customer) => {
      setCustomer(who);
      if (AUTH_PATHS.includes(path)) navigate('/dashboard');
    };
    return (
      <CustomerContext.Provider value={signedOut}>
        <div class="auth-page">
          <p class="brand-line">Tranche</p>
          {path === '/dashboard/register' ? (
            <Register onSignedIn={signedIn} onSignIn={() => navigate('/dashboard')} />
          ) : path === '/dashboard/forgot-password' ? (
            <ForgotPassword onSignIn={() => navigate('/dashboard')} />
          ) : path === '/dashboard/reset-password' ? (
            <ResetPassword
              token={resetToken}
              onSignedIn={signedIn}
              onForgotPassword={() => navigate('/dashboard/forgot-password')}
            />
          ) : (
            <SignIn
              lead="Follow your installment plans and manage your cards and bank accounts."
              onSignedIn={signedIn}
              onRegister={() => navigate('/dashboard/register')}
              onForgotPassword={() => navigate('/dashboard/forgot-password')}
            />
          )}
        </div>
      </CustomerContext.Provider>
    );
  }

  const planId = planIdIn(path);
  const section = SECTIONS.find((s) => s.path === path.replace(/\/$/, '')) ?? SECTIONS[0];
  return (
    <CustomerContext.Provider value={value}>
      <CustomerDashboard.Provider value={value}>
        <InsideMain.Provider value={true}>
          <CustomerLayout
            customer={customer}
            sandbox={sandbox}
            sections={SECTIONS}
            path={planId ? '/dashboard' : (section?.path ?? path)}
            onSignOut={() => {
              void api.signOut().then(() => {
                setCustomer(undefined);
                setPlans(undefined);
                setNotices(undefined);
                navigate('/dashboard');
              });
            }}
          >
            {planId ? <PlanDetail key={planId} id={planId} /> : section?.render()}
          </CustomerLayout>
        </InsideMain.Provider>
      </CustomerDashboard.Provider>
    </CustomerContext.Provider>
  );
}
