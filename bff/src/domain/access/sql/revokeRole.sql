-- A role revoked here (the caller has checked that the unit directory does not give it).
DELETE FROM user_roles
 WHERE user_id = $1 AND role = $2::user_role AND unit_id IS NOT DISTINCT FROM $3::bigint
RETURNING source
