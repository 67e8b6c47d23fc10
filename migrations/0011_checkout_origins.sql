-- The web origins allowed to embed a merchant's checkout in the TrancheConnect iframe, sent as
-- CSP frame-ancestors on the checkout page (decision 0013). Empty: not restricted. Entries are
-- normalised origins (scheme://host[:port]) written only through src/domain/checkout-origins.ts.
-- A constant default adds the column without rewriting the table.
ALTER TABLE merchants
  ADD COLUMN allowed_checkout_origins text[] NOT NULL DEFAULT '{}'
    CONSTRAINT merchants_allowed_checkout_origins_max CHECK (cardinality(allowed_checkout_origins) <= 20);
