-- Identity checks through Dojah (decision 0046, docs/identity-protocol.md §7, §8).

-- One row per consent a customer gives before their BVN is sent to the identity provider: what
-- they were shown (a version and a digest of the exact text), when, from where and how. Kept
-- while the account exists, so Tranche can carry the burden of proving consent (NDPA s.26).
CREATE TABLE identity_consents (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  -- The checkout in which it was given (so the merchant); NULL from the customer dashboard.
  checkout_session_id text REFERENCES checkout_sessions (id),
  purpose text NOT NULL CHECK (purpose IN ('identity_check')),
  text_version text NOT NULL,
  text_sha256 text NOT NULL CHECK (text_sha256 ~ '^[0-9a-f]{64}$'),
  -- The provider named in the text and asked ("dojah", "dojah-simulator", "sandbox").
  provider text NOT NULL,
  -- The keyed digest of the BVN it applies to (never the BVN).
  bvn_digest text NOT NULL,
  ip_address text NOT NULL,
  user_agent text NOT NULL,
  method text NOT NULL CHECK (method IN ('unticked_checkbox')),
  given_at timestamptz NOT NULL,
  withdrawn_at timestamptz
);
CREATE INDEX identity_consents_customer ON identity_consents (customer_id, given_at DESC);
CREATE INDEX identity_consents_session ON identity_consents (checkout_session_id)
  WHERE checkout_session_id IS NOT NULL;

-- A BVN the provider matched whose record has a phone: the identity is not verified until the
-- customer enters the code sent to it. At most one per customer; deleted when the code is
-- accepted, when attempts run out, or replaced by a new check. The phone itself is not stored,
-- only the masked form the customer is shown.
CREATE TABLE identity_phone_checks (
  customer_id text PRIMARY KEY REFERENCES customers (id),
  consent_id text NOT NULL REFERENCES identity_consents (id),
  bvn_digest text NOT NULL,
  bvn_last4 text NOT NULL CHECK (bvn_last4 ~ '^[0-9]{4}$'),
  provider text NOT NULL,
  provider_reference text NOT NULL,
  names_matched boolean NOT NULL,
  code_reference text NOT NULL,
  phone_hint text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX identity_phone_checks_consent ON identity_phone_checks (consent_id);

-- What a verification rests on: the consent it ran under, whether the names matched (recorded,
-- not a reason to refuse), and when the phone on the record was confirmed (NULL: the record had
-- no phone, or the verification predates this migration).
ALTER TABLE customer_identities
  ADD COLUMN consent_id text REFERENCES identity_consents (id),
  ADD COLUMN names_matched boolean,
  ADD COLUMN phone_confirmed_at timestamptz;
CREATE INDEX customer_identities_consent ON customer_identities (consent_id)
  WHERE consent_id IS NOT NULL;
