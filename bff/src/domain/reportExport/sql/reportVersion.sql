-- A marker that changes whenever anything a report's exports show may have changed: the
-- transaction ids (xmin) that last wrote the report's row, its unit's row and each of its
-- modules' rows. Every Path 1 write updates its module's and its report's stats rows; every
-- aggregation (Path 2, after any recalculation) rewrites both; a module's status or survey setting
-- is on its row; the unit's name on the unit's. A new write never brings an old xmin back.
SELECT r.unit_id::int AS unit_id,
       r.xmin::text || '.' || u.xmin::text || '.' ||
       coalesce((SELECT string_agg(m.id::text || ':' || m.xmin::text, ',' ORDER BY m.id)
                   FROM carbon_report_modules m WHERE m.carbon_report_id = r.id), '') AS version
  FROM carbon_reports r
  JOIN units u ON u.id = r.unit_id
 WHERE r.id = $1
