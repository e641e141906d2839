SELECT id::int, scenario_id::int, title, owner, to_char(due_date, 'YYYY-MM-DD') AS due_date, module_type, expected_kg
  FROM plan_actions WHERE scenario_id = $1 ORDER BY due_date, id
