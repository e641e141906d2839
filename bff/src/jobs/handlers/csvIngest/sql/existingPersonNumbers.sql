-- Files of an entry type ($3) that holds a person number (field $4) at most once per module: the
-- headcount's members, a survey's responses. The person numbers already in the modules ($1) and
-- staying there; rows naming nobody (anonymous responses) have none. In replace mode ($2) the
-- earlier CSV rows are about to go, so they do not count as duplicates.
SELECT carbon_report_module_id AS module_id, data ->> $4::text AS person_number
  FROM data_entries
 WHERE carbon_report_module_id = ANY ($1::bigint[])
   AND data_entry_type = $3
   AND data ? $4::text
   AND NOT ($2::boolean AND source = 'csv')
