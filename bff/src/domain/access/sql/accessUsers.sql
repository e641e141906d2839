-- Users with their issuer, last sign-in, the other accounts of the same person (same person
-- number, or same email in any case: one person under two issuers), and every role they hold,
-- its unit, its source, and whether the unit directory lists them as principal of that unit.
-- $1: one user (NULL: all); $2: a pattern on name, email or person number (NULL: any); $3: at
-- most this many users.
SELECT u.id, u.iss, u.name, u.email, u.person_number, u.last_login_at,
       (SELECT coalesce(json_agg(o.id ORDER BY o.id), '[]')
          FROM users o
         WHERE o.id <> u.id
           AND (o.person_number = u.person_number OR lower(o.email) = lower(u.email))) AS same_person,
       coalesce(json_agg(json_build_object(
                  'role', r.role, 'unit_id', r.unit_id, 'unit_name', un.name, 'source', r.source,
                  'in_directory', EXISTS (SELECT 1 FROM directory_principals p
                                           WHERE r.role = 'principal' AND p.unit_id = r.unit_id
                                             AND p.person_number = u.person_number))
                ORDER BY r.role, un.name) FILTER (WHERE r.id IS NOT NULL), '[]') AS roles
  FROM users u
  LEFT JOIN user_roles r ON r.user_id = u.id
  LEFT JOIN units un ON un.id = r.unit_id
 WHERE ($1::bigint IS NULL OR u.id = $1)
   AND ($2::text IS NULL OR u.name ILIKE $2 OR u.email ILIKE $2 OR u.person_number::text ILIKE $2)
 GROUP BY u.id
 ORDER BY u.name NULLS LAST, u.id
 LIMIT $3
