-- The operator console (issue 13): every operator action is recorded with who and why, and the
-- reason a merchant was deactivated is kept on the merchant so the merchant can be told.

-- Shown to the merchant (dashboard sign-in, merchant_inactive errors) while deactivated.
ALTER TABLE merchants ADD COLUMN deactivation_reason text;

CREATE TABLE operator_audit_log (
  id text PRIMARY KEY,
  -- The order of the log: insertion order, even for actions within the same millisecond.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- Who: the name the operator gave with the token (X-Operator; `cli:<user>` for the CLI).
  operator text NOT NULL CHECK (length(operator) BETWEEN 1 AND 80),
  action text NOT NULL CHECK (action IN (
    'merchant.approve', 'merchant.deactivate', 'merchant.reactivate', 'reconciliation.run'
  )),
  target_type text NOT NULL CHECK (target_type IN ('merchant', 'ledger')),
  target_id text,
  -- Why: required for deactivate and reactivate (app/operator-audit.ts), optional otherwise.
  reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 500),
  -- What changed, e.g. {"from": "pending_approval", "to": "active"}.
  detail jsonb NOT NULL DEFAULT '{}',
  request_id text,
  ip text,
  created_at timestamptz NOT NULL
);
CREATE INDEX operator_audit_log_target ON operator_audit_log (target_id, seq DESC);

-- An audit log that can be edited proves nothing: rows are only ever added.
CREATE FUNCTION operator_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER operator_audit_log_append_only BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_refuse_change();
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_refuse_change();

-- Dead letters across merchants, newest first (the console's list).
CREATE INDEX webhook_events_dead ON webhook_events (created_at DESC, id DESC) WHERE status = 'dead';
