-- Merchant webhooks: an outbox of events written in the transaction that causes them, delivered by
-- the worker's dispatcher, with every attempt logged (docs/webhooks.md, docs/decisions/0009).
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  merchant_id text NOT NULL,
  livemode boolean NOT NULL,
  type text NOT NULL,
  -- The exact bytes that are signed and sent, fixed when the event is written: every delivery
  -- and every re-send carries the same id and the same body.
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  -- pending: not attempted yet; retrying: failed at least once, next attempt scheduled;
  -- delivered: a 2xx was received; dead: retries exhausted (dead letter), re-send by hand.
  status text NOT NULL CHECK (status IN ('pending', 'retrying', 'delivered', 'dead')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When the dispatcher may next take it. A claim pushes it forward by a lease, so an event whose
  -- dispatcher died mid-delivery is taken again once the lease runs out (at least once delivery).
  next_attempt_at timestamptz,
  -- Retries continue until this instant (72 h after the event or after a manual re-send).
  retry_until timestamptz NOT NULL,
  delivered_at timestamptz,
  last_status_code integer,
  last_error text,
  CHECK ((status IN ('pending', 'retrying')) = (next_attempt_at IS NOT NULL))
);
CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at)
  WHERE status IN ('pending', 'retrying');
CREATE INDEX webhook_events_merchant_idx ON webhook_events (merchant_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id text NOT NULL REFERENCES webhook_events (id),
  attempted_at timestamptz NOT NULL,
  url text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  status_code integer,
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  error text
);
CREATE INDEX webhook_attempts_event_idx ON webhook_attempts (event_id, attempted_at);

-- A 410 Gone from the endpoint disables it (with the reason shown to the merchant) until the
-- merchant sets its webhook URL again.
ALTER TABLE merchants
  ADD COLUMN webhook_disabled_at timestamptz,
  ADD COLUMN webhook_disabled_reason text;

-- goods.release is sent once per plan, when the merchant's rule is first met.
ALTER TABLE payment_plans ADD COLUMN goods_released_at timestamptz;
