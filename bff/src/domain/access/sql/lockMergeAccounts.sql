-- The two accounts of a merge, locked until the transaction ends, in id order (two merges of the
-- same pair, either way round, wait for each other instead of deadlocking), each with its roles
-- as the audit line words them. $1, $2: the two user ids.
SELECT u.id, u.iss, u.sub, u.name, u.email, u.person_number, u.last_login_at,
       ARRAY(SELECT r.role::text FROM user_roles r WHERE r.user_id = u.id ORDER BY r.role) AS roles
  FROM users u
 WHERE u.id IN ($1, $2)
 ORDER BY u.id
   FOR UPDATE
