-- The modules a job's scope covers: module type $1, year $2, one unit $3 (or every unit), and
-- optionally only the modules listed in $4.
SELECT m.id, r.unit_id
  FROM carbon_report_modules m
  JOIN carbon_reports r ON r.id = m.carbon_report_id
 WHERE m.module_type = $1
   AND r.year = $2
   AND ($3::bigint IS NULL OR r.unit_id = $3)
   AND ($4::bigint[] IS NULL OR m.id = ANY ($4::bigint[]))
 ORDER BY m.id
