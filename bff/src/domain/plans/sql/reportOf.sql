-- The report of a unit's year, if there is one.
SELECT id::int FROM carbon_reports WHERE unit_id = $1 AND year = $2
