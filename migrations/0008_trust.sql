-- Customer trust (decision 0010) and payment links (decision 0011).

-- A verified identity. The raw BVN is never stored: a keyed digest (HMAC under a key derived
-- from ENCRYPTION_KEY) makes one BVN verify one account, and the last 4 digits are shown back.
CREATE TABLE customer_identities (
  customer_id text PRIMARY KEY REFERENCES customers (id),
  bvn_digest text NOT NULL UNIQUE,
  bvn_last4 text NOT NULL CHECK (bvn_last4 ~ '^[0-9]{4}$'),
  provider text NOT NULL,
  provider_reference text NOT NULL,
  verified_at timestamptz NOT NULL
);

-- Reusable, shareable checkout links. Either a fixed amount, or bounds for an amount the
-- customer enters. Each visit creates an ordinary checkout session (payment_link_sessions).
CREATE TABLE payment_links (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  title text NOT NULL,
  amount_kobo bigint CHECK (amount_kobo > 0),
  min_amount_kobo bigint CHECK (min_amount_kobo > 0),
  max_amount_kobo bigint,
  redirect_url text,
  -- NULL: the merchant's default constraints at the time of each visit.
  constraints jsonb,
  active boolean NOT NULL,
  deactivated_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (
    (amount_kobo IS NOT NULL AND min_amount_kobo IS NULL AND max_amount_kobo IS NULL)
    OR (amount_kobo IS NULL AND min_amount_kobo IS NOT NULL AND max_amount_kobo >= min_amount_kobo)
  )
);
CREATE INDEX payment_links_merchant_idx ON payment_links (merchant_id, created_at DESC, id DESC);

CREATE TABLE payment_link_sessions (
  checkout_session_id text PRIMARY KEY REFERENCES checkout_sessions (id),
  payment_link_id text NOT NULL REFERENCES payment_links (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_link_sessions_link_idx ON payment_link_sessions (payment_link_id);
