-- Publishable keys (decision 0055): one per mode per merchant, `pk_test_…` and `pk_live_…`, put in
-- shop pages by the messaging element. They are public by design (anyone reading the page sees
-- them) and authenticate only GET /api/v1/messaging/plans, so the key itself is kept, not a
-- digest: the dashboard shows it again whenever the merchant needs to paste it. Rolling issues a
-- new key and sets expires_at on the old ones, as for secret keys.
CREATE TABLE publishable_keys (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  key text NOT NULL UNIQUE CHECK (key ~ '^pk_(test|live)_[0-9A-Za-z]{24}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  CHECK (starts_with(key, 'pk_' || mode || '_'))
);
CREATE INDEX publishable_keys_merchant_idx ON publishable_keys (merchant_id, mode);

-- Every merchant that exists already gets its two keys. A key needs to be unique, not secret: the
-- random part is the first 24 hex digits of a gen_random_uuid() (hex digits are base-62
-- characters, so it matches the key's pattern), the id likewise.
INSERT INTO publishable_keys (id, merchant_id, mode, key, created_at, expires_at)
SELECT
  'key_' || left(replace(gen_random_uuid()::text, '-', ''), 20),
  m.id,
  modes.mode,
  'pk_' || modes.mode || '_' || left(replace(gen_random_uuid()::text, '-', ''), 24),
  now(),
  NULL
FROM merchants m
CROSS JOIN (VALUES ('test'), ('live')) AS modes (mode);
