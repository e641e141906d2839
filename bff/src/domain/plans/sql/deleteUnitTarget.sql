-- A unit back on the institution's target.
DELETE FROM plan_targets WHERE unit_id = $1
