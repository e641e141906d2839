-- The institution's target set (unit NULL) or a unit's, replaced whole.
INSERT INTO plan_targets (unit_id, baseline_year, points, updated_by)
VALUES ($1, $2, $3::jsonb, $4)
ON CONFLICT ((coalesce(unit_id, 0))) DO UPDATE
   SET baseline_year = excluded.baseline_year, points = excluded.points, updated_by = excluded.updated_by, updated_at = now()
RETURNING unit_id::int, baseline_year, points, updated_at
