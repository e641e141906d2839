-- A failed attempt: back to NOT_STARTED after a backoff while attempts remain (and the error is
-- retryable), else FINISHED/ERROR. Conditional on ownership like every write of a running job.
-- $6: a report explaining the error (rows of an unusable file), kept when given.
UPDATE data_ingestion_jobs
   SET state = CASE WHEN $4::boolean AND attempts < max_attempts THEN 'NOT_STARTED' ELSE 'FINISHED' END::job_state,
       result = CASE WHEN $4::boolean AND attempts < max_attempts THEN NULL ELSE 'ERROR' END::job_result,
       locked_by = CASE WHEN $4::boolean AND attempts < max_attempts THEN NULL ELSE locked_by END,
       locked_at = CASE WHEN $4::boolean AND attempts < max_attempts THEN NULL ELSE locked_at END,
       run_after = CASE WHEN $4::boolean AND attempts < max_attempts
                        THEN now() + $5::double precision * interval '1 millisecond' ELSE run_after END,
       finished_at = CASE WHEN $4::boolean AND attempts < max_attempts THEN NULL ELSE now() END,
       status_message = $3,
       report = coalesce($6::jsonb, report)
 WHERE id = $1
   AND state = 'RUNNING'
   AND locked_by = $2
RETURNING state, result, run_after, attempts, max_attempts
