-- The dispatcher's claim finds the merchants with waiting events by a loose scan of this index and
-- each one's oldest due events by one probe more, so a claim costs the same with 20 or 20,000
-- events waiting (the ranking of every due row it replaces took ~230 ms at 20,000; bench/webhooks).
-- It also serves every lookup of due events the old index did, which is dropped.
CREATE INDEX webhook_events_claim_idx ON webhook_events (merchant_id, next_attempt_at, id)
  WHERE status IN ('pending', 'retrying');
DROP INDEX webhook_events_due_idx;
