-- Merchant password reset by e-mail (issue 28, docs/decisions/0058): the same requests table
-- and the same send_password_reset job as customers' (decision 0024). A row belongs to exactly
-- one account: a customer or a merchant.
ALTER TABLE password_resets ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE password_resets ADD COLUMN merchant_id text REFERENCES merchants (id);
ALTER TABLE password_resets
  ADD CONSTRAINT password_resets_one_account CHECK (num_nonnulls(customer_id, merchant_id) = 1);
CREATE INDEX password_resets_merchant_idx ON password_resets (merchant_id, requested_at DESC)
  WHERE merchant_id IS NOT NULL;
