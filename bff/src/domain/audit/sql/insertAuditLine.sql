-- One audit line, in the caller's transaction. The actor's name and email are copied as they are
-- now ($1 NULL: the system).
INSERT INTO audit_log (actor_id, actor_name, actor_email, action, unit_id, details)
SELECT $1::bigint, u.name, u.email, $2, $3::bigint, $4::jsonb
  FROM (VALUES (1)) AS one (x)
  LEFT JOIN users u ON u.id = $1::bigint
RETURNING id
