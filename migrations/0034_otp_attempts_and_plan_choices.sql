-- Issue 27, edges of the checkout journey.
--
-- Wrong one-time codes on a pay-with-bank mandate set-up: the bank asks for the code again after
-- a wrong one, so the set-up stays open and counts them; at MANDATE_OTP_ATTEMPTS
-- (src/domain/payment-method.ts) it ends. A constant default adds the column without rewriting
-- the table.
ALTER TABLE payment_method_setups
  ADD COLUMN wrong_otp_count integer NOT NULL DEFAULT 0 CHECK (wrong_otp_count >= 0);

-- The plan a customer chose for an order (decision 0049): a new checkout session the shop opens
-- for the same order (merchant, mode, order_reference) offers it again to the same customer.
-- Only the choice; read back for 24 hours, deleted after that by the session-expiry cron.
CREATE TABLE checkout_plan_choices (
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  order_reference text NOT NULL,
  customer_id text NOT NULL REFERENCES customers (id),
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  installment_count integer NOT NULL CHECK (installment_count BETWEEN 1 AND 52),
  upfront_pct integer NOT NULL CHECK (upfront_pct BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, livemode, order_reference, customer_id)
);
CREATE INDEX checkout_plan_choices_updated_at_idx ON checkout_plan_choices (updated_at);

-- How customers reach the shop (issue 27): shown on the checkout's refusal screens beside "pay
-- this shop another way". Each optional; written only through normaliseSupportContact
-- (src/domain/merchant.ts).
ALTER TABLE merchants
  ADD COLUMN support_email text CHECK (length(support_email) <= 254),
  ADD COLUMN support_phone text CHECK (length(support_phone) <= 20),
  ADD COLUMN support_website text CHECK (length(support_website) <= 2048);
