-- Merchant e-mails (decision 0067): account approved or deactivated, payout paid, failed or
-- reversed, webhooks failing for an hour (and recovered), a dispute opened. They go through the
-- customers' notification outbox (migration 0013) and its delivery job: a row belongs to a
-- customer or to a merchant, never both.
ALTER TABLE notification_outbox ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE notification_outbox ADD COLUMN merchant_id text REFERENCES merchants (id);
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_one_recipient CHECK (num_nonnulls(customer_id, merchant_id) = 1);
-- Merchant rows are e-mail only.
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_merchant_email CHECK (merchant_id IS NULL OR channel = 'email');
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN (
    'payment_reminder', 'payment_failed', 'payment_receipt', 'refund_receipt',
    'merchant_approved', 'merchant_deactivated', 'payout_paid', 'payout_failed',
    'payout_reversed', 'webhooks_failing', 'webhooks_recovered', 'dispute_opened'));
-- The delivery job claims each audience's rows separately.
CREATE INDEX notification_outbox_merchant_due_idx ON notification_outbox (next_attempt_at)
  WHERE status IN ('pending', 'retrying') AND merchant_id IS NOT NULL;

-- Which e-mails a merchant wants, and where. No row: all of them, to the account e-mail.
CREATE TABLE merchant_notification_preferences (
  merchant_id text PRIMARY KEY REFERENCES merchants (id),
  -- NULL: the account e-mail (merchants.email), as it is when the e-mail is sent.
  email text,
  account boolean NOT NULL,
  payouts boolean NOT NULL,
  webhooks boolean NOT NULL,
  disputes boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One row per stretch of time a webhook endpoint (merchant and mode) failed every delivery for
-- an hour or more: opened once (one e-mail), closed by the next delivered attempt (one recovery
-- e-mail). At most one open per endpoint, so an endpoint still failing is never e-mailed again.
CREATE TABLE webhook_incidents (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants (id),
  livemode boolean NOT NULL,
  -- The first failed attempt after the last delivered one.
  failing_since timestamptz NOT NULL,
  opened_at timestamptz NOT NULL,
  -- The delivered attempt that ended it.
  recovered_at timestamptz,
  CHECK (recovered_at IS NULL OR recovered_at >= failing_since)
);
CREATE UNIQUE INDEX webhook_incidents_open_idx ON webhook_incidents (merchant_id, livemode)
  WHERE recovered_at IS NULL;
-- The check looks for endpoints with a recent failed attempt: attempts by time.
CREATE INDEX webhook_attempts_time_idx ON webhook_attempts (attempted_at);
