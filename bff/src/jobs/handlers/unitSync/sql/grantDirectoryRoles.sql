-- Principal roles for the listed principals who already have an account; the others wait in
-- directory_principals until they first sign in (trigger users_directory_roles).
WITH granted AS (
  INSERT INTO user_roles (user_id, role, unit_id, source)
  SELECT us.id, 'principal', p.unit_id, 'directory'
    FROM directory_principals p
    JOIN units u ON u.id = p.unit_id
    JOIN users us ON us.person_number = p.person_number
   WHERE u.institutional_id = ANY ($1::text[])
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*) FROM granted) AS granted,
       (SELECT count(*)
          FROM directory_principals p JOIN units u ON u.id = p.unit_id
         WHERE u.institutional_id = ANY ($1::text[])
           AND NOT EXISTS (SELECT 1 FROM users us WHERE us.person_number = p.person_number)) AS pending
