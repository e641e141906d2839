-- The factor rows of these ids ($1): every column but the bookkeeping ones, so that a column the
-- table gains (an uncertainty) reaches the method views without a change here; `set` names the
-- factor set, which the table keeps in `data_entry_type`.
SELECT (to_jsonb(f) - '{data_entry_type,last_seen_job_id,created_at,updated_at}'::text[]) || jsonb_build_object('set', f.data_entry_type) AS factor
  FROM factors f
 WHERE f.id = ANY ($1::bigint[])
 ORDER BY f.id
