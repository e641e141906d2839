-- The merged account removed, its identity kept in user_merges so that a sign-in with it lands on
-- the account it went into, and that account given the person number the merged one had when it
-- has none (the caller has refused two different ones). Its sessions end (their rows' deletion is
-- announced to every instance, migration 0006). $1: merged account; $2: the one it goes into.
WITH alias AS (
  INSERT INTO user_merges (merged_user_id, iss, sub, into_user_id)
  SELECT id, iss, sub, $2::bigint FROM users WHERE id = $1::bigint
), sessions AS (
  DELETE FROM session WHERE sess ->> 'userId' = ($1::bigint)::text
), gone AS (
  DELETE FROM users WHERE id = $1 RETURNING person_number
)
UPDATE users SET person_number = gone.person_number
  FROM gone
 WHERE users.id = $2 AND users.person_number IS NULL AND gone.person_number IS NOT NULL
