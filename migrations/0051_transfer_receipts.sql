-- Bank transfers into a customer's dedicated account (decision 0071, docs/money-rules.md §4b,
-- docs/gateway-protocol.md §22).
--
-- transfer_accounts: the customer's dedicated account at the gateway (one per customer).
-- transfer_receipts: one row per transfer the gateway reported (its transaction reference, ours
--   to recognise a duplicate), with what it paid (applied) and what was left over (held for the
--   customer: ledger account customer_credit:<customer>).
-- transfer_allocations: the installments a receipt paid, one row per installment part, each
--   booked by one transfer_collected entry with the row's reference. `settles`: the part paid
--   the installment off; otherwise the installment keeps owing the rest in amount_kobo and counts
--   the part in partially_paid_kobo (as a partial debit does, migration 0031).
CREATE TABLE transfer_accounts (
  customer_id text PRIMARY KEY REFERENCES customers (id),
  gateway_customer_code text NOT NULL,
  account_number text NOT NULL UNIQUE,
  account_name text NOT NULL,
  bank_name text NOT NULL,
  bank_slug text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE transfer_receipts (
  reference text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  account_number text NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  applied_kobo bigint NOT NULL CHECK (applied_kobo >= 0),
  held_kobo bigint NOT NULL CHECK (held_kobo >= 0),
  paid_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  CHECK (applied_kobo + held_kobo = amount_kobo)
);
CREATE INDEX transfer_receipts_customer_idx ON transfer_receipts (customer_id, received_at);

CREATE TABLE transfer_allocations (
  reference text PRIMARY KEY,
  receipt_reference text NOT NULL REFERENCES transfer_receipts (reference),
  installment_id text NOT NULL REFERENCES installments (id),
  plan_id text NOT NULL REFERENCES payment_plans (id),
  merchant_id text NOT NULL REFERENCES merchants (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0),
  settles boolean NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (receipt_reference, installment_id)
);
CREATE INDEX transfer_allocations_installment_idx ON transfer_allocations (installment_id);
CREATE INDEX transfer_allocations_plan_idx ON transfer_allocations (plan_id);
