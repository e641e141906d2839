-- The factor library into `factors` ($1: JSON array of {set, year, classification, values,
-- uncertainty_pct, edition, boundary, source}, each the row the library gives a set for a year):
-- a factor the table lacks is inserted as the library's; one the library gave before is brought
-- to the library's current row; one an operator uploaded or carried over is never touched.
-- Returns, per row written, whether it is new or its values changed (what makes emissions stale).
WITH lib AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS r("set" text, year int, classification jsonb, "values" jsonb, uncertainty_pct numeric, edition int, boundary text, source text)
), old AS (
  SELECT f.data_entry_type, f.year, f.classification, f."values"
    FROM factors f JOIN lib ON lib."set" = f.data_entry_type AND lib.year = f.year AND lib.classification = f.classification
), up AS (
  INSERT INTO factors (data_entry_type, year, classification, "values", uncertainty_pct, edition, boundary, source, origin)
  SELECT lib."set", lib.year, lib.classification, lib."values", lib.uncertainty_pct, lib.edition, lib.boundary, lib.source, 'library'
    FROM lib
  ON CONFLICT ON CONSTRAINT factors_identity DO UPDATE
     SET "values" = EXCLUDED."values",
         uncertainty_pct = EXCLUDED.uncertainty_pct,
         edition = EXCLUDED.edition,
         boundary = EXCLUDED.boundary,
         source = EXCLUDED.source,
         updated_at = now()
   WHERE factors.origin = 'library'
     AND (factors."values", factors.uncertainty_pct, factors.edition, factors.boundary, factors.source)
         IS DISTINCT FROM (EXCLUDED."values", EXCLUDED.uncertainty_pct, EXCLUDED.edition, EXCLUDED.boundary, EXCLUDED.source)
  RETURNING data_entry_type, year, classification, "values"
)
SELECT up.data_entry_type AS "set", up.year,
       old.classification IS NULL AS inserted,
       old.classification IS NOT NULL AND old."values" <> up."values" AS values_changed
  FROM up LEFT JOIN old ON old.data_entry_type = up.data_entry_type AND old.year = up.year AND old.classification = up.classification
