-- A payment the customer starts (pay now, pay off early) is not an automatic debit: when it fails
-- it must change nothing (money-rules.md §3), so it does not take the next automatic attempt's
-- number. Such charges are told apart by initiated_by, referenced `pay-<installment>-<n>`, and
-- keep the attempt they stand in for; only automatic attempts stay unique per installment.
ALTER TABLE charges ADD COLUMN initiated_by text NOT NULL DEFAULT 'schedule'
  CHECK (initiated_by IN ('schedule', 'customer'));
ALTER TABLE charges DROP CONSTRAINT charges_installment_id_attempt_key;
CREATE UNIQUE INDEX charges_scheduled_attempt_key ON charges (installment_id, attempt)
  WHERE initiated_by = 'schedule';
CREATE INDEX charges_customer_installment_idx ON charges (installment_id)
  WHERE initiated_by = 'customer';
