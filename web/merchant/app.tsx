import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../shared/json-api.ts';
import type { MerchantApi, MerchantRecord, Mode } from '../shared/merchant-api.ts';
import { Spinner } from '../shared/ui.tsx';
import { DashboardContext, type DashboardContextValue } from './context.ts';
import { navigate, usePath } from './router.tsx';
import { DevelopersSection } from './screens/developers.tsx';
import { DashboardLayout, type Section } from './screens/layout.tsx';
import { MerchantRegister } from './screens/register.tsx';
import { MerchantSignIn } from './screens/sign-in.tsx';

const MODE_KEY = 'tranche.merchant.mode';

/** The dashboard's sections, in the navigation's order. */
const SECTIONS: readonly (Section & { render: () => preact.JSX.Element })[] = [
  { path: '/merchant/developers', title: 'Developers', render: () => <DevelopersSection /> },
];

/** The merchant dashboard: sign in or register, then one section at a time, in one mode. */
export function MerchantApp(props: { api: MerchantApi }) {
  const { api } = props;
  const path = usePath();
  const [merchant, setMerchant] = useState<MerchantRecord>();
  const [restoring, setRestoring] = useState(api.merchantId !== undefined);
  const [mode, setModeState] = useState<Mode>(() =>
    sessionStorage.getItem(MODE_KEY) === 'live' ? 'live' : 'test',
  );

  // A reload keeps the session (this tab's storage): fetch who we are.
  useEffect(() => {
    const id = api.merchantId;
    if (id === undefined) return;
    api
      .merchant(id)
      .then(setMerchant, () => api.signOut())
      .finally(() => setRestoring(false));
  }, []);

  // Live data only for an approved account.
  const shownMode: Mode = merchant?.status === 'active' ? mode : 'test';
  const setMode = (next: Mode) => {
    sessionStorage.setItem(MODE_KEY, next);
    setModeState(next);
  };

  const context = useMemo<DashboardContextValue | undefined>(
    () =>
      merchant && {
        api,
        merchant,
        mode: shownMode,
        reload: async () => {
          try {
            setMerchant(await api.merchant(merchant.id));
          } catch (caught) {
            if (caught instanceof ApiError && caught.status === 401) setMerchant(undefined);
          }
        },
      },
    [merchant, shownMode],
  );

  if (restoring) return <Spinner label="Loading your dashboard…" />;
  if (!merchant || !context) {
    const signedIn = (record: MerchantRecord) => {
      setMerchant(record);
      navigate(SECTIONS[0]?.path ?? '/merchant');
    };
    if (path === '/merchant/register')
      return (
        <MerchantRegister
          api={api}
          onDone={(email, password) => void api.signIn(email, password).then(signedIn)}
        />
      );
    return <MerchantSignIn api={api} onSignedIn={signedIn} />;
  }

  const section = SECTIONS.find((s) => s.path === path) ?? SECTIONS[0];
  return (
    <DashboardContext.Provider value={context}>
      <DashboardLayout
        merchant={merchant}
        mode={shownMode}
        onMode={setMode}
        onSignOut={() => {
          api.signOut();
          setMerchant(undefined);
          navigate('/merchant');
        }}
        sections={SECTIONS}
        path={section?.path ?? path}
      >
        {section?.render()}
      </DashboardLayout>
    </DashboardContext.Provider>
  );
}
