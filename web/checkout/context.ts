import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiClient, Customer, Session } from '../shared/api.ts';
import type { Host } from './host.ts';

/** What every screen of one checkout shares. */
export interface CheckoutContextValue {
  api: ApiClient;
  host: Host;
  token: string;
  session: Session;
  customer: Customer | undefined;
  /** Test-mode session: show the sandbox's test cards, accounts, codes and BVNs. */
  sandbox: boolean;
}

export const CheckoutContext = createContext<CheckoutContextValue | undefined>(undefined);

export function useCheckout(): CheckoutContextValue {
  const value = useContext(CheckoutContext);
  if (!value) throw new Error('useCheckout outside a checkout');
  return value;
}
