import { Fragment } from 'preact';

import type { PaymentPlan } from '../../../shared/api.ts';
import { formatNaira } from '../../../shared/format.ts';

/**
 * What was bought (the shop's line items, when it sent them) and where it goes (what the customer
 * answered on the payment link's page). Nothing to show: no card.
 */
export function OrderCard(props: { plan: PaymentPlan }) {
  const { line_items: items, customer_fields: answers } = props.plan;
  if (!items && !answers) return null;
  return (
    <section class="card" aria-labelledby="plan-order">
      <h2 id="plan-order">Your order</h2>
      {items && (
        <ul class="order-items">
          {items.map((item, n) => (
            <li key={n}>
              <span>
                {item.quantity} × {item.name}
              </span>
              <span class="money">{formatNaira(item.quantity * item.unit_amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {answers && (
        <dl class="pay-facts">
          {answers.map((answer) => (
            <Fragment key={answer.key}>
              <dt>{answer.label}</dt>
              <dd class="order-answer">{answer.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
