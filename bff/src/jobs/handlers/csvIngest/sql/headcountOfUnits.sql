-- Travel files: the headcount members of the units ($2) for the year ($1), read once per file
-- so that every row's traveler is linked without a query of its own.
SELECT r.unit_id, e.data ->> 'user_institutional_id' AS person_number, coalesce(e.data ->> 'name', '') AS name
  FROM carbon_reports r
  JOIN carbon_report_modules hm ON hm.carbon_report_id = r.id AND hm.module_type = 'headcount'
  JOIN data_entries e ON e.carbon_report_module_id = hm.id AND e.data_entry_type = 'member'
 WHERE r.year = $1
   AND r.unit_id = ANY ($2::bigint[])
   AND e.data ? 'user_institutional_id'
