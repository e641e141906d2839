-- Factor ingest, in place: keyed on the factor identity (set $1, which data_entry_type holds;
-- year; classification, compared as jsonb so key order does not matter); ids survive, every
-- factor of the file is stamped with this job. Returns, per factor, whether it is new or its
-- values changed (what makes emissions stale; the uncertainty and the source do not: the
-- uncertainty is read with the results). $4: JSON array of {classification, values,
-- uncertainty_pct, edition, boundary, source}; the file is the whole factor, so a null uncertainty
-- clears it. A factor from the file is the operator's: the library never overwrites it again.
WITH old AS (
  SELECT classification, "values", source FROM factors WHERE data_entry_type = $1 AND year = $2
), up AS (
  INSERT INTO factors (data_entry_type, year, classification, "values", uncertainty_pct, edition, boundary, source, last_seen_job_id, origin)
  SELECT $1, $2, r.classification, r."values", r.uncertainty_pct, r.edition, r.boundary, r.source, $3, 'upload'
    FROM jsonb_to_recordset($4::jsonb) AS r(classification jsonb, "values" jsonb, uncertainty_pct numeric, edition int, boundary text, source text)
  ON CONFLICT ON CONSTRAINT factors_identity DO UPDATE
     SET "values" = EXCLUDED."values",
         uncertainty_pct = EXCLUDED.uncertainty_pct,
         edition = EXCLUDED.edition,
         boundary = EXCLUDED.boundary,
         source = EXCLUDED.source,
         last_seen_job_id = EXCLUDED.last_seen_job_id,
         origin = EXCLUDED.origin,
         updated_at = CASE WHEN factors."values" = EXCLUDED."values" AND factors.source = EXCLUDED.source
                                AND factors.uncertainty_pct IS NOT DISTINCT FROM EXCLUDED.uncertainty_pct
                                AND factors.edition IS NOT DISTINCT FROM EXCLUDED.edition
                                AND factors.boundary IS NOT DISTINCT FROM EXCLUDED.boundary
                                AND factors.origin = EXCLUDED.origin
                           THEN factors.updated_at ELSE now() END
  RETURNING id, classification, "values", source
)
SELECT up.id,
       old.classification IS NULL AS inserted,
       old.classification IS NOT NULL AND old."values" <> up."values" AS values_changed
  FROM up LEFT JOIN old ON old.classification = up.classification
