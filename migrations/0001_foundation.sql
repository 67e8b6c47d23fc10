-- Foundation: merchants and their keys, customers, refresh tokens, checkout sessions, idempotency.
-- Conventions: ids are prefixed text, money is bigint kobo, time is timestamptz (UTC).

CREATE TABLE merchants (
  id text PRIMARY KEY,
  business_name text NOT NULL CHECK (length(business_name) BETWEEN 1 AND 200),
  email text NOT NULL,
  password_hash text,
  status text NOT NULL DEFAULT 'pending_approval'
    CHECK (status IN ('pending_approval', 'active', 'deactivated')),
  approved_at timestamptz,
  deactivated_at timestamptz,
  webhook_url text,
  webhook_secret_sealed text NOT NULL,
  previous_webhook_secret_sealed text,
  previous_webhook_secret_expires_at timestamptz,
  settlement_bank_code text,
  settlement_account_number text,
  default_constraints jsonb NOT NULL,
  min_customer_tier text NOT NULL,
  goods_release_rule jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX merchants_email_key ON merchants (lower(email));

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  digest text NOT NULL UNIQUE,
  redacted text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_merchant_idx ON api_keys (merchant_id);

CREATE TABLE customers (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

-- Refresh tokens for customers and for merchant-dashboard logins. Rotated on every use; a
-- token used twice revokes its whole family (stolen-token detection).
CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('customer', 'merchant')),
  subject_id text NOT NULL,
  family_id text NOT NULL,
  digest text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL CHECK (currency = 'NGN'),
  title text NOT NULL,
  order_reference text NOT NULL,
  customer_email text,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled', 'expired')),
  constraints jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX checkout_sessions_merchant_order_idx ON checkout_sessions (merchant_id, order_reference);
-- At most one completed checkout per order: the database, not only the code, refuses a second.
CREATE UNIQUE INDEX checkout_sessions_one_completed_per_order
  ON checkout_sessions (merchant_id, livemode, order_reference) WHERE status = 'completed';
CREATE INDEX checkout_sessions_pending_expiry_idx ON checkout_sessions (expires_at) WHERE status = 'pending';

-- Stripe-style idempotency: scoped to merchant and mode; the first successful response is kept
-- with a hash of the request and replayed for 24 hours; rows are purged after 72 hours.
CREATE TABLE idempotency_keys (
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response_status integer NOT NULL,
  response_body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, livemode, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
