import type { Tokens, TokenStore } from '../json-api.ts';

/**
 * The customer dashboard's tokens in this tab's sessionStorage (decision 0021, as 0016 for
 * merchants): a reload keeps the customer signed in, another tab or a closed tab does not. The
 * full-page checkout writes here only when it ends on /dashboard in the same tab.
 */
export class TabCustomerTokens implements TokenStore {
  static readonly KEY = 'tranche.customer.session';
  load(): Tokens | undefined {
    try {
      const raw = sessionStorage.getItem(TabCustomerTokens.KEY);
      return raw ? (JSON.parse(raw) as Tokens) : undefined;
    } catch {
      return undefined;
    }
  }
  save(tokens: Tokens | undefined): void {
    try {
      if (tokens) sessionStorage.setItem(TabCustomerTokens.KEY, JSON.stringify(tokens));
      else sessionStorage.removeItem(TabCustomerTokens.KEY);
    } catch {
      // Storage refused (private mode): the session then lasts until reload.
    }
  }
}
