-- Every entry of a report ($1) with each of its emissions (an entry without any has one row of
-- NULLs), the factor each used and that factor's source: the rows of the report's export.
SELECT m.module_type,
       e.data_entry_type,
       e.id AS entry_id,
       e.source AS entry_source,
       e.data,
       x.emission_type,
       x.scope,
       x.category,
       x.kg_co2eq::float8 AS kg_co2eq,
       x.quantity::float8 AS quantity,
       x.quantity_unit,
       x.factor_id,
       f.source AS factor_source,
       x.meta ->> 'reason' AS reason
  FROM carbon_report_modules m
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
  LEFT JOIN factors f ON f.id = x.factor_id
 WHERE m.carbon_report_id = $1
 ORDER BY m.module_type, e.data_entry_type, e.id, x.emission_type
