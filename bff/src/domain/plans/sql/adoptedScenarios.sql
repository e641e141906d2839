-- Every unit's adopted plan (units NULL: every unit).
SELECT id::int, unit_id::int, name, year, levers, adopted_at, updated_at, planned_delta_kg, computed_at
  FROM plan_scenarios
 WHERE adopted_at IS NOT NULL AND ($1::bigint[] IS NULL OR unit_id = ANY ($1::bigint[]))
