import type { Host } from '../host.ts';

/** In the widget only: hands the customer back to the merchant's page (the loader closes). */
export function BackToShopButton(props: { host: Host }) {
  if (!props.host.embedded) return null;
  return (
    <button
      class="button secondary"
      type="button"
      onClick={() => props.host.post({ type: 'close' })}
    >
      Back to the shop
    </button>
  );
}
