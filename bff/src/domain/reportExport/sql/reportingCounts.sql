-- Per GHG scope and per reporting category of a report ($1): the entries with an emission of
-- it, and those of them with an emission of it that has no figure (no factor). The report's
-- stats keep only kg per scope and category; these counts complete the summary's lines.
SELECT 'scope' AS dimension,
       x.scope::text AS key,
       count(DISTINCT e.id)::int AS entries,
       count(DISTINCT e.id) FILTER (WHERE x.kg_co2eq IS NULL)::int AS without_factor
  FROM carbon_report_modules m
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  JOIN data_entry_emissions x ON x.data_entry_id = e.id
 WHERE m.carbon_report_id = $1 AND x.scope IS NOT NULL
 GROUP BY x.scope
UNION ALL
SELECT 'category',
       x.category,
       count(DISTINCT e.id)::int,
       count(DISTINCT e.id) FILTER (WHERE x.kg_co2eq IS NULL)::int
  FROM carbon_report_modules m
  JOIN data_entries e ON e.carbon_report_module_id = m.id
  JOIN data_entry_emissions x ON x.data_entry_id = e.id
 WHERE m.carbon_report_id = $1 AND x.category IS NOT NULL
 GROUP BY x.category
