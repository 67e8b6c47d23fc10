-- The sandbox event stream (`tranche listen`, docs/decisions/0023) reads test events in the order
-- their transactions became visible, not in id or created_at order: an event written by a
-- transaction that commits late would otherwise fall behind a cursor that has moved past it.
-- created_xid is the writing transaction's id. A reader takes only rows whose transaction is older
-- than the oldest one still running (pg_snapshot_xmin), ordered by (created_xid, id): anything
-- committed later has a larger transaction id, so a cursor never skips an event.
-- Added without a default first so existing rows are not rewritten (they stay NULL: history
-- before the stream existed is not streamed); new rows get the id of the transaction inserting them.
ALTER TABLE webhook_events ADD COLUMN created_xid xid8;
ALTER TABLE webhook_events ALTER COLUMN created_xid SET DEFAULT pg_current_xact_id();

-- Test events only: live inserts (the hot path) write no entry in it.
CREATE INDEX webhook_events_test_stream_idx ON webhook_events (merchant_id, created_xid, id)
  WHERE NOT livemode;
