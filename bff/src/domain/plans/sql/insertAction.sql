INSERT INTO plan_actions (scenario_id, title, owner, due_date, module_type, expected_kg)
VALUES ($1, $2, $3, $4::date, $5, $6)
RETURNING id::int, scenario_id::int, title, owner, to_char(due_date, 'YYYY-MM-DD') AS due_date, module_type, expected_kg
