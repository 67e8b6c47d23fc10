import type { Session } from '../../shared/api.ts';
import type { Host } from '../host.ts';

/** In the widget only: hands the customer back to the merchant's page (the loader closes). */
export function BackToShopButton(props: { host: Host; label?: string }) {
  if (!props.host.embedded) return null;
  return (
    <button
      class="button secondary"
      type="button"
      onClick={() => props.host.post({ type: 'close' })}
    >
      {props.label ?? 'Back to the shop'}
    </button>
  );
}

/**
 * The shop's page a full-page checkout came from: the referrer of the navigation that opened it
 * (a payment link's redirect keeps it), when it is another site's http(s) page. Browsers send only
 * its origin by default, which is the shop's home page: enough to go back.
 */
export function shopPageOf(referrer: string, ownOrigin: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (url.origin === ownOrigin || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      return undefined;
    }
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Where to pay the shop another way: in the widget the shop's own page (closing the checkout
 * tells it why, so it can offer its other payment methods); on a full page a link back to the
 * shop's page when we know it, else the shop's name to look for.
 */
export function ShopNextStep(props: {
  host: Host;
  shopName: string | undefined;
  support: Session['merchant_support'];
}) {
  const shop = props.shopName ?? 'the shop';
  const contact = props.support && <ShopContact shop={shop} support={props.support} />;
  if (props.host.embedded) {
    return (
      <section class="next-step" aria-labelledby="pay-shop-another-way">
        <h3 id="pay-shop-another-way">Pay {shop} another way</h3>
        <p>Go back to the shop to choose another payment method. Nothing was charged.</p>
        {contact}
        <div class="actions">
          <BackToShopButton host={props.host} label={`Back to ${shop}`} />
        </div>
      </section>
    );
  }
  const page = shopPageOf(document.referrer, location.origin);
  return (
    <section class="next-step" aria-labelledby="pay-shop-another-way">
      <h3 id="pay-shop-another-way">Pay {shop} another way</h3>
      {contact}
      {page ? (
        <>
          <p>Nothing was charged. The shop’s own checkout has its other payment methods.</p>
          <a class="button secondary" href={page}>
            Return to the shop
          </a>
        </>
      ) : history.length > 1 ? (
        <>
          <p>Nothing was charged. The shop’s own checkout has its other payment methods.</p>
          <button class="button secondary" type="button" onClick={() => history.back()}>
            Return to the shop
          </button>
        </>
      ) : (
        <p>
          Nothing was charged. Go back to {shop}’s website or the message that sent you here to
          choose another payment method.
        </p>
      )}
    </section>
  );
}

/** The merchant's own support contact (its settings), each part a link the customer can use. */
function ShopContact(props: { shop: string; support: NonNullable<Session['merchant_support']> }) {
  const { email, phone, website } = props.support;
  return (
    <ul class="shop-contact" aria-label={`Contact ${props.shop}`}>
      {email && (
        <li>
          E-mail: <a href={`mailto:${email}`}>{email}</a>
        </li>
      )}
      {phone && (
        <li>
          Phone: <a href={`tel:${phone}`}>{phone}</a>
        </li>
      )}
      {website && (
        <li>
          Website:{' '}
          <a href={website} target="_blank" rel="noopener">
            {new URL(website).host}
          </a>
        </li>
      )}
    </ul>
  );
}
