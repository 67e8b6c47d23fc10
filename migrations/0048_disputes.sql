-- Disputes (chargebacks) of collected charges (issue 29, docs/decisions/0069). One row per
-- gateway dispute, found again by the gateway's id however often or in whatever order its
-- webhooks arrive. The money the gateway took back and what came back are booked as journal
-- entries `dispute_opened` / `dispute_returned` whose reference is this row's id; the columns
-- below say how each was split, so the invariants can check the ledger against them.
CREATE TABLE disputes (
  id text PRIMARY KEY,
  gateway_dispute_id text NOT NULL UNIQUE,
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  plan_id text NOT NULL REFERENCES payment_plans (id),
  installment_id text NOT NULL REFERENCES installments (id),
  charge_reference text NOT NULL REFERENCES charges (reference),
  status text NOT NULL CHECK (status IN ('needs_response', 'under_review', 'won', 'lost')),
  -- What the gateway took back (at most the charge), split like a refund: the fee share comes
  -- back from Tranche, the rest from the merchant's available balance.
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_share_kobo bigint NOT NULL CHECK (fee_share_kobo >= 0),
  merchant_share_kobo bigint NOT NULL CHECK (merchant_share_kobo >= 0),
  -- Given back on resolution (all when won, amount - refund_amount when lost in part).
  returned_kobo bigint NOT NULL DEFAULT 0 CHECK (returned_kobo >= 0 AND returned_kobo <= amount_kobo),
  returned_fee_kobo bigint NOT NULL DEFAULT 0 CHECK (returned_fee_kobo >= 0),
  gateway_status text NOT NULL,
  resolution text,
  reason text,
  due_at timestamptz,
  reminded_at timestamptz,
  reminder_count integer NOT NULL DEFAULT 0,
  -- The merchant's answer: evidence given, the file uploaded, the decision with its message.
  evidence jsonb,
  uploaded_filename text,
  merchant_decision text CHECK (merchant_decision IN ('accepted', 'declined')),
  merchant_message text,
  answered_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  resolved_at timestamptz,
  CHECK (fee_share_kobo + merchant_share_kobo = amount_kobo)
);
CREATE INDEX disputes_merchant_idx ON disputes (merchant_id, created_at DESC);
CREATE INDEX disputes_charge_idx ON disputes (charge_reference);
CREATE INDEX disputes_customer_plan_idx ON disputes (plan_id) WHERE status = 'lost';
