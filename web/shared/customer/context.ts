import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { ApiClient, Customer } from '../api.ts';

/**
 * What the customer's screens shared by the checkout and the customer dashboard (sign-in,
 * register, identity, add a card, add a bank mandate) need; each app provides it.
 */
export interface CustomerContextValue {
  api: ApiClient;
  /** Undefined before sign-in. */
  customer: Customer | undefined;
  /** Test mode: show the sandbox's test cards, accounts, codes and BVNs where they are typed. */
  sandbox: boolean;
}

export const CustomerContext = createContext<CustomerContextValue | undefined>(undefined);

export function useCustomerContext(): CustomerContextValue {
  const value = useContext(CustomerContext);
  if (!value) throw new Error('useCustomerContext outside a CustomerContext provider');
  return value;
}
