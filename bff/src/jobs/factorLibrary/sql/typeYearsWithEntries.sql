-- Of these entry types ($1) and years ($2), the pairs for which some unit has entries: the ones a
-- changed factor leaves with stale emissions (the others have nothing to recalculate).
SELECT t.type AS data_entry_type, y.year
  FROM unnest($1::text[]) AS t(type)
 CROSS JOIN unnest($2::int[]) AS y(year)
 WHERE EXISTS (SELECT 1
                 FROM carbon_reports r
                 JOIN carbon_report_modules m ON m.carbon_report_id = r.id
                 JOIN data_entries e ON e.carbon_report_module_id = m.id AND e.data_entry_type = t.type
                WHERE r.year = y.year)
 ORDER BY y.year, t.type
