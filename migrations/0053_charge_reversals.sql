-- Collected charges that the gateway later reports `reversed` with no refund of ours and no
-- dispute to explain it (issue 26 item 4, docs/decisions/0073). One row per charge: the money
-- the gateway took back is booked as `payment_reversed` (reference: this row's id), split like a
-- refund. If a dispute about the same charge turns up later, the dispute takes the money instead:
-- the reversal is superseded and its entry undone by `payment_reversal_superseded`, so the
-- merchant never pays for one payment twice.
CREATE TABLE charge_reversals (
  id text PRIMARY KEY,
  charge_reference text NOT NULL UNIQUE REFERENCES charges (reference),
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  plan_id text NOT NULL REFERENCES payment_plans (id),
  installment_id text NOT NULL REFERENCES installments (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_share_kobo bigint NOT NULL CHECK (fee_share_kobo >= 0),
  merchant_share_kobo bigint NOT NULL CHECK (merchant_share_kobo >= 0),
  superseded_by_dispute_id text REFERENCES disputes (id),
  created_at timestamptz NOT NULL,
  superseded_at timestamptz,
  CHECK (fee_share_kobo + merchant_share_kobo = amount_kobo),
  CHECK ((superseded_by_dispute_id IS NULL) = (superseded_at IS NULL))
);
CREATE INDEX charge_reversals_merchant_idx ON charge_reversals (merchant_id, created_at DESC);

-- The merchant's e-mail of a reversal (decision 0067's outbox, topic `disputes`).
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN (
    'payment_reminder', 'payment_failed', 'payment_receipt', 'refund_receipt',
    'merchant_approved', 'merchant_deactivated', 'payout_paid', 'payout_failed',
    'payout_reversed', 'webhooks_failing', 'webhooks_recovered', 'dispute_opened',
    'payment_reversed'));
