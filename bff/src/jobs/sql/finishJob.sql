-- Success, written inside the handler's domain transaction just before it commits. Zero rows:
-- this instance no longer owns the job (rescued elsewhere), so the domain writes roll back.
-- `write_counts` (as in tableWriteCounts) feeds the one-writer-per-table check.
UPDATE data_ingestion_jobs
   SET state = 'FINISHED',
       result = $3,
       report = $4,
       status_message = $5,
       progress = progress || jsonb_build_object('phase', 'done'),
       finished_at = statement_timestamp()  -- now() would be the start of the domain transaction
 WHERE id = $1
   AND state = 'RUNNING'
   AND locked_by = $2
RETURNING id,
          (SELECT coalesce(jsonb_object_agg(t.relname, t.n_tup_ins + t.n_tup_upd + t.n_tup_del), '{}')
             FROM pg_stat_xact_user_tables t
            WHERE t.n_tup_ins + t.n_tup_upd + t.n_tup_del > 0) AS write_counts
