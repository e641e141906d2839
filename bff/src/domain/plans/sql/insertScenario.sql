INSERT INTO plan_scenarios (unit_id, name, year, levers, created_by)
VALUES ($1, $2, $3, $4::jsonb, $5)
ON CONFLICT (unit_id, name) DO NOTHING
RETURNING id::int, unit_id::int, name, year, levers, adopted_at, updated_at
