-- A unit's entries of one year that some lever reads, one element per emission (entries without
-- one too): [id, type, data, module, kg, quantity, unit, factor id, location ids]. One JSON
-- document rather than 20,000 rows: the driver parses one text instead of a row object per line,
-- which was most of the read's time (docs/performance.md, "Plans").
SELECT coalesce(json_agg(json_build_array(e.id, e.data_entry_type, e.data, m.module_type, x.kg_co2eq, x.quantity, x.quantity_unit, x.factor_id, x.meta -> 'location_ids')), '[]')::text AS rows
  FROM carbon_reports r
  JOIN carbon_report_modules m ON m.carbon_report_id = r.id
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
 WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = ANY ($3::text[])
