-- Test and live webhooks are separate (docs/decisions/0015): each merchant has one endpoint per
-- mode, with its own URL, signing secret (and the previous one during a roll's 24-hour overlap)
-- and 410-Gone disable. Test events go only to the test endpoint, live events only to the live one.
CREATE TABLE webhook_endpoints (
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  url text,
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  -- Set when the URL answered 410 Gone; cleared when the merchant sets the URL again.
  disabled_at timestamptz,
  disabled_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, livemode)
);

-- Until now one URL and one secret received both modes' events. Existing merchants keep
-- receiving exactly what they received: today's URL, secret (with a roll's overlap still running)
-- and disable state become the live endpoint, and a copy of them the test endpoint. A merchant
-- separates the two by setting the test URL with an sk_test_ key and rolling the test secret.
INSERT INTO webhook_endpoints
  (merchant_id, livemode, url, secret_sealed, previous_secret_sealed, previous_secret_expires_at,
   disabled_at, disabled_reason, created_at, updated_at)
SELECT m.id, mode.livemode, m.webhook_url, m.webhook_secret_sealed,
       m.previous_webhook_secret_sealed, m.previous_webhook_secret_expires_at,
       m.webhook_disabled_at, m.webhook_disabled_reason, m.created_at, m.updated_at
  FROM merchants m
 CROSS JOIN (VALUES (true), (false)) AS mode (livemode);

ALTER TABLE merchants
  DROP COLUMN webhook_url,
  DROP COLUMN webhook_secret_sealed,
  DROP COLUMN previous_webhook_secret_sealed,
  DROP COLUMN previous_webhook_secret_expires_at,
  DROP COLUMN webhook_disabled_at,
  DROP COLUMN webhook_disabled_reason;

-- The dispatcher now walks endpoints (merchant and mode) with waiting events instead of merchants
-- (the loose scan of migration 0010), and skips an endpoint without a URL or disabled by 410.
-- Same shape of index with the mode added, replacing the old one (no extra index on the outbox's
-- insert path). The delivery log keeps webhook_events_merchant_idx and filters on the mode.
CREATE INDEX webhook_events_endpoint_claim_idx
  ON webhook_events (merchant_id, livemode, next_attempt_at, id)
  WHERE status IN ('pending', 'retrying');
DROP INDEX webhook_events_claim_idx;
