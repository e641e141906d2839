-- What changes whenever a unit's entries of a year, or their figures, may have: the transaction
-- ids (xmin) that last wrote the report's row and each of its modules' rows. Every Path 1 write
-- updates its module's and its report's stats; every aggregation (Path 2, after any
-- recalculation) rewrites both. A new write never brings an old xmin back.
SELECT r.xmin::text || '.' ||
       coalesce((SELECT string_agg(m.id::text || ':' || m.xmin::text, ',' ORDER BY m.id)
                   FROM carbon_report_modules m WHERE m.carbon_report_id = r.id), '') AS version
  FROM carbon_reports r
 WHERE r.unit_id = $1 AND r.year = $2
