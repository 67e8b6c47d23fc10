-- What an order is and who bought it (issue 28 fixes 2 and 3, issue 27 fix 9; decisions 0051
-- and 0052).
--
-- A session carries the merchant's metadata (string keys to string values, limits in decision
-- 0051), optional line items (name, quantity, unit amount in kobo; they sum to the amount) and,
-- for a payment link's session, what the buyer answered on the link's page. Confirming a plan
-- copies them onto the plan with the session's title and the buyer's name, e-mail and phone as
-- they were at the checkout: an order's details are a record of the sale, not a live view of an
-- account (decision 0052). The buyer's contact is personal data: it is shown only to the merchant
-- whose plan it is and to the buyer.
ALTER TABLE checkout_sessions
  ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN line_items jsonb,
  ADD COLUMN customer_fields jsonb;

ALTER TABLE payment_plans
  ADD COLUMN title text,
  ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN line_items jsonb,
  ADD COLUMN customer_fields jsonb,
  ADD COLUMN customer_name text,
  ADD COLUMN customer_email text,
  ADD COLUMN customer_phone text;

-- Plans made before this migration: the title of their session and the buyer's contact as it is
-- now (the closest to the sale that is left).
UPDATE payment_plans p SET title = s.title
FROM checkout_sessions s WHERE s.id = p.checkout_session_id;
UPDATE payment_plans p
SET customer_name = trim(c.first_name || ' ' || c.last_name),
    customer_email = c.email,
    customer_phone = c.phone
FROM customers c WHERE c.id = p.customer_id;
ALTER TABLE payment_plans ALTER COLUMN title SET NOT NULL;

-- The questions a payment link asks before its checkout (decision 0052): an array of
-- { key, label, type, required }; empty asks nothing.
ALTER TABLE payment_links ADD COLUMN customer_fields jsonb NOT NULL DEFAULT '[]'::jsonb;
