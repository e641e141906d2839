-- RUNNING jobs of other instances than the rescuer ($1) that are orphaned: their instance is not
-- live, because its liveness session has ended (migration 0011: it died, or lost its connection),
-- or it has been silent longer than the rescue window ($3 ms before $2, the rescuer's now), or it
-- is gone from job_instances. Back to NOT_STARTED, or FINISHED/ERROR when no attempt is left; the
-- message says which rule applied. A concurrent rescuer or a late finish of the owner serialises
-- on the row lock and then sees the state it left (the conditions are checked again on the
-- locked row). An instance never rescues its own jobs: it knows their attempts are under way.
-- The instances are read once (pg_locks included), however many jobs are rescued.
WITH instances AS MATERIALIZED (
  SELECT l.id,
         l.session_ended,
         NOT l.session_ended AND l.heartbeat_at > $2::timestamptz - $3::double precision * interval '1 millisecond' AS live
    FROM job_instance_liveness l
)
UPDATE data_ingestion_jobs j
   SET state = CASE WHEN attempts < max_attempts THEN 'NOT_STARTED' ELSE 'FINISHED' END::job_state,
       result = CASE WHEN attempts < max_attempts THEN NULL ELSE 'ERROR' END::job_result,
       locked_by = CASE WHEN attempts < max_attempts THEN NULL ELSE locked_by END,
       locked_at = CASE WHEN attempts < max_attempts THEN NULL ELSE locked_at END,
       run_after = now(),
       finished_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END,
       status_message = 'Rescued: ' || CASE
         WHEN (SELECT i.session_ended FROM instances i WHERE i.id = j.locked_by)
         THEN 'the database session of instance ' || j.locked_by || ' ended (the instance died or lost its connection).'
         ELSE 'instance ' || j.locked_by || ' stopped responding.' END
 WHERE j.state = 'RUNNING'
   AND j.locked_by <> $1
   AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.id = j.locked_by AND i.live)
RETURNING j.id, j.job_type, j.pipeline_id, j.state, j.attempts, j.status_message
