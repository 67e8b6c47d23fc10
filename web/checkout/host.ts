// Where the checkout runs: inside the widget's iframe (talking to connect.js on the merchant's
// page) or as a full page (payment links, checkout_url). Posts go to the page's exact origin only.
import type { RefusalReason } from '../connect/types.ts';
import {
  CHANNEL,
  type CheckoutEventName,
  type CheckoutMessagePayload,
  PROTOCOL_VERSION,
} from '../shared/protocol.ts';

export interface Host {
  embedded: boolean;
  /** Set when embedding cannot be trusted (the claimed page origin is not our parent's). */
  refusal: string | undefined;
  post(message: CheckoutMessagePayload): void;
  event(name: CheckoutEventName, details?: CheckoutEventDetails): void;
}

/** What some events carry (`refused`: its reason; `session_expiring`: the seconds left). */
export interface CheckoutEventDetails {
  reason?: RefusalReason;
  secondsLeft?: number;
}

function claimedParentOrigin(params: URLSearchParams): string | undefined {
  const origin = params.get('origin');
  if (!origin) return undefined;
  try {
    const url = new URL(origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:')
      ? origin
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's origin comes from the loader (`?origin=`); the browser's own record of who embeds
 * us (`location.ancestorOrigins`, where supported) must agree, or nothing is ever posted.
 */
export function detectHost(location: Location, framed: boolean): Host {
  const params = new URLSearchParams(location.search);
  const wantsEmbed = params.get('embed') === '1' && framed;
  if (!wantsEmbed) {
    return { embedded: false, refusal: undefined, post: () => {}, event: () => {} };
  }
  const origin = claimedParentOrigin(params);
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  const actual = ancestors && ancestors.length > 0 ? ancestors.item(0) : undefined;
  const trusted = origin !== undefined && (actual === undefined || actual === origin);
  const post = (message: CheckoutMessagePayload): void => {
    if (trusted) {
      window.parent.postMessage({ channel: CHANNEL, v: PROTOCOL_VERSION, ...message }, origin);
    }
  };
  return {
    embedded: true,
    refusal: trusted ? undefined : 'This checkout was opened from a page it cannot verify.',
    post,
    event: (name, details) => post({ type: 'event', name, ...details }),
  };
}
