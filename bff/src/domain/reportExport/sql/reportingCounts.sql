-- Per GHG scope and per reporting category of a report ($1): the entries with an emission of
-- it, and those of them with an emission of it that has no figure (no factor). The report's
-- stats keep only kg per scope and category; these counts complete the summary's lines.
-- One pass over the report's emission rows (kept by the CTE, read by both groupings), grouped
-- per entry first: hash aggregates instead of two joins and two sorts for count(DISTINCT).
WITH x AS MATERIALIZED (
  SELECT x.data_entry_id AS entry, x.scope, x.category, x.kg_co2eq IS NULL AS lacks
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN data_entry_emissions x ON x.data_entry_id = e.id
   WHERE m.carbon_report_id = $1
), per_scope AS (
  SELECT scope, entry, bool_or(lacks) AS lacks FROM x WHERE scope IS NOT NULL GROUP BY scope, entry
), per_category AS (
  SELECT category, entry, bool_or(lacks) AS lacks FROM x WHERE category IS NOT NULL GROUP BY category, entry
)
SELECT 'scope' AS dimension, scope::text AS key, count(*)::int AS entries, count(*) FILTER (WHERE lacks)::int AS without_factor
  FROM per_scope GROUP BY scope
UNION ALL
SELECT 'category', category, count(*)::int, count(*) FILTER (WHERE lacks)::int
  FROM per_category GROUP BY category
