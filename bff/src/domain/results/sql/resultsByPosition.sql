-- What the members of each position category weigh in a report: their own emission rows and
-- those of the rows linked to them by person number (trips), beside the category's head count and
-- FTE. Members without a category fall under $8. Registry names come as parameters:
-- $2 the entry type listing the people, $3 its person number field, $4 its FTE field, $5 its
-- category field, $6 the entry types linked to a person, $7 the key holding their person number.
WITH people AS (
  SELECT e.id, e.data ->> $3 AS person, coalesce(nullif(e.data ->> $5, ''), $8) AS category,
         coalesce((e.data ->> $4)::numeric, 0) AS fte
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
   WHERE m.carbon_report_id = $1 AND e.data_entry_type = $2
), attributed AS (
  SELECT p.category, p.id AS entry_id, x.id AS emission_id, x.kg_co2eq
    FROM people p
    LEFT JOIN data_entry_emissions x ON x.data_entry_id = p.id
  UNION ALL
  SELECT p.category, e.id, x.id, x.kg_co2eq
    FROM carbon_report_modules m
    JOIN data_entries e ON e.carbon_report_module_id = m.id
    JOIN people p ON p.person = e.data ->> $7
    LEFT JOIN data_entry_emissions x ON x.data_entry_id = e.id
   WHERE m.carbon_report_id = $1 AND e.data_entry_type = ANY ($6::text[])
), sums AS (
  SELECT category, coalesce(sum(kg_co2eq), 0) AS kg, count(DISTINCT entry_id) AS entries,
         count(DISTINCT entry_id) FILTER (WHERE emission_id IS NOT NULL AND kg_co2eq IS NULL) AS without_factor
    FROM attributed
   GROUP BY category
), heads AS (
  SELECT category, count(*) AS head_count, sum(fte) AS fte FROM people GROUP BY category
)
SELECT h.category, h.head_count::int, h.fte::float8, coalesce(s.kg, 0)::float8 AS kg_co2eq,
       coalesce(s.entries, 0)::int AS entries, coalesce(s.without_factor, 0)::int AS without_factor
  FROM heads h
  LEFT JOIN sums s USING (category)
