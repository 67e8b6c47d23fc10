-- Operators' logins are rows of refresh_token_families like everyone else's (decisions 0034 and
-- 0035): their access tokens carry the family's id as `sid`, so signing out or disabling an
-- operator ends those tokens at once. 0021 allowed customers and merchants only.
ALTER TABLE refresh_token_families DROP CONSTRAINT refresh_token_families_subject_type_check;
ALTER TABLE refresh_token_families ADD CONSTRAINT refresh_token_families_subject_type_check
  CHECK (subject_type IN ('customer', 'merchant', 'operator'));
