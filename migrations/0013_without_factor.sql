-- Up Migration
-- No silent zeros. An emission without a factor has no figure (kg_co2eq null, the reason in
-- meta), and module and report stats count the entries that have such a row (`without_factor`,
-- bff/src/domain/stats.ts), so that a total lacking them is never read as complete.

-- Emissions computed before as a sum over the year's factors when there was none (the members'
-- per-FTE factors: their meta lists the factors summed, here none) were stored as 0 kg: they have
-- no figure. Running this again changes nothing.
UPDATE data_entry_emissions
   SET kg_co2eq = NULL, meta = meta || '{"reason": "no factor applies"}'
 WHERE kg_co2eq = 0 AND meta -> 'factors' = '[]'::jsonb;

-- The count per module, in total and for each entry type that has such entries (the others read
-- as 0), from the rows as they are; Path 1 adds its differences to it from now on.
WITH lacking AS (
  SELECT e.carbon_report_module_id AS module_id, e.data_entry_type AS type, count(*) AS n
    FROM data_entries e
   WHERE EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id AND x.kg_co2eq IS NULL)
   GROUP BY 1, 2
)
UPDATE carbon_report_modules m
   SET stats = m.stats || jsonb_build_object(
         'without_factor', coalesce((SELECT sum(l.n) FROM lacking l WHERE l.module_id = m.id), 0),
         'by_type', coalesce(m.stats -> 'by_type', '{}') || coalesce(
           (SELECT jsonb_object_agg(l.type, coalesce(m.stats #> array['by_type', l.type], '{}') || jsonb_build_object('without_factor', l.n))
              FROM lacking l WHERE l.module_id = m.id), '{}'));

-- Each report: the sum of its modules' counts, in total and per module.
UPDATE carbon_reports r
   SET stats = r.stats || jsonb_build_object(
         'without_factor', coalesce((SELECT sum((m.stats ->> 'without_factor')::numeric) FROM carbon_report_modules m WHERE m.carbon_report_id = r.id), 0),
         'by_module', coalesce(r.stats -> 'by_module', '{}') || coalesce(
           (SELECT jsonb_object_agg(m.module_type, coalesce(r.stats #> array['by_module', m.module_type], '{}') || jsonb_build_object('without_factor', (m.stats ->> 'without_factor')::numeric))
              FROM carbon_report_modules m WHERE m.carbon_report_id = r.id AND (m.stats ->> 'without_factor')::numeric > 0), '{}'));

-- Down Migration
UPDATE carbon_reports r
   SET stats = (r.stats - 'without_factor') || jsonb_build_object('by_module', coalesce(
         (SELECT jsonb_object_agg(k, v - 'without_factor') FROM jsonb_each(r.stats -> 'by_module') AS b(k, v)), '{}'))
 WHERE r.stats ? 'without_factor';
UPDATE carbon_report_modules m
   SET stats = (m.stats - 'without_factor') || jsonb_build_object('by_type', coalesce(
         (SELECT jsonb_object_agg(k, v - 'without_factor') FROM jsonb_each(m.stats -> 'by_type') AS b(k, v)), '{}'))
 WHERE m.stats ? 'without_factor';
UPDATE data_entry_emissions
   SET kg_co2eq = 0, meta = meta - 'reason'
 WHERE kg_co2eq IS NULL AND meta -> 'factors' = '[]'::jsonb;
