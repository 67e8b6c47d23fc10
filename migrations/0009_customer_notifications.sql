-- Notices for customers about their own money (a revoked card or mandate behind a plan, …),
-- written in the transaction of the change; the customer dashboard and API list them.
CREATE TABLE customer_notifications (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  kind text NOT NULL,
  message text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX customer_notifications_customer_idx
  ON customer_notifications (customer_id, created_at DESC, id DESC);
