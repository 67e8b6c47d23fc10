-- Payouts: the merchant's available balance sent to its settlement account by gateway transfer.
-- A payout moves the money out of "available" (ledger: payout_initiated) in the same transaction
-- that creates it, so the same money can never be paid twice; the outcome settles it.
CREATE TABLE payouts (
  id text PRIMARY KEY,
  merchant_id text NOT NULL,
  -- Our transfer reference (lowercase, as Paystack requires): the gateway de-duplicates on it.
  reference text NOT NULL UNIQUE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  bank_code text NOT NULL,
  account_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'in_transit', 'paid', 'failed', 'reversed')),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'request')),
  transfer_code text,
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payouts_merchant_idx ON payouts (merchant_id, created_at DESC);

-- The gateway's recipient for a settlement account, created once.
CREATE TABLE transfer_recipients (
  bank_code text NOT NULL,
  account_number text NOT NULL,
  recipient_code text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (bank_code, account_number)
);
