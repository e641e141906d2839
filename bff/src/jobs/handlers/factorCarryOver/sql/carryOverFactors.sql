-- Carries one factor set's factors of year $2 over to year $3, uncertainty included ($1: the
-- set's name, which data_entry_type holds): a new row, with a new id, for each factor the target year lacks; a
-- factor it has already (same identity: set, year, classification compared as jsonb) is updated
-- in place, so that a re-run changes no id and adds no row. The source year is only read. The
-- source says where the value comes from and that it was carried over; each row is stamped with
-- this job ($4); a carried factor is the operator's (the library never overwrites it) and keeps
-- its edition, which the target year's reports then name. Returns, per factor, whether it is new or its values changed (what makes
-- emissions stale).
WITH old AS (
  SELECT classification, "values" FROM factors WHERE data_entry_type = $1 AND year = $3
), up AS (
  INSERT INTO factors (data_entry_type, year, classification, "values", uncertainty_pct, edition, boundary, source, last_seen_job_id, origin)
  SELECT s.data_entry_type, $3, s.classification, s."values", s.uncertainty_pct, coalesce(s.edition, s.year), s.boundary,
         s.source || ' (carried over from ' || $2::int || ')', $4, 'carry_over'
    FROM factors s
   WHERE s.data_entry_type = $1 AND s.year = $2
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
                           THEN factors.updated_at ELSE now() END
  RETURNING id, classification, "values"
)
SELECT up.id,
       old.classification IS NULL AS inserted,
       old.classification IS NOT NULL AND old."values" <> up."values" AS values_changed
  FROM up LEFT JOIN old ON old.classification = up.classification
