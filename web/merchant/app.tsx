import { useEffect, useMemo, useState } from 'preact/hooks';

import { ApiError } from '../shared/json-api.ts';
import { navigate, usePath } from '../shared/router.tsx';
import { Spinner } from '../shared/ui.tsx';
import type { MerchantApi, MerchantRecord, Mode } from './api/index.ts';
import { getSignedInMember, type SignedInMember } from './api/team.ts';
import { DashboardContext, type DashboardContextValue } from './context.ts';
import {
  ACCEPT_INVITATION_PATH,
  AcceptInvitation,
  takeInvitationToken,
} from './screens/accept-invitation.tsx';
import { AuditLogSection } from './screens/audit-log.tsx';
import { BusinessDetailsSection } from './screens/business-details.tsx';
import { DevelopersSection } from './screens/developers.tsx';
import { DisputesSection } from './screens/disputes.tsx';
import { GettingStartedSection } from './screens/getting-started.tsx';
import { HardshipSection } from './screens/hardship.tsx';
import { DashboardLayout, type Section } from './screens/layout.tsx';
import { MoneySection } from './screens/money.tsx';
import {
  FORGOT_PASSWORD_PATH,
  MerchantForgotPassword,
  MerchantResetPassword,
  RESET_PASSWORD_PATH,
  takeResetToken,
} from './screens/password-reset.tsx';
import { PaymentLinksSection } from './screens/payment-links.tsx';
import { PaymentsSection } from './screens/payments.tsx';
import { paymentsRoute } from './screens/payments/paths.ts';
import { PlanDetail } from './screens/payments/plan-page.tsx';
import { MerchantRegister } from './screens/register.tsx';
import { SettingsSection } from './screens/settings.tsx';
import { deactivatedNotice, MerchantSignIn } from './screens/sign-in.tsx';
import { TeamSection } from './screens/team.tsx';
import { OwnerTwoFactorNotice, TWO_FACTOR_PATH } from './screens/two-factor.tsx';

const MODE_KEY = 'tranche.merchant.mode';

/** The dashboard's sections, in the navigation's order; `needs`: shown only to roles that may. */
const SECTIONS: readonly (Section & { render: () => preact.JSX.Element; needs?: string })[] = [
  {
    path: '/merchant/getting-started',
    title: 'Getting started',
    render: () => <GettingStartedSection />,
  },
  { path: '/merchant/payments', title: 'Payments', render: () => <PaymentsSection /> },
  {
    path: '/merchant/payment-links',
    title: 'Payment links',
    render: () => <PaymentLinksSection />,
  },
  { path: '/merchant/money', title: 'Money', render: () => <MoneySection /> },
  { path: '/merchant/disputes', title: 'Disputes', render: () => <DisputesSection /> },
  { path: '/merchant/hardship', title: 'Hardship', render: () => <HardshipSection /> },
  { path: '/merchant/developers', title: 'Developers', render: () => <DevelopersSection /> },
  { path: '/merchant/settings', title: 'Settings', render: () => <SettingsSection /> },
  {
    path: '/merchant/business-details',
    title: 'Business details',
    render: () => <BusinessDetailsSection />,
  },
  { path: '/merchant/team', title: 'Team', render: () => <TeamSection /> },
  {
    path: '/merchant/audit-log',
    title: 'Audit log',
    render: () => <AuditLogSection />,
    needs: 'read_audit_log',
  },
];

/** The merchant dashboard: sign in or register, then one section at a time, in one mode. */
export function MerchantApp(props: { api: MerchantApi }) {
  const { api } = props;
  const path = usePath();
  const [merchant, setMerchant] = useState<MerchantRecord>();
  const [restoring, setRestoring] = useState(api.merchantId !== undefined);
  const [signInNotice, setSignInNotice] = useState<string>();
  const [resetToken] = useState(takeResetToken);
  const [invitationToken] = useState(takeInvitationToken);
  const [member, setMember] = useState<SignedInMember>();
  const [enrolAfterSignIn, setEnrolAfterSignIn] = useState(false);
  const [mode, setModeState] = useState<Mode>(() =>
    sessionStorage.getItem(MODE_KEY) === 'live' ? 'live' : 'test',
  );

  // A reload keeps the session (this tab's storage): fetch who we are.
  useEffect(() => {
    const id = api.merchantId;
    if (id === undefined) return;
    api
      .merchant(id)
      .then(setMerchant, (caught: unknown) => {
        void api.signOut();
        // Deactivated while signed in: say so on the sign-in page rather than just sign out.
        if (caught instanceof ApiError && caught.code === 'merchant_inactive') {
          setSignInNotice(deactivatedNotice(caught.detail));
        }
      })
      .finally(() => setRestoring(false));
  }, []);

  // Who of the team is signed in, and what the role may do: loaded with the merchant.
  useEffect(() => {
    if (!merchant) return setMember(undefined);
    if (member) return;
    getSignedInMember(api, merchant.id).then(setMember, () => setMember(undefined));
  }, [merchant?.id]);

  useEffect(() => {
    if (!member || !enrolAfterSignIn) return;
    setEnrolAfterSignIn(false);
    if (member.two_factor.required && !member.two_factor.enabled) navigate(TWO_FACTOR_PATH);
  }, [member, enrolAfterSignIn]);

  // Live data only for an approved account.
  const shownMode: Mode = merchant?.status === 'active' ? mode : 'test';
  const setMode = (next: Mode) => {
    sessionStorage.setItem(MODE_KEY, next);
    setModeState(next);
  };

  const context = useMemo<DashboardContextValue | undefined>(
    () =>
      merchant &&
      member && {
        api,
        merchant,
        member,
        mode: shownMode,
        reload: async () => {
          try {
            setMerchant(await api.merchant(merchant.id));
          } catch (caught) {
            if (caught instanceof ApiError && caught.status === 401) setMerchant(undefined);
          }
        },
        reloadMember: async () => {
          setMember(await getSignedInMember(api, merchant.id));
        },
      },
    [merchant, member, shownMode],
  );

  if (restoring) return <Spinner label="Loading your dashboard…" />;
  // A reset link opened while signed in still resets (it may be for another account).
  if (merchant && !member && path !== RESET_PASSWORD_PATH && path !== ACCEPT_INVITATION_PATH) {
    return <Spinner label="Loading your dashboard…" />;
  }
  if (!merchant || !context || path === RESET_PASSWORD_PATH || path === ACCEPT_INVITATION_PATH) {
    const signedIn = (record: MerchantRecord) => {
      setMember(undefined);
      setMerchant(record);
      navigate(SECTIONS[0]?.path ?? '/merchant');
    };
    if (path === RESET_PASSWORD_PATH) {
      return <MerchantResetPassword api={api} token={resetToken} onSignedIn={signedIn} />;
    }
    if (path === ACCEPT_INVITATION_PATH) {
      return <AcceptInvitation api={api} token={invitationToken} onSignedIn={signedIn} />;
    }
    if (path === FORGOT_PASSWORD_PATH) return <MerchantForgotPassword api={api} />;
    if (path === '/merchant/register') {
      return (
        <MerchantRegister
          api={api}
          onDone={(email, password) => void api.signIn(email, password).then(signedIn)}
        />
      );
    }
    return (
      <MerchantSignIn
        api={api}
        onSignedIn={(record) => {
          signedIn(record);
          // An owner without two-factor sign-in is led to turn it on (decision 0065).
          setEnrolAfterSignIn(true);
        }}
        notice={signInNotice}
      />
    );
  }

  const payments = paymentsRoute(path);
  const sections = SECTIONS.filter(
    (s) => s.needs === undefined || context.member.permissions.includes(s.needs),
  );
  const section =
    sections.find((s) => s.path === (payments ? '/merchant/payments' : path)) ?? sections[0];
  return (
    <DashboardContext.Provider value={context}>
      <DashboardLayout
        merchant={merchant}
        memberLabel={`${context.member.name} (${context.member.role})`}
        mode={shownMode}
        onMode={setMode}
        onSignOut={() => {
          void api.signOut().then(() => {
            setMerchant(undefined);
            setMember(undefined);
            navigate('/merchant');
          });
        }}
        sections={sections}
        path={section?.path ?? path}
      >
        <OwnerTwoFactorNotice />
        {payments?.kind === 'plan' ? <PlanDetail id={payments.id} /> : section?.render()}
      </DashboardLayout>
    </DashboardContext.Provider>
  );
}
