import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { Customer, Notice, PaymentPlan } from '../shared/api.ts';
import type { CustomerContextValue } from '../shared/customer/context.ts';

/** What every section of the customer dashboard shares: who, their plans and notices. */
export interface CustomerDashboardValue extends CustomerContextValue {
  customer: Customer;
  /** Undefined while loading. */
  plans: PaymentPlan[] | undefined;
  notices: Notice[] | undefined;
  /** Reloads plans and notices (after a payment, a method change). */
  reload: () => Promise<void>;
}

export const CustomerDashboard = createContext<CustomerDashboardValue | undefined>(undefined);

export function useCustomerDashboard(): CustomerDashboardValue {
  const value = useContext(CustomerDashboard);
  if (!value) throw new Error('useCustomerDashboard outside the customer dashboard');
  return value;
}
