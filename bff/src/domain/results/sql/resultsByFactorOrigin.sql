-- A report's emissions by module and by where the factors behind them come from: the factor
-- library only (`library`), an operator's too — uploaded or carried over (`operator`) — or no
-- figure at all (`none`). A row read from several factors (a purchase's ratio, rate and price
-- index; a blend's components) names them all in its meta, under `id` or `factor_id`.
WITH rows AS (
  SELECT m.module_type, e.id AS entry_id, x.kg_co2eq, x.factor_id, x.meta
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN data_entry_emissions x ON x.data_entry_id = e.id
   WHERE m.carbon_report_id = $1
), classified AS (
  SELECT r.module_type, r.entry_id, r.kg_co2eq,
         CASE WHEN r.kg_co2eq IS NULL THEN 'none'
              WHEN EXISTS (SELECT 1 FROM factors f
                            WHERE f.origin <> 'library'
                              AND (f.id = r.factor_id
                                   OR f.id IN (SELECT v::text::bigint FROM jsonb_path_query(r.meta, 'lax $.**.id ? (@.type() == "number")') AS v
                                               UNION ALL
                                               SELECT v::text::bigint FROM jsonb_path_query(r.meta, 'lax $.**.factor_id ? (@.type() == "number")') AS v)))
              THEN 'operator'
              ELSE 'library' END AS origin
    FROM rows r
)
SELECT module_type, origin, coalesce(sum(kg_co2eq), 0)::float8 AS kg_co2eq, count(DISTINCT entry_id)::int AS entries
  FROM classified
 GROUP BY module_type, origin
 ORDER BY module_type, origin
