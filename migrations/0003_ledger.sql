-- The ledger: an append-only double-entry journal (brief §5, reliability.md).
-- Each journal entry records one money movement, identified by (kind, reference): the same
-- movement can never be booked twice. Its postings must balance (debits = credits, per currency),
-- which the database checks at commit; nothing in either table can be updated or deleted.
-- Corrections are new entries that reverse old ones.

CREATE TABLE journal_entries (
  id text PRIMARY KEY,
  kind text NOT NULL,
  reference text NOT NULL,
  currency text NOT NULL CHECK (currency = 'NGN'),
  merchant_id text REFERENCES merchants (id),
  reverses_entry_id text REFERENCES journal_entries (id),
  created_at timestamptz NOT NULL,
  UNIQUE (kind, reference)
);
CREATE INDEX journal_entries_merchant_idx ON journal_entries (merchant_id, created_at);

CREATE TABLE journal_postings (
  entry_id text NOT NULL REFERENCES journal_entries (id),
  line smallint NOT NULL,
  account text NOT NULL,
  debit_kobo bigint NOT NULL CHECK (debit_kobo >= 0),
  credit_kobo bigint NOT NULL CHECK (credit_kobo >= 0),
  PRIMARY KEY (entry_id, line),
  CHECK ((debit_kobo > 0) <> (credit_kobo > 0))
);
CREATE INDEX journal_postings_account_idx ON journal_postings (account);

-- Balanced and complete, checked once per inserted row at commit (deferred), so an entry and its
-- postings can be inserted in any order inside one transaction. NEW.entry_id exists only on
-- postings and NEW.id only on entries; to_jsonb lets one function serve both.
CREATE FUNCTION ledger_assert_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry text := COALESCE(to_jsonb(NEW) ->> 'entry_id', to_jsonb(NEW) ->> 'id');
  lines integer;
  debits numeric;
  credits numeric;
BEGIN
  SELECT count(*), COALESCE(sum(debit_kobo), 0), COALESCE(sum(credit_kobo), 0)
    INTO lines, debits, credits
    FROM journal_postings WHERE entry_id = entry;
  IF lines < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); at least 2 are required', entry, lines
      USING ERRCODE = 'check_violation';
  END IF;
  IF debits <> credits THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: debits % <> credits %', entry, debits, credits
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER journal_entries_balanced
  AFTER INSERT ON journal_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_assert_entry_balanced();
CREATE CONSTRAINT TRIGGER journal_postings_balanced
  AFTER INSERT ON journal_postings DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_assert_entry_balanced();

CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused; book a reversing entry instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_postings_append_only BEFORE UPDATE OR DELETE ON journal_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_postings_no_truncate BEFORE TRUNCATE ON journal_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
