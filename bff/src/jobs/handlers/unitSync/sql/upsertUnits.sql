-- Units of the directory, created or renamed/(de)activated in place (ids survive).
INSERT INTO units (institutional_id, name, is_active)
SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[])
ON CONFLICT (institutional_id) DO UPDATE
   SET name = excluded.name,
       is_active = excluded.is_active,
       updated_at = CASE WHEN (units.name, units.is_active) IS DISTINCT FROM (excluded.name, excluded.is_active)
                         THEN now() ELSE units.updated_at END
RETURNING id, institutional_id, (xmax = 0) AS created
