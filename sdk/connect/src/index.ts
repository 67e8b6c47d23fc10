// @tranche/connect: loads Tranche's checkout widget (/sdk/v1/connect.js) into the page once, from
// any framework. README.md beside this folder has Next.js, Nuxt and plain-page examples.
import type { TrancheConnectStatic } from './connect-types.ts';

export type * from './connect-types.ts';

export interface LoadTrancheConnectOptions {
  /** Where Tranche is; the script is `${baseUrl}/sdk/v1/connect.js`. Default http://localhost:3000. */
  baseUrl?: string;
  /** A nonce for the script tag, when your Content-Security-Policy allows scripts by nonce. */
  nonce?: string;
  /** Give up (and reject) when the script has not loaded after this long. Default 15,000 ms. */
  timeoutMs?: number;
}

const SCRIPT_PATH = '/sdk/v1/connect.js';
/** Marks the tag this loader added, so a later call finds it instead of adding another. */
const MARK = 'data-tranche-connect-loader';

// One widget per page: every call shares the load in flight (the first call's options win).
let loading: Promise<TrancheConnectStatic> | undefined;

/**
 * Resolves to the page's `TrancheConnect` once connect.js has run, adding its script tag only if
 * the page has none (concurrent calls share one load). Resolves to `null` where there is no
 * `window` (a server render), so it is safe to call from any component. Rejects when the script
 * fails to load or times out; the failed tag is removed, so the next call tries again.
 */
export function loadTrancheConnect(
  options: LoadTrancheConnectOptions = {},
): Promise<TrancheConnectStatic | null> {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return Promise.resolve(null);
  }
  if (window.TrancheConnect) return Promise.resolve(window.TrancheConnect);
  loading ??= load(options).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function load(options: LoadTrancheConnectOptions): Promise<TrancheConnectStatic> {
  const base = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const src = `${base}${SCRIPT_PATH}`;
  // A tag the page already has (its own <script src=…connect.js>, still loading) is waited for.
  const existing = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find(
    (script) => script.hasAttribute(MARK) || script.src.endsWith(SCRIPT_PATH),
  );
  const script = existing ?? document.createElement('script');
  if (!existing) {
    script.src = src;
    script.async = true;
    script.setAttribute(MARK, '');
    if (options.nonce) script.nonce = options.nonce;
  }

  return new Promise<TrancheConnectStatic>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 15_000;
    const fail = (message: string) => {
      cleanup();
      // Only a tag this loader added is removed; a page's own tag is the page's.
      if (script.hasAttribute(MARK)) script.remove();
      reject(new Error(`Tranche: ${message} (${script.src}).`));
    };
    const onLoad = () => {
      cleanup();
      if (window.TrancheConnect) resolve(window.TrancheConnect);
      else fail('the script loaded but did not define TrancheConnect');
    };
    const onError = () => fail('the checkout widget script could not be loaded');
    const timer = setTimeout(
      () => fail(`the script did not load within ${timeoutMs} ms`),
      timeoutMs,
    );
    function cleanup() {
      clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    }
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (!existing) document.head.append(script);
  });
}
