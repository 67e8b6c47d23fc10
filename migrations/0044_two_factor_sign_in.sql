-- Two-factor sign-in for team members (issue 28 Build 2, docs/decisions/0065). Each member may
-- turn on TOTP (RFC 6238, src/platform/totp.ts, as operators have since decision 0035); owners
-- must, by `two_factor_due_at`; paying out and changing the settlement account need a code.
ALTER TABLE merchant_members
  -- The TOTP key (base32) sealed with ENCRYPTION_KEY: the server must read it back to check codes.
  ADD COLUMN totp_secret_sealed text,
  -- A key handed out by an enrolment not yet confirmed with a code (replaced by the next start).
  ADD COLUMN totp_pending_secret_sealed text,
  -- Set when an enrolment is confirmed: from then on the member signs in with a code.
  ADD COLUMN totp_enabled_at timestamptz,
  -- The step of the last code accepted: a code is good once (RFC 6238 section 5.2).
  ADD COLUMN totp_last_step bigint,
  -- An owner without two-factor sign-in past this time may only read and enrol (null: not an
  -- owner, or an owner from before it was set). Set when a member becomes an owner.
  ADD COLUMN two_factor_due_at timestamptz,
  ADD CONSTRAINT merchant_members_totp_enabled CHECK ((totp_enabled_at IS NULL) = (totp_secret_sealed IS NULL));

-- Owners have seven days to turn it on: the existing ones from now, new account holders from the
-- account's creation (the holder trigger below), promoted and invited owners from the change
-- (src/features/team).
UPDATE merchant_members SET two_factor_due_at = now() + interval '7 days' WHERE role = 'owner';

CREATE OR REPLACE FUNCTION merchant_account_holder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_members (id, merchant_id, email, name, role, account_holder, status, created_at, updated_at,
                                two_factor_due_at)
  VALUES ('mem_' || substr(md5(NEW.id), 1, 20), NEW.id, NULL, NEW.business_name, 'owner', true, 'active',
          NEW.created_at, NEW.created_at, NEW.created_at + interval '7 days');
  RETURN NEW;
END $$;

-- Ten single-use recovery codes per enrolment, shown once; only their SHA-256 digests are kept.
CREATE TABLE merchant_member_recovery_codes (
  id text PRIMARY KEY,
  member_id text NOT NULL REFERENCES merchant_members (id) ON DELETE CASCADE,
  digest text NOT NULL UNIQUE,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX merchant_member_recovery_codes_member_idx ON merchant_member_recovery_codes (member_id);
