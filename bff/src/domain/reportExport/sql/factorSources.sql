-- The sources of the factors a report's ($1) figures were computed with, per module: what the
-- printable report's method section cites.
SELECT DISTINCT m.module_type, f.source
  FROM carbon_report_modules m
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  JOIN data_entry_emissions x ON x.data_entry_id = e.id
  JOIN factors f ON f.id = x.factor_id
 WHERE m.carbon_report_id = $1 AND f.source IS NOT NULL AND f.source <> ''
 ORDER BY m.module_type, f.source
