UPDATE plan_scenarios SET planned_delta_kg = $2, computed_at = now() WHERE id = $1
