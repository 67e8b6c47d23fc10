-- Payment plans, their installments (sequence 0 is the deposit) and every charge attempt.
-- States and transitions: src/domain/plan.ts. A charge row is written (intent) and committed
-- before the gateway is called with its reference, so a crash between the call and recording the
-- outcome leaves a pending charge that the next run verifies instead of charging again.

CREATE TABLE payment_plans (
  id text PRIMARY KEY,
  merchant_id text NOT NULL,
  customer_id text NOT NULL REFERENCES customers (id),
  checkout_session_id text NOT NULL UNIQUE REFERENCES checkout_sessions (id),
  payment_method_id text NOT NULL REFERENCES payment_methods (id),
  livemode boolean NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL CHECK (currency = 'NGN'),
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  installment_count integer NOT NULL CHECK (installment_count >= 1),
  upfront_pct integer NOT NULL CHECK (upfront_pct BETWEEN 0 AND 100),
  order_reference text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending_deposit', 'active', 'completed', 'defaulted', 'cancelled')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payment_plans_merchant_idx ON payment_plans (merchant_id, created_at DESC);
CREATE INDEX payment_plans_customer_idx ON payment_plans (customer_id);
CREATE INDEX payment_plans_method_idx ON payment_plans (payment_method_id) WHERE status IN ('pending_deposit', 'active', 'defaulted');

CREATE TABLE installments (
  id text PRIMARY KEY,
  plan_id text NOT NULL REFERENCES payment_plans (id),
  sequence integer NOT NULL CHECK (sequence >= 0),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  due_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('scheduled', 'processing', 'failed', 'paid', 'cancelled')),
  charge_reference text,
  failed_attempts integer NOT NULL DEFAULT 0,
  paid_at timestamptz,
  UNIQUE (plan_id, sequence)
);

CREATE TABLE charges (
  reference text PRIMARY KEY,
  installment_id text NOT NULL REFERENCES installments (id),
  plan_id text NOT NULL REFERENCES payment_plans (id),
  merchant_id text NOT NULL,
  payment_method_id text NOT NULL REFERENCES payment_methods (id),
  attempt integer NOT NULL CHECK (attempt >= 1),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  gateway_message text,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (installment_id, attempt)
);
CREATE INDEX charges_pending_idx ON charges (created_at) WHERE status = 'pending';
