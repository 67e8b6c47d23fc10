-- Customer notifications (docs/decisions/0017): reminders, failed-debit notices, receipts.
-- One outbox row per notification and channel, written in the transaction of its cause (a plan
-- confirmed, a charge settled, a refund); the worker delivers due rows (deliver_notifications).
-- States (src/domain/notification.ts): pending → sent | skipped | failed, through retrying.
CREATE TABLE notification_outbox (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  kind text NOT NULL
    CHECK (kind IN ('payment_reminder', 'payment_failed', 'payment_receipt', 'refund_receipt')),
  channel text NOT NULL CHECK (channel IN ('email', 'in_app')),
  -- What the notification is about: the installment (reminder), the charge reference (receipt,
  -- failed debit) or the refund. With kind and channel it makes each notification once only.
  subject_id text NOT NULL,
  -- The facts it states, fixed at write time (a reminder's are refreshed when it goes out).
  data jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'retrying', 'sent', 'skipped', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When it is next due (or, while a worker holds it, when that worker's lease ends). NULL once
  -- final.
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  -- Why it was skipped, or the last delivery error.
  last_error text,
  UNIQUE (kind, subject_id, channel),
  CHECK ((status IN ('pending', 'retrying')) = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX notification_outbox_due_idx ON notification_outbox (next_attempt_at)
  WHERE status IN ('pending', 'retrying');
CREATE INDEX notification_outbox_customer_idx ON notification_outbox (customer_id, created_at DESC);

-- What each customer wants, per channel and topic. No row: everything on.
CREATE TABLE customer_notification_preferences (
  customer_id text PRIMARY KEY REFERENCES customers (id),
  email_reminders boolean NOT NULL,
  email_receipts boolean NOT NULL,
  email_failed_payments boolean NOT NULL,
  in_app_reminders boolean NOT NULL,
  in_app_receipts boolean NOT NULL,
  in_app_failed_payments boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- In-app notices now come from the outbox too; their kinds are a closed set.
ALTER TABLE customer_notifications
  ADD CONSTRAINT customer_notifications_kind_check CHECK (kind IN (
    'payment_method_revoked', 'payment_reminder', 'payment_failed', 'payment_receipt',
    'refund_receipt'));
