-- A unit's stored module totals for the years asked for: what the verification sets against the plan.
SELECT r.year, cm.module_type, coalesce((cm.stats ->> 'kg_co2eq')::float8, 0) AS kg_co2eq, r.id::int AS report_id
  FROM carbon_reports r
  JOIN carbon_report_modules cm ON cm.carbon_report_id = r.id
 WHERE r.unit_id = $1 AND r.year = ANY ($2::int[])
