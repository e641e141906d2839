-- The account a sign-in lands on, its profile and last sign-in brought up to date: the account
-- its identity (issuer and subject) was merged into, if an administrator merged it, else its own,
-- created at its first sign-in. A person number missing from the claims keeps the stored one.
-- $1 iss, $2 sub, $3 email, $4 name, $5 person number.
WITH alias AS (
  SELECT into_user_id FROM user_merges WHERE iss = $1 AND sub = $2
), merged AS (
  UPDATE users SET email = $3, name = $4, person_number = coalesce($5, users.person_number), last_login_at = now()
    FROM alias
   WHERE users.id = alias.into_user_id
  RETURNING users.id
), own AS (
  INSERT INTO users (iss, sub, email, name, person_number, last_login_at)
  SELECT $1, $2, $3, $4, $5, now()
   WHERE NOT EXISTS (SELECT 1 FROM alias)
  ON CONFLICT (iss, sub) DO UPDATE SET email = excluded.email, name = excluded.name,
    person_number = coalesce(excluded.person_number, users.person_number), last_login_at = now()
  RETURNING id
)
SELECT id FROM merged UNION ALL SELECT id FROM own
