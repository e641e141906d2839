-- A report's emissions summed by module, by entry type (with its module), by GHG scope, by
-- reporting category and in total, in one pass over its rows: each grouping set gives its kg,
-- the entries behind it, and those of them with an emission row without a figure (no factor).
-- An entry without emission rows counts as an entry only (its null scope and category groups are
-- left out by the caller).
WITH rows AS (
  SELECT m.module_type, e.data_entry_type, x.scope::text AS scope, x.category, e.id AS entry_id,
         x.id AS emission_id, x.kg_co2eq
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
   WHERE m.carbon_report_id = $1
)
SELECT CASE
         WHEN GROUPING(data_entry_type) = 0 THEN 'type'
         WHEN GROUPING(module_type) = 0 THEN 'module'
         WHEN GROUPING(scope) = 0 THEN 'scope'
         WHEN GROUPING(category) = 0 THEN 'category'
         ELSE 'total'
       END AS dimension,
       coalesce(data_entry_type, module_type, scope, category) AS key,
       module_type,
       coalesce(sum(kg_co2eq), 0)::float8 AS kg_co2eq,
       count(DISTINCT entry_id)::int AS entries,
       (count(DISTINCT entry_id) FILTER (WHERE emission_id IS NOT NULL AND kg_co2eq IS NULL))::int AS without_factor
  FROM rows
 GROUP BY GROUPING SETS ((module_type, data_entry_type), (module_type), (scope), (category), ())
