import { Fragment } from 'preact';

import { formatNaira } from '../../../shared/format.ts';
import type { PaymentPlan } from '../../api/payments.ts';

/**
 * Who bought and where it goes (decision 0052): the buyer's contact as at the checkout, and what
 * they answered on the payment link's page. Personal data: only this merchant's dashboard shows it.
 */
export function BuyerCard(props: { plan: PaymentPlan }) {
  const { customer, customer_fields: answers } = props.plan;
  return (
    <section class="card" aria-labelledby="plan-buyer-title">
      <h2 id="plan-buyer-title">Customer</h2>
      <dl class="pay-facts">
        <dt>Name</dt>
        <dd>{customer.name ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone ? <a href={`tel:${customer.phone}`}>{customer.phone}</a> : '—'}</dd>
        {answers?.map((answer) => (
          <Fragment key={answer.key}>
            <dt>{answer.label}</dt>
            <dd class="pay-answer">{answer.value}</dd>
          </Fragment>
        ))}
        <dt>Customer ID</dt>
        <dd>
          <code>{customer.id}</code>
        </dd>
      </dl>
      <p class="hint">
        As the customer gave them at the checkout
        {answers ? ', with their answers on your payment link' : ''}. Personal data: use it for this
        order only.
      </p>
    </section>
  );
}

/** What was bought: the shop's line items, when it sent them, and its own metadata. */
export function OrderItemsCard(props: { plan: PaymentPlan }) {
  const { line_items: items, metadata } = props.plan;
  const metadataEntries = Object.entries(metadata ?? {});
  if (!items && metadataEntries.length === 0) return null;
  return (
    <section class="card" aria-labelledby="plan-order-title">
      <h2 id="plan-order-title">Order</h2>
      {items && (
        <table class="table pay-table">
          <caption class="visually-hidden">Line items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" class="money">
                Quantity
              </th>
              <th scope="col" class="money">
                Unit price
              </th>
              <th scope="col" class="money">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, n) => (
              <tr key={n}>
                <th scope="row" data-label="Item">
                  {item.name}
                </th>
                <td data-label="Quantity" class="money">
                  {item.quantity}
                </td>
                <td data-label="Unit price" class="money">
                  {formatNaira(item.unit_amount)}
                </td>
                <td data-label="Total" class="money">
                  {formatNaira(item.quantity * item.unit_amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {metadataEntries.length > 0 && (
        <>
          <h3 class="pay-subhead">Metadata</h3>
          <dl class="pay-facts">
            {metadataEntries.map(([key, value]) => (
              <Fragment key={key}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
