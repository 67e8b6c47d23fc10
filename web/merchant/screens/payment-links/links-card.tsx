import { useEffect, useState } from 'preact/hooks';

import { messageOf } from '../../../shared/message-of.ts';
import { Alert } from '../../../shared/ui.tsx';
import { listPaymentLinks, type PaymentLink } from '../../api/links.ts';
import { useDashboard } from '../../context.ts';
import { LinkItem } from './link-item.tsx';

type Filter = 'all' | 'active' | 'inactive';

/** The mode's links, newest first, filtered by whether they are active. */
export function LinksCard(props: { created: PaymentLink | undefined }) {
  const { api, merchant, mode } = useDashboard();
  const [links, setLinks] = useState<PaymentLink[]>();
  const [next, setNext] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [error, setError] = useState<string>();

  const load = async (cursor: string | null) => {
    setError(undefined);
    try {
      const page = await listPaymentLinks(api, merchant.id, mode, {
        ...(filter !== 'all' && { active: filter === 'active' }),
        cursor,
      });
      setLinks((shown) => (cursor && shown ? [...shown, ...page.data] : page.data));
      setNext(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };
  useEffect(() => void load(null), [filter]);
  useEffect(() => {
    const created = props.created;
    if (created && filter !== 'inactive') {
      setLinks((shown) => [created, ...(shown ?? []).filter((l) => l.id !== created.id)]);
    }
  }, [props.created]);

  const replace = (link: PaymentLink) =>
    setLinks((shown) => shown?.map((l) => (l.id === link.id ? link : l)));

  return (
    <section class="card" aria-labelledby="links-title">
      <div class="card-head">
        <h2 id="links-title">Your {mode} links</h2>
        <div class="field">
          <label for="links-filter">Show links</label>
          <select
            id="links-filter"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as Filter)}
          >
            <option value="all">All</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </select>
        </div>
      </div>
      <div aria-live="polite">
        {props.created && links?.some((l) => l.id === props.created?.id) && (
          <p class="notice">
            Created “{props.created.title}”. Copy its address or show its QR code below.
          </p>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      {links?.length === 0 && (
        <p class="hint">
          {filter === 'all' ? `No ${mode} links yet.` : `No ${filter} ${mode} links.`}
        </p>
      )}
      <ul class="link-list">
        {links?.map((link) => (
          <LinkItem key={link.id} link={link} onChange={replace} />
        ))}
      </ul>
      {next && (
        <div class="inline-actions">
          <button class="button secondary" type="button" onClick={() => void load(next)}>
            Show older links
          </button>
        </div>
      )}
    </section>
  );
}
