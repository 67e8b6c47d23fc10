-- Partial indexes for the worker's Prometheus metrics (src/main/worker-monitoring.ts), read at
-- every scrape: each covers only the rows a metric counts (open installments, dead letters,
-- payouts and refunds in flight), so a scrape costs what is outstanding, not the table's history.
CREATE INDEX installments_open_due_idx ON installments (due_at)
  WHERE status IN ('scheduled', 'processing', 'failed');
CREATE INDEX webhook_events_dead_idx ON webhook_events (created_at) WHERE status = 'dead';
CREATE INDEX payouts_open_idx ON payouts (created_at) WHERE status IN ('pending', 'in_transit');
CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE status = 'pending';
