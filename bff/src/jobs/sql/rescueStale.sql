-- RUNNING jobs whose instance has been silent longer than the rescue window (or is gone): back to
-- NOT_STARTED, or FINISHED/ERROR when no attempt is left. A concurrent rescuer or a late finish
-- of the owner serialises on the row lock and then sees the state it left.
UPDATE data_ingestion_jobs j
   SET state = CASE WHEN attempts < max_attempts THEN 'NOT_STARTED' ELSE 'FINISHED' END::job_state,
       result = CASE WHEN attempts < max_attempts THEN NULL ELSE 'ERROR' END::job_result,
       locked_by = CASE WHEN attempts < max_attempts THEN NULL ELSE locked_by END,
       locked_at = CASE WHEN attempts < max_attempts THEN NULL ELSE locked_at END,
       run_after = now(),
       finished_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END,
       status_message = 'Rescued: instance ' || j.locked_by || ' stopped responding.'
 WHERE j.state = 'RUNNING'
   AND NOT EXISTS (SELECT 1 FROM job_instances l
                    WHERE l.id = j.locked_by
                      AND l.heartbeat_at > now() - $1::double precision * interval '1 millisecond')
RETURNING j.id, j.job_type, j.pipeline_id, j.state, j.attempts
