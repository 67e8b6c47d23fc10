-- Credit bureau checks (decision 0047; docs/credit-bureau-protocol.md §5–§7).
--
-- One row per check made. Only the summary a decision needs is kept, never the raw report (no
-- names, address, phone, enquiry or creditor lists). The BVN is not stored here either: it is
-- sent once, at the customer's request, and identified afterwards by customer_identities' digest.
-- The consent the check was made under is part of the row: what the customer agreed to (the text
-- version), when, and from where. A check is valid until expires_at; after it, a new check (with
-- the consent still held) is needed in live mode. Rows older than the retention of decision 0047
-- are deleted by the purge-credit-checks job.
CREATE TABLE credit_checks (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  provider text NOT NULL,
  consent_reference text NOT NULL,
  consent_text_version text NOT NULL,
  consented_at timestamptz NOT NULL,
  consent_ip text,
  consent_withdrawn_at timestamptz,
  checked_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > checked_at),
  outcome text NOT NULL CHECK (outcome IN ('report', 'no_record', 'subject_mismatch')),
  provider_reference text,
  -- The port's CreditReportSummary (amounts in kobo) when outcome = 'report'.
  summary jsonb,
  CHECK ((outcome = 'report') = (summary IS NOT NULL))
);
CREATE INDEX credit_checks_customer_idx ON credit_checks (customer_id, checked_at DESC);
CREATE INDEX credit_checks_checked_at_idx ON credit_checks (checked_at);
