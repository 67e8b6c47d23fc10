-- The sandbox event stream (`tranche listen`, docs/decisions/0023) must not skip an event whose
-- transaction commits after a later one, which ordering by id or created_at would. created_xid is
-- the writing transaction's id: a stream keeps a low-water mark (the oldest transaction running
-- when it last read; every event of an older one is visible by then) and re-reads the events at
-- or above it, so a late commit is still found.
-- Added without a default first so existing rows are not rewritten (they stay NULL: history
-- before the stream existed is not streamed); new rows get the id of the transaction inserting them.
ALTER TABLE webhook_events ADD COLUMN created_xid xid8;
ALTER TABLE webhook_events ALTER COLUMN created_xid SET DEFAULT pg_current_xact_id();

-- Test events only: live inserts (the hot path) write no entry in it.
CREATE INDEX webhook_events_test_stream_idx ON webhook_events (merchant_id, created_xid, id)
  WHERE NOT livemode;
