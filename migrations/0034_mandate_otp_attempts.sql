-- Wrong one-time codes on a pay-with-bank mandate set-up (issue 27): the bank asks for the code
-- again after a wrong one, so the set-up stays open and counts them; at MANDATE_OTP_ATTEMPTS
-- (src/domain/payment-method.ts) it ends. A constant default adds the column without rewriting
-- the table.
ALTER TABLE payment_method_setups
  ADD COLUMN wrong_otp_count integer NOT NULL DEFAULT 0 CHECK (wrong_otp_count >= 0);
