-- Manual recovery: back to NOT_STARTED and due now, with at least one attempt left (the operator
-- asked for another try).
UPDATE data_ingestion_jobs
   SET state = 'NOT_STARTED',
       result = NULL,
       locked_by = NULL,
       locked_at = NULL,
       run_after = now(),
       finished_at = NULL,
       max_attempts = greatest(max_attempts, attempts + 1),
       status_message = $2
 WHERE id = $1
RETURNING *
