-- The next batch of a module's entries of one type after id $3 (keyset), with their row version
-- so that the write below skips an entry changed meanwhile by Path 1 (which then wrote its own
-- emissions).
SELECT e.id, e.data, e.xmin::text AS version
  FROM data_entries e
 WHERE e.carbon_report_module_id = $1
   AND e.data_entry_type = $2
   AND e.id > $3
   AND (NOT $4::boolean OR NOT EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id))
 ORDER BY e.id
 LIMIT $5
