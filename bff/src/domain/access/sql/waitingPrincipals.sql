-- Principals the unit directory names who have not signed in yet: their role waits for them
-- (trigger users_directory_roles, migration 0004).
SELECT p.person_number, p.unit_id, un.name AS unit_name
  FROM directory_principals p
  JOIN units un ON un.id = p.unit_id
 WHERE NOT EXISTS (SELECT 1 FROM users us WHERE us.person_number = p.person_number)
 ORDER BY un.name, p.person_number
