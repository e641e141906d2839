-- Replace mode: the earlier CSV rows of this entry type in these modules. Their emissions go
-- with them (foreign key ON DELETE CASCADE).
DELETE FROM data_entries
 WHERE carbon_report_module_id = ANY ($1::bigint[])
   AND data_entry_type = $2
   AND source = 'csv'
