-- Session creation is the API's hottest write; measured with bench/sessions (docs/decisions/0008).
--
-- Foreign keys to merchants made every insert lock the merchant row (FOR KEY SHARE); with many
-- concurrent inserts for one merchant PostgreSQL turns those shared locks into MultiXacts, which
-- is the costliest part of the statement. Merchants are never deleted (they are deactivated), so
-- a trigger refusing DELETE on merchants keeps the guarantee the foreign keys gave.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_merchant_id_fkey;
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_merchant_id_fkey;

CREATE FUNCTION merchants_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'merchants are never deleted; deactivate the merchant instead'
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER merchants_no_delete BEFORE DELETE ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchants_refuse_delete();
CREATE TRIGGER merchants_no_truncate BEFORE TRUNCATE ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION merchants_refuse_delete();

-- Time columns written in (nearly) increasing order and only scanned by range in background jobs
-- (expiry each minute, idempotency purge each hour): BRIN indexes cost almost nothing to maintain.
DROP INDEX idempotency_keys_created_idx;
CREATE INDEX idempotency_keys_created_brin ON idempotency_keys USING brin (created_at);
DROP INDEX checkout_sessions_pending_expiry_idx;
CREATE INDEX checkout_sessions_expires_brin ON checkout_sessions USING brin (expires_at);
