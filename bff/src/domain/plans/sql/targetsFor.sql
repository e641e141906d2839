-- The institution's target set and those of the units asked for (NULL: every unit's).
SELECT unit_id::int, baseline_year, points, updated_at
  FROM plan_targets
 WHERE unit_id IS NULL OR $1::bigint[] IS NULL OR unit_id = ANY ($1::bigint[])
