-- Up Migration
-- An optional factor set (members' per-FTE estimates) that has no row for a year is empty by design: its entries add nothing (0 kg, meta `not_configured`), they
-- are no entries without a factor (shared/src/modules/notConfigured.ts). Rows stored before had
-- no figure and were counted in `without_factor`, leaving every such report "Incomplete". The
-- members' set is the one optional set (AI services, optional before, are priced per request by
-- the factor library since migration 0021). Running this again changes nothing.
CREATE TEMP TABLE not_configured_modules ON COMMIT DROP AS
WITH changed AS (
  UPDATE data_entry_emissions x
     SET kg_co2eq = 0, meta = (x.meta - 'reason') || '{"not_configured": true}'
    FROM data_entries e
    JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
    JOIN carbon_reports r ON r.id = m.carbon_report_id
   WHERE x.data_entry_id = e.id
     AND x.kg_co2eq IS NULL
     AND e.data_entry_type = 'member'
     AND x.emission_type = e.data_entry_type
     AND NOT EXISTS (SELECT 1 FROM factors f WHERE f.data_entry_type = e.data_entry_type AND f.year = r.year)
  RETURNING m.id AS module_id, m.carbon_report_id AS report_id
)
SELECT DISTINCT module_id, report_id FROM changed;

-- The changed modules' counts from the rows as they now are, in total and for each entry type
-- their stats hold (a type with none left reads 0).
WITH lacking AS (
  SELECT e.carbon_report_module_id AS module_id, e.data_entry_type AS type, count(*) AS n
    FROM data_entries e
   WHERE e.carbon_report_module_id IN (SELECT module_id FROM not_configured_modules)
     AND EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id AND x.kg_co2eq IS NULL)
   GROUP BY 1, 2
)
UPDATE carbon_report_modules m
   SET stats = m.stats || jsonb_build_object(
         'without_factor', coalesce((SELECT sum(l.n) FROM lacking l WHERE l.module_id = m.id), 0),
         'by_type', coalesce(
           (SELECT jsonb_object_agg(b.k, b.v || jsonb_build_object('without_factor', coalesce((SELECT l.n FROM lacking l WHERE l.module_id = m.id AND l.type = b.k), 0)))
              FROM jsonb_each(coalesce(m.stats -> 'by_type', '{}')) AS b(k, v)), '{}'))
 WHERE m.id IN (SELECT module_id FROM not_configured_modules);

-- Their reports: the sum of their modules' counts, in total and per module.
UPDATE carbon_reports r
   SET stats = r.stats || jsonb_build_object(
         'without_factor', coalesce((SELECT sum((m.stats ->> 'without_factor')::numeric) FROM carbon_report_modules m WHERE m.carbon_report_id = r.id), 0),
         'by_module', coalesce(
           (SELECT jsonb_object_agg(b.k, b.v || jsonb_build_object('without_factor', coalesce(
                     (SELECT (m.stats ->> 'without_factor')::numeric FROM carbon_report_modules m WHERE m.carbon_report_id = r.id AND m.module_type = b.k), 0)))
              FROM jsonb_each(coalesce(r.stats -> 'by_module', '{}')) AS b(k, v)), '{}'))
 WHERE r.id IN (SELECT report_id FROM not_configured_modules);

-- Down Migration
-- The rows go back to having no figure; the next aggregation of their modules counts them again.
UPDATE data_entry_emissions
   SET kg_co2eq = NULL, meta = (meta - 'not_configured') || '{"reason": "no factor applies"}'
 WHERE meta ? 'not_configured';
