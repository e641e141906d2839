-- Headcount files: person numbers already in the modules ($1) and staying there. In replace
-- mode ($2) the earlier CSV rows are about to go, so they do not count as duplicates.
SELECT carbon_report_module_id AS module_id, data ->> 'user_institutional_id' AS person_number
  FROM data_entries
 WHERE carbon_report_module_id = ANY ($1::bigint[])
   AND data_entry_type = 'member'
   AND NOT ($2::boolean AND source = 'csv')
