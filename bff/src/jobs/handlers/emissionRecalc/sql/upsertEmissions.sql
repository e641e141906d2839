-- A batch of computed emissions, set-based: $1 is a JSON array of rows, each row's meta a JSON
-- string. The batch is json, not jsonb, and the meta a string: PostgreSQL scans each meta once, as
-- a string, and parses it once, into jsonb (as an object it was parsed twice, docs/performance.md).
-- Only entries still as they were read (row version) get their emissions written, and they are
-- locked first: an entry that Path 1 is changing right now is skipped (SKIP LOCKED), one changed
-- since it was read drops out when the lock re-reads it. Either way the emissions of whoever
-- changed it stand; without the lock, an upsert could wait for such a write and then overwrite
-- its fresh emission with one computed from the old data.
WITH r AS (
  SELECT * FROM json_to_recordset($1::json) AS r(data_entry_id bigint, version text, emission_type text, scope smallint, category text,
                                                kg_co2eq numeric, quantity numeric, quantity_unit text, factor_id bigint, meta text)
), current AS (
  -- Each entry is found by its key alone. A list of the batch's ids tested here as well became,
  -- in some sessions' plans, part of every probe's index condition: the whole list was then
  -- prepared again for each of the 4,000 probes (docs/performance.md).
  SELECT e.id
    FROM data_entries e
    JOIN (SELECT DISTINCT data_entry_id, version FROM r) v ON v.data_entry_id = e.id
   WHERE e.xmin::text = v.version
   ORDER BY e.id
     FOR UPDATE OF e SKIP LOCKED
)
INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, factor_id, meta)
SELECT r.data_entry_id, r.emission_type, r.scope, r.category, r.kg_co2eq, r.quantity, r.quantity_unit, r.factor_id, r.meta::jsonb
  FROM r JOIN current ON current.id = r.data_entry_id
ON CONFLICT (data_entry_id, emission_type) DO UPDATE
   SET scope = EXCLUDED.scope,
       category = EXCLUDED.category,
       kg_co2eq = EXCLUDED.kg_co2eq,
       quantity = EXCLUDED.quantity,
       quantity_unit = EXCLUDED.quantity_unit,
       factor_id = EXCLUDED.factor_id,
       meta = EXCLUDED.meta,
       computed_at = now()
