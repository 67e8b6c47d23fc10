-- Partial debits (decision 0045, docs/money-rules.md §4a). A merchant opts in with a floor, a whole
-- percentage of what the installment still owes (null: off). An automatic retry may then take
-- part of an installment: the charge records the at_least it sent and, once it took less, what it
-- asked for (its amount_kobo is what it took, as the ledger and the gateway say); the installment
-- keeps owing the rest in amount_kobo and counts what partial debits took in partially_paid_kobo,
-- so that amount_kobo + refunded_kobo + partially_paid_kobo is still what the schedule set.
ALTER TABLE merchants ADD COLUMN partial_debit_floor_pct integer
  CHECK (partial_debit_floor_pct BETWEEN 10 AND 90);

ALTER TABLE installments ADD COLUMN partially_paid_kobo bigint NOT NULL DEFAULT 0
  CHECK (partially_paid_kobo >= 0);

ALTER TABLE charges ADD COLUMN at_least_kobo bigint CHECK (at_least_kobo > 0);
ALTER TABLE charges ADD COLUMN requested_kobo bigint;
ALTER TABLE charges ADD CONSTRAINT charges_partial_amounts_check CHECK (
  requested_kobo IS NULL
  OR (at_least_kobo IS NOT NULL AND status = 'success'
      AND amount_kobo >= at_least_kobo AND amount_kobo < requested_kobo));
