-- Bank mandates through Paystack's Direct Debit API (issue 26, decision 0044;
-- docs/gateway-protocol.md §13). A mandate the customer approved is saved at once but is not
-- chargeable until the bank activates it: `pending` until then, `failed` when activation never
-- came, `revoked` when the bank or the customer withdrew it later.
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_status_check;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_status_check
  CHECK (status IN ('pending', 'active', 'revoked', 'failed'));
-- When the bank activated it; when Tranche last asked the gateway to retry the activation charge.
ALTER TABLE payment_methods ADD COLUMN activated_at timestamptz;
ALTER TABLE payment_methods ADD COLUMN activation_retried_at timestamptz;
CREATE INDEX payment_methods_pending_idx ON payment_methods (created_at)
  WHERE status = 'pending' AND deleted_at IS NULL;

-- The gateway's own reference of a Direct Debit authorization request (Paystack chooses it; we
-- cannot send ours). Null for card and pay-with-bank set-ups, whose reference is `reference`.
ALTER TABLE payment_method_setups ADD COLUMN gateway_reference text UNIQUE;
