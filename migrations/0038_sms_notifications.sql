-- Reminders and failure notices by SMS to a verified phone (decision 0053, docs/notifications.md).
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_channel_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_channel_check CHECK (channel IN ('email', 'in_app', 'sms'));

-- SMS switches: reminders and failure notices on, receipts off (each text costs the business and
-- interrupts the customer; a receipt asks nothing of them). Rows written before this migration
-- get the same defaults.
ALTER TABLE customer_notification_preferences
  ADD COLUMN sms_reminders boolean NOT NULL DEFAULT true,
  ADD COLUMN sms_receipts boolean NOT NULL DEFAULT false,
  ADD COLUMN sms_failed_payments boolean NOT NULL DEFAULT true;
