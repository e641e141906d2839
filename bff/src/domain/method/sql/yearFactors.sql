-- Every factor row of a year ($1) in these sets ($2), shaped as factorsByIds.sql shapes them.
SELECT (to_jsonb(f) - '{data_entry_type,last_seen_job_id,created_at,updated_at}'::text[]) || jsonb_build_object('set', f.data_entry_type) AS factor
  FROM factors f
 WHERE f.year = $1 AND f.data_entry_type = ANY ($2::text[])
 ORDER BY f.data_entry_type, f.id
