-- Refunds (issue 11, docs/money-rules.md §5): a refund first lowers what the customer still owes
-- (installments.refunded_kobo: taken off the unpaid installments, last first), and only the rest
-- goes back in cash, one gateway refund per charge (refund_parts).

-- What a refund took off an installment. amount_kobo stays what is still to be collected (the
-- auto-debit charges it); amount_kobo + refunded_kobo is what the schedule set.
ALTER TABLE installments ADD COLUMN refunded_kobo bigint NOT NULL DEFAULT 0 CHECK (refunded_kobo >= 0);
ALTER TABLE installments DROP CONSTRAINT installments_amount_kobo_check;
ALTER TABLE installments ADD CONSTRAINT installments_amount_kobo_check
  CHECK (amount_kobo > 0 OR (amount_kobo = 0 AND status = 'cancelled' AND refunded_kobo > 0));

CREATE TABLE refunds (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  plan_id text NOT NULL REFERENCES payment_plans (id),
  livemode boolean NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  -- The part taken off unpaid installments (no money moves) and the part paid back in cash.
  reduction_kobo bigint NOT NULL CHECK (reduction_kobo >= 0),
  cash_kobo bigint NOT NULL CHECK (cash_kobo >= 0),
  reason text,
  status text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (reduction_kobo + cash_kobo = amount_kobo)
);
CREATE INDEX refunds_plan ON refunds (plan_id, created_at DESC);
CREATE INDEX refunds_merchant ON refunds (merchant_id, created_at DESC, id DESC);

-- One gateway refund of one charge. `reference` is ours: it is sent as the refund's merchant_note,
-- which is how an ambiguous call (timeout, lost answer) is looked up before any retry.
CREATE TABLE refund_parts (
  reference text PRIMARY KEY,
  refund_id text NOT NULL REFERENCES refunds (id),
  charge_reference text NOT NULL REFERENCES charges (reference),
  merchant_id text NOT NULL REFERENCES merchants (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_returned_kobo bigint NOT NULL CHECK (fee_returned_kobo >= 0 AND fee_returned_kobo <= amount_kobo),
  status text NOT NULL CHECK (status IN ('initiated', 'sent', 'processed', 'failed')),
  -- Gateway calls made so far: after the first, a retry looks the refund up before calling again.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  gateway_refund_id text,
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX refund_parts_refund ON refund_parts (refund_id);
CREATE INDEX refund_parts_charge ON refund_parts (charge_reference);
