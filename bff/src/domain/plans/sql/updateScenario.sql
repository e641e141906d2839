UPDATE plan_scenarios SET name = $3, year = $4, levers = $5::jsonb, updated_at = now()
 WHERE id = $1 AND unit_id = $2
RETURNING id::int, unit_id::int, name, year, levers, adopted_at, updated_at
