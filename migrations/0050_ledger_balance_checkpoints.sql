-- Account balances that cost the same however long the ledger grows (decision 0070,
-- docs/growth.md). A balance was a sum over every posting the account ever had: the wallet, a
-- payout and a refund each read 2× as many pages at 2× the history. Now each posting records the
-- transaction that wrote it (xid8), and a checkpoint per account holds the balance of all its
-- postings written by transactions that had finished when the checkpoint was taken: those below
-- the taking snapshot's xmin, which can never gain a posting again. A balance is the checkpoint
-- plus the postings at or above its `before_tx`, read through one covering index.
--
-- The volatile default rewrites the table once; earlier postings get this migration's
-- transaction id, so until the first checkpoint every balance is the whole sum, as before.
ALTER TABLE journal_postings ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();

-- The balance read: one account's postings from a transaction on, debits and credits in the index.
CREATE INDEX journal_postings_account_tx_idx ON journal_postings (account, tx)
  INCLUDE (debit_kobo, credit_kobo);
-- Its prefix serves every lookup by account that the old index did.
DROP INDEX journal_postings_account_idx;
-- The checkpoint job's scan: the postings written since its last horizon.
CREATE INDEX journal_postings_tx_idx ON journal_postings (tx);

CREATE TABLE ledger_balance_checkpoints (
  account text PRIMARY KEY,
  -- Every posting of the account with tx < before_tx is in balance_kobo; none at or above it is.
  before_tx xid8 NOT NULL,
  -- Signed, debit-positive, as accountBalances answers.
  balance_kobo bigint NOT NULL,
  taken_at timestamptz NOT NULL
);

-- One row: the horizon of the last run. Runs take it FOR UPDATE, so they never overlap, and each
-- run covers exactly [previous horizon, new horizon): contiguous ranges, nothing counted twice.
CREATE TABLE ledger_checkpoint_horizon (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  before_tx xid8 NOT NULL,
  taken_at timestamptz NOT NULL
);
INSERT INTO ledger_checkpoint_horizon (before_tx, taken_at) VALUES ('0', now());
