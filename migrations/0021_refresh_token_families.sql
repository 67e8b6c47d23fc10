-- A login, as one row (issue 24, docs/decisions/0034): the family of refresh tokens rotated from
-- it, and the access tokens issued with them (their `sid` claim). Sign-out, a password change, a
-- password reset and a replayed refresh token revoke the family; a refresh locks it, so a refresh
-- and a revocation are serialised and neither can miss the other.
CREATE TABLE refresh_token_families (
  id text PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('customer', 'merchant')),
  subject_id text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- "Every live login of this subject", what a password change revokes.
CREATE INDEX refresh_token_families_subject_idx
  ON refresh_token_families (subject_type, subject_id)
  WHERE revoked_at IS NULL;

-- Every family that exists already, revoked when any of its tokens was (tokens were revoked a
-- whole family or a whole subject at a time).
INSERT INTO refresh_token_families (id, subject_type, subject_id, created_at, revoked_at)
SELECT family_id, min(subject_type), min(subject_id), min(created_at), max(revoked_at)
FROM refresh_tokens
GROUP BY family_id;

ALTER TABLE refresh_tokens
  ADD CONSTRAINT refresh_tokens_family_fkey
  FOREIGN KEY (family_id) REFERENCES refresh_token_families (id);

-- The family's revoked_at is the one truth now.
ALTER TABLE refresh_tokens DROP COLUMN revoked_at;
