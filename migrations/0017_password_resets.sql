-- Customer password reset by e-mail (issue 13, docs/decisions/0024). One row per request; the
-- row is also the e-mail's outbox: the send_password_reset job mints the token when it sends,
-- so the plaintext token exists only in the e-mail (the row keeps its SHA-256 digest).
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  -- pending: e-mail not sent yet; sent: the link is out; used: the password was changed with
  -- it; superseded: another reset of the same customer was used first; failed: not deliverable.
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'used', 'superseded', 'failed')),
  -- Set when the e-mail is sent (a resend mints a new token and replaces it).
  digest text UNIQUE,
  requested_at timestamptz NOT NULL,
  sent_at timestamptz,
  expires_at timestamptz,
  used_at timestamptz,
  -- Where the request came from (shown to nobody; kept for abuse investigations).
  request_ip text,
  CHECK (status <> 'pending' OR digest IS NULL),
  CHECK (status NOT IN ('sent', 'used') OR (digest IS NOT NULL AND expires_at IS NOT NULL)),
  CHECK ((status = 'used') = (used_at IS NOT NULL))
);
CREATE INDEX password_resets_customer_idx ON password_resets (customer_id, requested_at DESC);
