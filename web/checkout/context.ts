import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { Session } from '../shared/api.ts';
import type { CustomerContextValue } from '../shared/customer/context.ts';
import type { Host } from './host.ts';

/**
 * What every screen of one checkout shares. The customer's part (api, customer, sandbox) is
 * also provided as the shared CustomerContext, which the screens common with the customer
 * dashboard read (web/shared/customer).
 */
export interface CheckoutContextValue extends CustomerContextValue {
  host: Host;
  token: string;
  session: Session;
}

export const CheckoutContext = createContext<CheckoutContextValue | undefined>(undefined);

export function useCheckout(): CheckoutContextValue {
  const value = useContext(CheckoutContext);
  if (!value) throw new Error('useCheckout outside a checkout');
  return value;
}
