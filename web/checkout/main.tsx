import { render } from 'preact';

import { ApiClient } from '../shared/api.ts';
import { Checkout } from './checkout.tsx';
import { detectHost } from './host.ts';

const TOKEN_KEY = 'tranche.checkout.session';

/**
 * The session token arrives in the path (/checkout/{token}) on the first load only; it is then
 * kept in this tab's sessionStorage (so a reload still works) and taken out of the address bar.
 */
function sessionToken(): string {
  const fromPath = decodeURIComponent(
    location.pathname.replace(/^\/checkout\/?/, '').split('/')[0] ?? '',
  );
  if (fromPath) {
    try {
      sessionStorage.setItem(TOKEN_KEY, fromPath);
      history.replaceState(null, '', `/checkout/${location.search}`);
    } catch {
      // Storage may be off in a third-party iframe: the token stays in memory and in the URL.
    }
    return fromPath;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

const root = document.getElementById('app');
if (root) {
  const host = detectHost(location, window.parent !== window);
  render(<Checkout api={new ApiClient()} host={host} token={sessionToken()} />, root);
}
