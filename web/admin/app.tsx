import { useMemo, useState } from 'preact/hooks';

import { navigate, usePath } from '../shared/router.tsx';
import type { AdminApi } from './api.ts';
import { ConsoleContext, type ConsoleContextValue } from './context.ts';
import { AuditLogSection } from './screens/audit-log.tsx';
import { DeadLettersSection } from './screens/dead-letters.tsx';
import { ConsoleLayout, type Section } from './screens/layout.tsx';
import { LedgerSection } from './screens/ledger.tsx';
import { MerchantOverviewSection } from './screens/merchant-overview.tsx';
import { MerchantsSection } from './screens/merchants.tsx';
import { PayoutOtpSection } from './screens/payout-otp.tsx';
import { ReconciliationSection } from './screens/reconciliation.tsx';
import { OperatorSignIn } from './screens/sign-in.tsx';

/** The console's sections, in the navigation's order. */
const SECTIONS: readonly (Section & { render: () => preact.JSX.Element })[] = [
  { path: '/admin/merchants', title: 'Merchants', render: () => <MerchantsSection /> },
  {
    path: '/admin/reconciliation',
    title: 'Reconciliation',
    render: () => <ReconciliationSection />,
  },
  {
    path: '/admin/payouts-awaiting-otp',
    title: 'Payouts awaiting OTP',
    render: () => <PayoutOtpSection />,
  },
  { path: '/admin/dead-letters', title: 'Dead letters', render: () => <DeadLettersSection /> },
  { path: '/admin/ledger', title: 'Ledger check', render: () => <LedgerSection /> },
  { path: '/admin/audit-log', title: 'Audit log', render: () => <AuditLogSection /> },
];

const MERCHANT_PATH = /^\/admin\/merchants\/(mer_[A-Za-z0-9]+)$/;

/** The operator console: sign in with an operator account (decision 0035), then one section at a time. */
export function ConsoleApp(props: { api: AdminApi }) {
  const { api } = props;
  const path = usePath();
  const [operator, setOperator] = useState(api.operator);

  const context = useMemo<ConsoleContextValue | undefined>(
    () => (operator === undefined ? undefined : { api, operator }),
    [operator],
  );

  if (!context) {
    return (
      <OperatorSignIn
        api={api}
        onSignedIn={() => {
          setOperator(api.operator);
          if (!SECTIONS.some((s) => path.startsWith(s.path))) navigate('/admin/merchants');
        }}
      />
    );
  }

  const merchantId = MERCHANT_PATH.exec(path)?.[1];
  const section = merchantId ? SECTIONS[0] : (SECTIONS.find((s) => s.path === path) ?? SECTIONS[0]);
  return (
    <ConsoleContext.Provider value={context}>
      <ConsoleLayout
        operator={context.operator}
        sections={SECTIONS}
        path={section?.path ?? path}
        onSignOut={() => {
          void api.signOut().then(() => {
            setOperator(undefined);
            navigate('/admin');
          });
        }}
      >
        {merchantId ? (
          <MerchantOverviewSection key={merchantId} merchantId={merchantId} />
        ) : (
          section?.render()
        )}
      </ConsoleLayout>
    </ConsoleContext.Provider>
  );
}
