-- How many entries the recalculation will compute (for progress): modules $1, entry type $2,
-- only those without emissions when $3.
SELECT count(*)::int AS n
  FROM data_entries e
 WHERE e.carbon_report_module_id = ANY ($1::bigint[])
   AND e.data_entry_type = $2
   AND (NOT $3::boolean OR NOT EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id))
