-- What a replace upload would remove: the earlier CSV rows of entry type $3 in the modules of
-- type $2 of the year's ($1) reports, of one unit ($4) or of every unit.
SELECT count(*)::int AS rows
  FROM carbon_reports r
  JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $2
  JOIN data_entries e ON e.carbon_report_module_id = m.id AND e.data_entry_type = $3 AND e.source = 'csv'
 WHERE r.year = $1 AND ($4::bigint IS NULL OR r.unit_id = $4)
