-- One plan per unit: adopting a scenario sets the others back to scenarios.
UPDATE plan_scenarios SET adopted_at = CASE WHEN id = $1 THEN now() ELSE NULL END
 WHERE unit_id = $2 AND (id = $1 OR adopted_at IS NOT NULL)
RETURNING id::int, adopted_at
