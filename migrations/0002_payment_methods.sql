-- Saved payment methods (card authorizations and bank mandates), the flows that create them,
-- and de-duplication of inbound gateway webhooks.

CREATE TABLE payment_methods (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  type text NOT NULL CHECK (type IN ('card', 'bank')),
  label text NOT NULL,
  last4 text NOT NULL,
  brand text NOT NULL,
  bank_code text,
  bank_name text,
  exp_month text,
  exp_year text,
  -- The gateway authorization code can charge the customer: sealed, never returned (PCI "high-value token").
  authorization_sealed text NOT NULL,
  authorization_digest text NOT NULL,
  gateway_signature text,
  is_default boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  revoked_at timestamptz,
  revoked_reason text,
  setup_reference text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX payment_methods_customer_idx ON payment_methods (customer_id) WHERE deleted_at IS NULL;
CREATE INDEX payment_methods_authorization_idx ON payment_methods (authorization_digest);
-- Exactly one default among a customer's usable methods: the database enforces "at most one".
CREATE UNIQUE INDEX payment_methods_one_default
  ON payment_methods (customer_id) WHERE is_default AND deleted_at IS NULL;

-- A card initialization or bank-mandate flow in progress. `reference` is our own gateway reference.
CREATE TABLE payment_method_setups (
  reference text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  type text NOT NULL CHECK (type IN ('card', 'bank')),
  status text NOT NULL CHECK (status IN ('initializing', 'pending', 'completed', 'failed')),
  next_action text,
  bank_code text,
  bank_name text,
  account_number text,
  callback_url text,
  is_default boolean NOT NULL DEFAULT false,
  failure_reason text,
  payment_method_id text REFERENCES payment_methods (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payment_method_setups_customer_idx ON payment_method_setups (customer_id);

-- Every inbound gateway webhook we accepted, keyed by a digest of its exact bytes, so a
-- duplicate delivery changes nothing twice.
CREATE TABLE gateway_events (
  digest text PRIMARY KEY,
  endpoint text NOT NULL,
  event text NOT NULL,
  received_at timestamptz NOT NULL
);
