import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { MerchantApi, MerchantRecord, Mode } from './api/index.ts';
import type { SignedInMember } from './api/team.ts';

/** What every dashboard section shares: the signed-in merchant and the mode being looked at. */
export interface DashboardContextValue {
  api: MerchantApi;
  merchant: MerchantRecord;
  /** The signed-in team member, its role and what the role may do (decision 0064). */
  member: SignedInMember;
  mode: Mode;
  /** Reloads the merchant record (after a settings change). */
  reload: () => Promise<void>;
  /** Reloads the signed-in member (after its two-factor sign-in changed). */
  reloadMember: () => Promise<void>;
}

export const DashboardContext = createContext<DashboardContextValue | undefined>(undefined);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside the dashboard');
  return value;
}
