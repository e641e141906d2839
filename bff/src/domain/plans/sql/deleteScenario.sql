DELETE FROM plan_scenarios WHERE id = $1 RETURNING id
