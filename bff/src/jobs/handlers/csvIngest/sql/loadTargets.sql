-- The modules a file may write to: the module of one unit ($3), or of every unit (a file with a
-- unit column), for the year ($1) and module type ($2), with the report each belongs to and
-- whether it takes anonymous responses (a survey module's setting).
SELECT u.id AS unit_id, u.institutional_id, m.id AS module_id, r.id AS report_id, m.anonymous_responses
  FROM units u
  JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $1
  JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $2
 WHERE $3::bigint IS NULL OR u.id = $3
