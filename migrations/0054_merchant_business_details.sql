-- Merchant due diligence (KYB) before live approval (issue 25 item 5, decision 0074).

-- The dashboard user's word that the director named agreed to a check of their BVN, committed
-- before the BVN leaves Tranche (as identity_consents for customers, decision 0046). Kept while
-- the merchant exists: it is what Tranche shows if the director asks on what basis it looked.
CREATE TABLE director_consents (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  text_version text NOT NULL,
  text_sha256 text NOT NULL CHECK (text_sha256 ~ '^[0-9a-f]{64}$'),
  provider text NOT NULL,
  -- The keyed digest of the director's BVN (never the BVN).
  bvn_digest text NOT NULL,
  -- Who ticked the box: the team member's name and role as the dashboard knew them.
  given_by text NOT NULL,
  ip_address text NOT NULL,
  user_agent text NOT NULL,
  given_at timestamptz NOT NULL
);
CREATE INDEX director_consents_merchant ON director_consents (merchant_id, given_at DESC);

-- What the merchant declared about its business, and what the identity provider said of its
-- director, at the last submission. One row per merchant, replaced by each submission. The BVN
-- and the date of birth are not stored: the digest and last four digits only, and the outcome.
CREATE TABLE merchant_business_details (
  merchant_id text PRIMARY KEY REFERENCES merchants (id),
  registered_name text NOT NULL,
  -- CAC number, normalised: RC1234567 (company), BN1234567 (business name), IT12345 (trustees).
  registration_number text NOT NULL CHECK (registration_number ~ '^(RC|BN|IT)[0-9]{1,8}$'),
  tax_id text,
  street text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  director_first_name text NOT NULL,
  director_last_name text NOT NULL,
  director_bvn_digest text NOT NULL,
  director_bvn_last4 text NOT NULL CHECK (director_bvn_last4 ~ '^[0-9]{4}$'),
  director_check text NOT NULL
    CHECK (director_check IN ('verified', 'bvn_not_found', 'dob_mismatch', 'name_mismatch')),
  director_check_provider text NOT NULL,
  -- The provider's reference for the record, kept only for a verified check (what it rests on).
  director_check_reference text CHECK (
    (director_check = 'verified') = (director_check_reference IS NOT NULL)
  ),
  director_checked_at timestamptz NOT NULL,
  director_consent_id text NOT NULL REFERENCES director_consents (id),
  submitted_by text NOT NULL,
  submitted_at timestamptz NOT NULL,
  -- When an operator last approved the merchant on these details; a submission after it is a
  -- change the operator has not yet seen.
  reviewed_at timestamptz
);
CREATE INDEX merchant_business_details_consent ON merchant_business_details (director_consent_id);
