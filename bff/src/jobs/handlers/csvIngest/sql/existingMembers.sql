-- Files of the people's entry type ($3, the headcount's members): person numbers (field $4)
-- already in the modules ($1) and staying there. In replace mode ($2) the earlier CSV rows are
-- about to go, so they do not count as duplicates.
SELECT carbon_report_module_id AS module_id, data ->> $4::text AS person_number
  FROM data_entries
 WHERE carbon_report_module_id = ANY ($1::bigint[])
   AND data_entry_type = $3
   AND NOT ($2::boolean AND source = 'csv')
