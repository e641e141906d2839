SELECT id::int, unit_id::int, name, year, levers, adopted_at, updated_at FROM plan_scenarios WHERE unit_id = $1 ORDER BY name, id
