-- Every module type in each of those reports (new and existing reports alike).
INSERT INTO carbon_report_modules (carbon_report_id, module_type)
SELECT r.id, m.module_type
  FROM carbon_reports r
  JOIN units u ON u.id = r.unit_id
 CROSS JOIN unnest($3::text[]) AS m(module_type)
 WHERE u.institutional_id = ANY ($1::text[])
   AND u.is_active
   AND r.year = $2
ON CONFLICT (carbon_report_id, module_type) DO NOTHING
RETURNING id
