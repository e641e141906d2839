-- The user a grant or revocation is about, locked until the transaction ends (two
-- administrators changing one user's roles go one after the other), with the role as held now
-- (source, NULL when not held), whether the unit directory lists them as principal of the unit,
-- and the unit's name (NULL for an unknown unit).
SELECT us.id, us.name,
       (SELECT r.source FROM user_roles r
         WHERE r.user_id = us.id AND r.role = $2::user_role AND r.unit_id IS NOT DISTINCT FROM $3::bigint) AS source,
       EXISTS (SELECT 1 FROM directory_principals p
                WHERE $2 = 'principal' AND p.unit_id = $3::bigint AND p.person_number = us.person_number) AS in_directory,
       (SELECT un.name FROM units un WHERE un.id = $3::bigint) AS unit_name
  FROM users us
 WHERE us.id = $1
   FOR UPDATE
