-- Principals the directory no longer lists for its units ($1); $2/$3 are the listed pairs.
DELETE FROM directory_principals d
 USING units u
 WHERE d.unit_id = u.id
   AND u.institutional_id = ANY ($1::text[])
   AND NOT EXISTS (SELECT 1 FROM unnest($2::text[], $3::bigint[]) AS l(unit, person)
                    WHERE l.unit = u.institutional_id AND l.person = d.person_number)
