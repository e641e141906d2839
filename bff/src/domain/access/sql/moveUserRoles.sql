-- The merged account's roles, given to the account it goes into, and named for the audit line. A
-- role both hold stays one row, granted here ('manual') if either's was: what an administrator
-- granted is never turned into the directory's, which a unit sync may revoke. The merged
-- account's own rows go with it (ON DELETE CASCADE). $1: merged account; $2: the one it goes into.
WITH moved AS (
  SELECT r.role, r.unit_id, r.source, un.name AS unit_name
    FROM user_roles r LEFT JOIN units un ON un.id = r.unit_id
   WHERE r.user_id = $1::bigint
), given AS (
  INSERT INTO user_roles (user_id, role, unit_id, source)
  SELECT $2::bigint, role, unit_id, source FROM moved
  ON CONFLICT (user_id, role, unit_id) DO UPDATE SET source = 'manual'
   WHERE excluded.source = 'manual' AND user_roles.source <> 'manual'
)
SELECT role::text, unit_name, source FROM moved ORDER BY role, unit_name
