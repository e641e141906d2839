-- The sources of the factors a report's ($1) figures were computed with, per module: what the
-- printable report's method section cites. The distinct factors first (a few dozen), then their
-- sources: the factors table is read once per factor, not once per emission row.
WITH used AS (
  SELECT DISTINCT m.module_type, x.factor_id
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN data_entry_emissions x ON x.data_entry_id = e.id
   WHERE m.carbon_report_id = $1 AND x.factor_id IS NOT NULL
)
SELECT DISTINCT u.module_type, f.source
  FROM used u
  JOIN factors f ON f.id = u.factor_id
 WHERE f.source IS NOT NULL AND f.source <> ''
 ORDER BY u.module_type, f.source
