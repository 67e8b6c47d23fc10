import { useEffect, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import type { AuditEntry, Overview, StatusAction } from '../api.ts';
import { useConsole } from '../context.ts';
import { ACTION_WORDS } from '../words.ts';
import { BusinessDetailsFacts } from './business-details.tsx';
import { StatusBadge } from './merchants.tsx';
import { ACTION_BUTTONS, actionsFor, StatusChange } from './status-change.tsx';

const PLAN_WORDS = {
  pending_deposit: 'Deposit pending',
  active: 'Active',
  completed: 'Completed',
  defaulted: 'Defaulted',
  cancelled: 'Cancelled',
} as const;

/** One merchant: its account, status changes, plans, wallet, webhook health and history. */
export function MerchantOverviewSection(props: { merchantId: string }) {
  const { api } = useConsole();
  const [overview, setOverview] = useState<Overview>();
  const [history, setHistory] = useState<AuditEntry[]>();
  const [changing, setChanging] = useState<StatusAction>();
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();

  const load = () =>
    Promise.all([
      api.overview(props.merchantId).then(setOverview),
      api.auditLog({ targetId: props.merchantId, limit: 10 }).then((page) => setHistory(page.data)),
    ]).catch((caught: unknown) => setError(messageOf(caught)));
  useEffect(() => void load(), []);

  if (error && !overview) {
    return (
      <>
        <p class="pay-back">
          <Link href="/admin/merchants">← Merchants</Link>
        </p>
        <Alert>{error}</Alert>
      </>
    );
  }
  if (!overview) return <Spinner label="Loading the merchant…" />;
  const { merchant } = overview;

  return (
    <>
      <p class="pay-back">
        <Link href="/admin/merchants">← Merchants</Link>
      </p>
      <StepHeading lead={merchant.email}>{merchant.business_name}</StepHeading>
      <div aria-live="polite">{done && <p class="notice">{done}</p>}</div>

      <section class="card" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <dl class="pay-facts">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={merchant.status} />
          </dd>
          <dt>Merchant id</dt>
          <dd>
            <code>{merchant.id}</code>
          </dd>
          <dt>Registered</dt>
          <dd>{formatDateTime(merchant.created_at)}</dd>
          <dt>Approved</dt>
          <dd>{merchant.approved_at ? formatDateTime(merchant.approved_at) : 'Not yet'}</dd>
          {merchant.deactivated_at && (
            <>
              <dt>Deactivated</dt>
              <dd>
                {formatDateTime(merchant.deactivated_at)}
                {merchant.deactivation_reason && `: ${merchant.deactivation_reason}`}
              </dd>
            </>
          )}
        </dl>
        <BusinessDetailsFacts details={overview.business_details} />
        {!changing && (
          <div class="inline-actions">
            {actionsFor(merchant).map((action) => (
              <button
                key={action}
                class={action === 'deactivate' ? 'button secondary danger-text' : 'button'}
                type="button"
                onClick={() => {
                  setDone(undefined);
                  setChanging(action);
                }}
              >
                {ACTION_BUTTONS[action]}
              </button>
            ))}
          </div>
        )}
        {changing && (
          <StatusChange
            merchant={merchant}
            action={changing}
            onCancel={() => setChanging(undefined)}
            onDone={(updated) => {
              setChanging(undefined);
              setDone(
                `${updated.business_name} is now ${updated.status.replace('_', ' ')}. Recorded in the audit log.`,
              );
              void load();
            }}
          />
        )}
      </section>

      <section class="card" aria-labelledby="plans-title">
        <h2 id="plans-title">Payment plans</h2>
        <table class="table numbers">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Test</th>
              <th scope="col">Live</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(PLAN_WORDS) as (keyof typeof PLAN_WORDS)[]).map((status) => (
              <tr key={status}>
                <th scope="row">{PLAN_WORDS[status]}</th>
                <td>{overview.plans.test[status]}</td>
                <td>{overview.plans.live[status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section class="card" aria-labelledby="wallet-title">
        <h2 id="wallet-title">Wallet ({overview.wallet.livemode ? 'live' : 'sandbox'} gateway)</h2>
        <dl class="pay-facts">
          <dt>Available</dt>
          <dd>{formatNaira(overview.wallet.available)}</dd>
          <dt>Pending</dt>
          <dd>{formatNaira(overview.wallet.pending)}</dd>
          <dt>Payouts in transit</dt>
          <dd>{formatNaira(overview.wallet.payouts_in_transit)}</dd>
          <dt>Refunds in transit</dt>
          <dd>{formatNaira(overview.wallet.refunds_in_transit)}</dd>
        </dl>
      </section>

      <section class="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook health</h2>
        <div class="health-grid">
          {(['test', 'live'] as const).map((mode) => {
            const health = overview.webhooks[mode];
            const last = health.last_attempt;
            return (
              <div key={mode} class="health">
                <h3>{mode === 'test' ? 'Test' : 'Live'}</h3>
                <dl class="pay-facts">
                  <dt>Endpoint</dt>
                  <dd class="wrap">
                    {health.endpoint.url ?? 'Not configured'}
                    {health.endpoint.status === 'disabled' &&
                      ` (disabled: ${health.endpoint.disabled_reason ?? 'answered 410'})`}
                  </dd>
                  <dt>Last delivery</dt>
                  <dd>
                    {last
                      ? `${last.outcome === 'delivered' ? 'Delivered' : 'Failed'} ${formatDateTime(last.attempted_at)} (${last.event}${last.status_code === null ? '' : `, HTTP ${last.status_code}`}${last.error && last.outcome === 'failed' ? `, ${last.error}` : ''})`
                      : 'None yet'}
                  </dd>
                  <dt>Waiting</dt>
                  <dd>{health.waiting}</dd>
                  <dt>Dead letters</dt>
                  <dd class={health.dead_letters > 0 ? 'bad-number' : undefined}>
                    {health.dead_letters}
                  </dd>
                </dl>
              </div>
            );
          })}
        </div>
      </section>

      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">Operator history</h2>
        {history && history.length === 0 && <p>No operator has acted on this merchant yet.</p>}
        {history && history.length > 0 && <AuditTable entries={history} showTarget={false} />}
      </section>
    </>
  );
}

/** Audit rows: when, who, what, why (shared with the Audit log section). */
export function AuditTable(props: { entries: AuditEntry[]; showTarget: boolean }) {
  return (
    <table class="table stack-table audit-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          {props.showTarget && <th scope="col">Merchant</th>}
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {props.entries.map((entry) => (
          <tr key={entry.id} data-audit-id={entry.id}>
            <td data-label="When">{formatDateTime(entry.created_at)}</td>
            <td data-label="Who">{entry.operator}</td>
            <td data-label="What">
              <span>
                {ACTION_WORDS[entry.action]}
                {typeof entry.detail.from === 'string' &&
                  typeof entry.detail.to === 'string' &&
                  entry.detail.from !== entry.detail.to && (
                    <span class="sub">
                      {' '}
                      ({entry.detail.from.replace('_', ' ')} → {entry.detail.to.replace('_', ' ')})
                    </span>
                  )}
                {entry.action === 'reconciliation.run' && (
                  <span class="sub"> ({String(entry.detail.differences)} differences)</span>
                )}
              </span>
            </td>
            {props.showTarget && (
              <td data-label="Merchant">
                {entry.target_type === 'merchant' && entry.target_id ? (
                  <Link href={`/admin/merchants/${entry.target_id}`}>
                    {typeof entry.detail.business_name === 'string'
                      ? entry.detail.business_name
                      : entry.target_id}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            )}
            <td data-label="Why" class="wrap">
              {entry.reason ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
