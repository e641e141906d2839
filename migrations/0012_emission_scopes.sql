-- Up Migration
-- Every emission carries its GHG Protocol scope (1 direct, 2 purchased energy, 3 every other
-- indirect emission) and its reporting category. Both are declared in the registry for each
-- emission type a formula can produce (shared/src/modules/reporting.ts and each entry type's
-- `emissionTypes`) and written with the emission by Path 1 and by emission_recalc, so a new
-- emission type never needs a migration.
ALTER TABLE data_entry_emissions
  ADD COLUMN scope smallint CHECK (scope BETWEEN 1 AND 3),
  ADD COLUMN category text CHECK (category ~ '^[a-z][a-z0-9_]*$'),
  -- A quantity in a unit its factor row cannot convert is unknown, not zero
  -- (shared/src/formulas/units.ts).
  ALTER COLUMN quantity DROP NOT NULL;

-- The rows written before: the emission types of that time, mapped as the registry maps them
-- (trips: business travel; members' per-FTE factors: their own scope 3 line). Filled here rather
-- than by the next recalculation, so that the columns can be required at once and the stats
-- below are whole from the start.
UPDATE data_entry_emissions SET scope = 3, category = 'business_travel' WHERE emission_type IN ('plane', 'train');
UPDATE data_entry_emissions SET scope = 3, category = 'per_fte_estimates' WHERE emission_type = 'member';

ALTER TABLE data_entry_emissions
  ALTER COLUMN scope SET NOT NULL,
  ALTER COLUMN category SET NOT NULL;

-- Module and report stats gain their sums per scope and per category (bff/src/domain/stats.ts),
-- from the same rows; Path 1 adds its differences to them from now on.
UPDATE carbon_report_modules m
   SET stats = m.stats || jsonb_build_object(
         'by_scope', (SELECT coalesce(jsonb_object_agg(s.scope::text, s.kg), '{}')
                        FROM (SELECT x.scope, coalesce(sum(x.kg_co2eq), 0) AS kg
                                FROM data_entries e JOIN data_entry_emissions x ON x.data_entry_id = e.id
                               WHERE e.carbon_report_module_id = m.id GROUP BY x.scope) s),
         'by_category', (SELECT coalesce(jsonb_object_agg(c.category, c.kg), '{}')
                           FROM (SELECT x.category, coalesce(sum(x.kg_co2eq), 0) AS kg
                                   FROM data_entries e JOIN data_entry_emissions x ON x.data_entry_id = e.id
                                  WHERE e.carbon_report_module_id = m.id GROUP BY x.category) c));

UPDATE carbon_reports r
   SET stats = r.stats || jsonb_build_object(
         'by_scope', (SELECT coalesce(jsonb_object_agg(s.scope::text, s.kg), '{}')
                        FROM (SELECT x.scope, coalesce(sum(x.kg_co2eq), 0) AS kg
                                FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
                                JOIN data_entry_emissions x ON x.data_entry_id = e.id
                               WHERE m.carbon_report_id = r.id GROUP BY x.scope) s),
         'by_category', (SELECT coalesce(jsonb_object_agg(c.category, c.kg), '{}')
                           FROM (SELECT x.category, coalesce(sum(x.kg_co2eq), 0) AS kg
                                   FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id
                                   JOIN data_entry_emissions x ON x.data_entry_id = e.id
                                  WHERE m.carbon_report_id = r.id GROUP BY x.category) c));

-- A factor row belongs to a factor set, which its formulas may share (an entry type's own set is
-- named after the type; a module may declare others, such as exchange rates). The column keeps
-- its name and holds the set's name.
COMMENT ON COLUMN factors.data_entry_type IS 'name of the factor set the row belongs to (shared/src/modules/registry.ts: FACTOR_SETS); an entry type''s own set bears the type''s name';

-- Down Migration
COMMENT ON COLUMN factors.data_entry_type IS NULL;
UPDATE carbon_reports SET stats = stats - 'by_scope' - 'by_category';
UPDATE carbon_report_modules SET stats = stats - 'by_scope' - 'by_category';
UPDATE data_entry_emissions SET quantity = 0 WHERE quantity IS NULL;
ALTER TABLE data_entry_emissions
  ALTER COLUMN quantity SET NOT NULL,
  DROP COLUMN category,
  DROP COLUMN scope;
