-- The ₦50 verification charge of a card or pay-with-bank setup goes back whenever the gateway took
-- it, whether the method was saved or refused (decision 0042). When its refund_verification_charge
-- job is added (in the same transaction), the setup records when and for how much the gateway took
-- it: a refused setup that has them tells the customer, on every later verify, that the money is on
-- its way back. Before this migration the job was added only when a method was saved, for exactly
-- 5,000 kobo (nothing else was saved): those setups get both.
ALTER TABLE payment_method_setups
  ADD COLUMN verification_refund_queued_at timestamptz,
  ADD COLUMN verification_charge_kobo bigint CHECK (verification_charge_kobo > 0),
  ADD CONSTRAINT payment_method_setups_refund_amount_known
    CHECK ((verification_refund_queued_at IS NULL) = (verification_charge_kobo IS NULL));
UPDATE payment_method_setups
   SET verification_refund_queued_at = updated_at, verification_charge_kobo = 5000
 WHERE status = 'completed';
