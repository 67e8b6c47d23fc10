import type { Notice } from '../../../shared/api.ts';
import { formatDateTime } from '../../../shared/format.ts';

const RECEIPT_KINDS = new Set(['payment_receipt', 'refund_receipt']);

/** The receipts Tranche issued for this plan (the same notices that go by e-mail). */
export function ReceiptsCard(props: { planId: string; notices: Notice[] | undefined }) {
  const receipts = (props.notices ?? []).filter(
    (n) => RECEIPT_KINDS.has(n.kind) && n.data.planId === props.planId,
  );
  return (
    <section class="card" aria-labelledby="plan-receipts">
      <h2 id="plan-receipts">Receipts</h2>
      {receipts.length === 0 ? (
        <p class="pay-empty">No receipt yet: one appears for each payment collected.</p>
      ) : (
        <ul class="notice-list">
          {receipts.map((n) => (
            <li key={n.id}>
              <span class="sub">{formatDateTime(n.created_at)}</span>
              <p>{n.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
