-- Sign-in with a one-time code, verified phones and remembered devices (decisions 0053, 0054).

-- A phone is verified when the customer entered a code texted to it. Only a verified phone can
-- receive sign-in codes or notices by SMS; one number is verified on one account at most (the
-- latest to prove it holds it: Nigerian numbers are recycled).
ALTER TABLE customers ADD COLUMN phone_verified_at timestamptz;
CREATE UNIQUE INDEX customers_verified_phone_key ON customers (phone)
  WHERE phone_verified_at IS NOT NULL;

-- One row per code asked for. The code itself is never stored: the worker mints it, stores its
-- keyed digest and sends it. Answers to the request are the same whether or not an account
-- exists, so rows exist only for real customers.
CREATE TABLE sign_in_codes (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  -- sign_in: a code that signs in; verify_phone: a signed-in customer proving their phone.
  purpose text NOT NULL CHECK (purpose IN ('sign_in', 'verify_phone')),
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- The number or address it goes to, as it was when asked for.
  destination text NOT NULL,
  status text NOT NULL
    CHECK (status IN ('pending', 'sent', 'used', 'superseded', 'exhausted', 'failed')),
  digest text,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  requested_at timestamptz NOT NULL,
  sent_at timestamptz,
  expires_at timestamptz,
  used_at timestamptz,
  request_ip text NOT NULL,
  -- Pending, failed and superseded codes may never have been minted.
  CHECK (status IN ('pending', 'failed', 'superseded') OR digest IS NOT NULL)
);
CREATE INDEX sign_in_codes_customer ON sign_in_codes (customer_id, requested_at DESC);

-- A device a customer asked to be remembered for one shop's checkout (decision 0054): the
-- digest of the random token in its httpOnly cookie, never the token.
CREATE TABLE remembered_devices (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  merchant_id text NOT NULL REFERENCES merchants (id),
  digest text NOT NULL UNIQUE,
  -- What the customer sees in their list: the browser and system, from User-Agent.
  label text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX remembered_devices_customer ON remembered_devices (customer_id, created_at DESC);
