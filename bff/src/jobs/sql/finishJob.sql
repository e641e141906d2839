-- Success, written inside the handler's domain transaction just before it commits. Zero rows:
-- this instance no longer owns the job (rescued elsewhere), so the domain writes roll back.
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
RETURNING id
