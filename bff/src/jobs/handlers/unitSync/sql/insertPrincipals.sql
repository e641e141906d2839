-- Principals listed by the directory, by person number (whether or not they have signed in).
INSERT INTO directory_principals (unit_id, person_number)
SELECT u.id, l.person
  FROM unnest($1::text[], $2::bigint[]) AS l(unit, person)
  JOIN units u ON u.institutional_id = l.unit
ON CONFLICT (unit_id, person_number) DO UPDATE SET synced_at = now()
