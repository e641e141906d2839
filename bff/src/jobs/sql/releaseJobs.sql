-- Graceful shutdown: jobs this instance claimed but did not finish go back to NOT_STARTED for
-- another instance. The interrupted attempt stays counted.
UPDATE data_ingestion_jobs
   SET state = 'NOT_STARTED',
       locked_by = NULL,
       locked_at = NULL,
       run_after = now(),
       status_message = 'Released by instance ' || $1 || ' at shutdown.'
 WHERE state = 'RUNNING'
   AND locked_by = $1
RETURNING id, job_type, pipeline_id
