-- The settlement account's name as the gateway's account resolve gave it when the account was
-- set (issue 28, docs/decisions/0057): shown to the merchant beside the masked number, so a
-- mistyped NUBAN that belongs to someone else is seen before a payout goes there. Null for
-- accounts set before this column existed, until they are set again.
ALTER TABLE merchants ADD COLUMN settlement_account_name text;
