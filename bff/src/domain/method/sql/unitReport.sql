-- A unit ($1) and its report of a year ($2): no row for an unknown unit, a null report id when
-- the unit has no report that year.
SELECT u.id AS unit_id, r.id AS report_id
  FROM units u
  LEFT JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $2
 WHERE u.id = $1
