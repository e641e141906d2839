SELECT id::int, unit_id::int, name, year, levers, adopted_at, updated_at FROM plan_scenarios WHERE id = $1
