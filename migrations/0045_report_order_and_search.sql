-- Search and reports (issue 28 Build 3, docs/decisions/0066).
--
-- The order journal entries were written in. `created_at` comes from the injected clock and ties
-- (a batch of collections shares one instant; ids are random), so it cannot say which movements
-- came before a payout. A settlement report and the wallet export read entries in `seq` order.
-- Existing rows are numbered in table order, which for an append-only table is insertion order.
ALTER TABLE journal_entries ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX journal_entries_merchant_seq_idx ON journal_entries (merchant_id, seq);

-- Finding a buyer's plans by e-mail without reading all of a merchant's plans.
CREATE INDEX payment_plans_merchant_email_idx ON payment_plans (merchant_id, lower(customer_email));
