-- Team members and roles (issue 28, docs/decisions/0064). A merchant account has members; each
-- signs in to the dashboard with its own e-mail and password and acts with its role. The
-- account's existing sign-in (the e-mail and password on the merchants row) is its account-holder
-- member, an owner: that row keeps the credentials, so registration, the CLI, password change and
-- password reset go on working as they were.
CREATE TABLE merchant_members (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  -- The account holder's e-mail and password live on the merchants row: null here.
  email text,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'support', 'finance', 'viewer')),
  account_holder boolean NOT NULL DEFAULT false,
  password_hash text,
  -- invited: the e-mail is sent or on its way, no password yet; active: may sign in.
  status text NOT NULL CHECK (status IN ('invited', 'active')),
  invited_by text REFERENCES merchant_members (id) ON DELETE SET NULL,
  invitation_digest text UNIQUE,
  invitation_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT merchant_members_holder_is_owner CHECK (NOT account_holder OR role = 'owner'),
  CONSTRAINT merchant_members_email CHECK (account_holder = (email IS NULL))
);
CREATE UNIQUE INDEX merchant_members_one_holder ON merchant_members (merchant_id) WHERE account_holder;
-- One member per address across every account: the sign-in form names no account.
CREATE UNIQUE INDEX merchant_members_email_idx ON merchant_members (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX merchant_members_merchant_idx ON merchant_members (merchant_id, created_at);

-- Every merchant has its account holder, whoever creates the merchants row (registration, CLI,
-- test fixtures): a trigger rather than each writer remembering to.
CREATE FUNCTION merchant_account_holder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_members (id, merchant_id, email, name, role, account_holder, status, created_at, updated_at)
  VALUES ('mem_' || substr(md5(NEW.id), 1, 20), NEW.id, NULL, NEW.business_name, 'owner', true, 'active',
          NEW.created_at, NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER merchants_account_holder AFTER INSERT ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchant_account_holder();
INSERT INTO merchant_members (id, merchant_id, email, name, role, account_holder, status, created_at, updated_at)
  SELECT 'mem_' || substr(md5(id), 1, 20), id, NULL, business_name, 'owner', true, 'active', created_at, created_at
    FROM merchants;

-- The most a support member may refund at once, set by an owner; null: support refunds nothing.
ALTER TABLE merchants ADD COLUMN support_refund_limit_kobo bigint
  CHECK (support_refund_limit_kobo IS NULL OR support_refund_limit_kobo >= 0);

-- A merchant's login belongs to one member; logins opened before this were the account holder's.
ALTER TABLE refresh_token_families ADD COLUMN member_id text REFERENCES merchant_members (id) ON DELETE SET NULL;
UPDATE refresh_token_families f SET member_id = m.id
  FROM merchant_members m WHERE f.subject_type = 'merchant' AND m.merchant_id = f.subject_id AND m.account_holder;

-- The merchant audit log: who (which member) did what from the dashboard. Append-only, like the
-- operator's (decision 0020); the member's name and role are copied, so a removed member's rows
-- still say who it was.
CREATE TABLE merchant_audit_log (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  member_id text,
  member_name text NOT NULL,
  member_role text NOT NULL,
  action text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  request_id text,
  ip text,
  created_at timestamptz NOT NULL
);
CREATE INDEX merchant_audit_log_merchant_idx ON merchant_audit_log (merchant_id, seq DESC);
CREATE FUNCTION merchant_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'merchant_audit_log is append-only';
END $$;
CREATE TRIGGER merchant_audit_log_no_change BEFORE UPDATE OR DELETE ON merchant_audit_log
  FOR EACH ROW EXECUTE FUNCTION merchant_audit_log_append_only();
