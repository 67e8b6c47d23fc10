-- Hardship requests (issue 29 "Build 3", docs/decisions/0072): a customer asks, once per plan, to
-- move one installment's due date or to spread what is still scheduled over more installments;
-- the merchant (or an operator, or the merchant's auto-approval) decides. No money moves: the
-- ledger is untouched, only the schedule changes.
CREATE TABLE hardship_requests (
  id text PRIMARY KEY,
  plan_id text NOT NULL REFERENCES payment_plans (id),
  merchant_id text NOT NULL REFERENCES merchants (id),
  customer_id text NOT NULL REFERENCES customers (id),
  livemode boolean NOT NULL,
  kind text NOT NULL CHECK (kind IN ('move_due_date', 'spread')),
  -- move_due_date: which installment, and the new due instant (09:00 Lagos on the day asked).
  installment_id text REFERENCES installments (id),
  new_due_at timestamptz,
  -- spread: how many installments are added.
  extra_installments integer CHECK (extra_installments > 0),
  reason text,
  status text NOT NULL CHECK (status IN ('requested', 'approved', 'declined', 'expired', 'cancelled')),
  decided_by text CHECK (decided_by IN ('merchant', 'operator', 'automatic')),
  decision_note text,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((kind = 'move_due_date') = (installment_id IS NOT NULL AND new_due_at IS NOT NULL)),
  CHECK ((kind = 'spread') = (extra_installments IS NOT NULL)),
  CHECK ((status IN ('approved', 'declined')) = (decided_by IS NOT NULL AND decided_at IS NOT NULL))
);
-- Once per plan: one request waiting, approved or declined; a cancelled or expired one frees it.
CREATE UNIQUE INDEX hardship_requests_once_per_plan ON hardship_requests (plan_id)
  WHERE status IN ('requested', 'approved', 'declined');
CREATE INDEX hardship_requests_merchant_idx ON hardship_requests (merchant_id, created_at DESC);

-- The merchant's limits; no row: the defaults (14 days, 3 more installments, no auto-approval).
CREATE TABLE hardship_settings (
  merchant_id text PRIMARY KEY REFERENCES merchants (id),
  max_move_days integer NOT NULL CHECK (max_move_days BETWEEN 0 AND 30),
  max_extra_installments integer NOT NULL CHECK (max_extra_installments BETWEEN 0 AND 6),
  auto_approve boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Failed attempts made before an approved move of the installment's due date: they no longer
-- count as missed (trust score, delinquency). failed_attempts itself keeps counting, because it
-- numbers the charge references (chg-<installment>-<attempt>) and the retries left.
ALTER TABLE installments
  ADD COLUMN excused_failed_attempts integer NOT NULL DEFAULT 0
    CHECK (excused_failed_attempts >= 0 AND excused_failed_attempts <= failed_attempts);

-- An operator's answer to a hardship request is audited like the operator's other actions.
ALTER TABLE operator_audit_log DROP CONSTRAINT operator_audit_log_action_check;
ALTER TABLE operator_audit_log ADD CONSTRAINT operator_audit_log_action_check CHECK (action IN (
  'merchant.approve', 'merchant.deactivate', 'merchant.reactivate', 'reconciliation.run',
  'payout.otp_submit', 'payout.otp_resend', 'hardship.approve', 'hardship.decline'
));
