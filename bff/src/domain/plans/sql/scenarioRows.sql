-- A unit's entries of one year that some lever reads, one line per emission (entries without
-- one too), in entry order: what a scenario recomputes.
SELECT e.id::int AS id, e.data_entry_type AS type, e.data, m.module_type,
       x.kg_co2eq::float8 AS kg, x.quantity::float8 AS quantity, x.quantity_unit, x.factor_id::int AS factor_id,
       x.meta -> 'location_ids' AS location_ids
  FROM carbon_reports r
  JOIN carbon_report_modules m ON m.carbon_report_id = r.id
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
 WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = ANY ($3::text[])
 ORDER BY e.id
