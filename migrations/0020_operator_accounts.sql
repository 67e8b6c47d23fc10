-- Operators sign in with their own accounts (issue 24, docs/decisions/0035-operator-accounts.md):
-- email, password and a TOTP second factor, for a short-lived signed token. The audit log names
-- the account the token proves, no longer a name the caller declares.
CREATE TABLE operators (
  id text PRIMARY KEY,
  email text NOT NULL,
  -- Shown in the console and written into the audit log's `operator` column.
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  password_hash text NOT NULL,
  -- The TOTP key (base32), sealed with ENCRYPTION_KEY: the server must read it back to check codes.
  totp_secret_sealed text NOT NULL,
  -- The step of the last code accepted: a code is good once (RFC 6238 section 5.2).
  totp_last_step bigint,
  -- Set when the operator leaves: sign-in, refresh and every token of the account stop at once.
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX operators_email_key ON operators (lower(email));

-- Operators refresh their console session like the dashboards.
ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_subject_type_check;
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_subject_type_check
  CHECK (subject_type IN ('customer', 'merchant', 'operator'));

-- The account behind a console or API action; NULL for the CLI (`cli:<user>`), the system and
-- rows written before accounts existed (whose `operator` is the name the caller declared).
ALTER TABLE operator_audit_log ADD COLUMN operator_id text REFERENCES operators (id);
