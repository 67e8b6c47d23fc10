import { useEffect, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert } from '../../shared/ui.tsx';
import {
  listPlanCharges,
  listPlanEvents,
  type PaymentPlan,
  type PlanCharge,
  type WebhookLogEvent,
} from '../api/payments.ts';
import { useDashboard } from '../context.ts';
import { STATUS_WORDS } from './delivery-log.tsx';

const CHARGE_STATUS: Record<PlanCharge['status'], string> = {
  pending: 'In progress',
  success: 'Collected',
  failed: 'Failed',
};

const paymentName = (sequence: number) => (sequence === 0 ? 'Deposit' : `Installment ${sequence}`);

/**
 * What happened on a plan: every charge attempt (with the gateway's words on a failure) and the
 * webhooks sent about it with their delivery state. `version` changes when the page reloads the
 * plan, so both are read again.
 */
export function PlanHistory(props: { plan: PaymentPlan; version: number }) {
  const { api, merchant } = useDashboard();
  const [charges, setCharges] = useState<PlanCharge[]>();
  const [events, setEvents] = useState<WebhookLogEvent[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const fail = (caught: unknown) => setError(messageOf(caught, 'Something went wrong.'));
    listPlanCharges(api, merchant.id, props.plan.id).then(setCharges, fail);
    listPlanEvents(api, merchant.id, props.plan).then(setEvents, fail);
  }, [props.plan.id, props.version]);

  return (
    <>
      <section class="card" aria-labelledby="charges-title">
        <h2 id="charges-title">Charges</h2>
        {error && <Alert>{error}</Alert>}
        {charges && charges.length === 0 && <p class="fine-print">No charge attempted yet.</p>}
        {charges && charges.length > 0 && (
          <table class="table pay-table">
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col">Attempted</th>
                <th scope="col" class="money">
                  Amount
                </th>
                <th scope="col" class="money">
                  Fee
                </th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((c) => (
                <tr key={c.reference}>
                  <th scope="row" data-label="Payment">
                    {paymentName(c.sequence)}
                    {c.attempt > 1 && <span class="fine-print"> (attempt {c.attempt})</span>}
                  </th>
                  <td data-label="Attempted">{formatDateTime(c.created_at)}</td>
                  <td data-label="Amount" class="money">
                    {formatNaira(c.amount)}
                  </td>
                  <td data-label="Fee" class="money">
                    {formatNaira(c.fee)}
                  </td>
                  <td data-label="Outcome">
                    {CHARGE_STATUS[c.status]}
                    {c.status === 'failed' && c.gateway_message && (
                      <span class="fine-print refund-reason">{c.gateway_message}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="card" aria-labelledby="plan-events-title">
        <h2 id="plan-events-title">Events sent</h2>
        {events && events.length === 0 && <p class="fine-print">No event about this plan yet.</p>}
        {events && events.length > 0 && (
          <table class="table pay-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <th scope="row" data-label="Event">
                    <code>{e.event}</code>
                  </th>
                  <td data-label="Created">{formatDateTime(e.created_at)}</td>
                  <td data-label="Delivery">{STATUS_WORDS[e.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
