-- Success, written inside the handler's domain transaction just before it commits. Zero rows:
-- this instance no longer owns the job (rescued elsewhere), so the domain writes roll back.
UPDATE data_ingestion_jobs j
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
       -- the job of its combination accepted next, if any: the runner fires it once this commits
       (SELECT min(e.id) FROM data_ingestion_jobs e
         WHERE e.combination_key = j.combination_key AND e.id > j.id AND e.state <> 'FINISHED') AS next_in_line
