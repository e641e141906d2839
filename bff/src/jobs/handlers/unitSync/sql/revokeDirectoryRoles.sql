-- Principal roles that came from the directory and that it no longer gives, on its units.
-- Roles granted by hand (source 'manual') are never touched.
DELETE FROM user_roles r
 USING units u
 WHERE r.unit_id = u.id
   AND u.institutional_id = ANY ($1::text[])
   AND r.source = 'directory'
   AND r.role = 'principal'
   AND NOT EXISTS (SELECT 1 FROM directory_principals p JOIN users us ON us.person_number = p.person_number
                    WHERE p.unit_id = r.unit_id AND us.id = r.user_id)
RETURNING r.user_id
