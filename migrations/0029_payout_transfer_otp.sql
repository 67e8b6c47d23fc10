-- Payouts on a gateway account that requires an OTP for transfers (issue 26 item 3, decision 0043).
-- The gateway holds such a transfer at `otp` until an operator gives the OTP; the payout stays
-- `in_transit` (its money already left "available") and these columns say where it is in that wait.
-- When the gateway answered `otp` (null: it never did).
ALTER TABLE payouts ADD COLUMN otp_requested_at timestamptz;
-- When the transfer left `otp`: finalized with an operator's OTP, or seen past it at the gateway
-- (sent, failed, abandoned). Awaiting an OTP = requested, not yet left, and still in transit.
ALTER TABLE payouts ADD COLUMN otp_finalized_at timestamptz;
-- When the payout was first reported as waiting past the time limit (30 minutes).
ALTER TABLE payouts ADD COLUMN otp_overdue_at timestamptz;
ALTER TABLE payouts ADD CONSTRAINT payouts_otp_order CHECK (
  (otp_finalized_at IS NULL OR otp_requested_at IS NOT NULL)
  AND (otp_overdue_at IS NULL OR otp_requested_at IS NOT NULL)
);
-- The console's list, the overdue check each minute and the metrics read only what is waiting.
CREATE INDEX payouts_awaiting_otp_idx ON payouts (otp_requested_at)
  WHERE status = 'in_transit' AND otp_requested_at IS NOT NULL AND otp_finalized_at IS NULL;

-- Operators' OTP actions are audited like their other actions.
ALTER TABLE operator_audit_log DROP CONSTRAINT operator_audit_log_action_check;
ALTER TABLE operator_audit_log ADD CONSTRAINT operator_audit_log_action_check CHECK (action IN (
  'merchant.approve', 'merchant.deactivate', 'merchant.reactivate', 'reconciliation.run',
  'payout.otp_submit', 'payout.otp_resend'
));
