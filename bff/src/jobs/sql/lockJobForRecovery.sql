-- The recover endpoint's read: the job under a row lock, with what is known of its claimer (all
-- NULL when the claimer is gone from job_instances): whether its liveness session has ended
-- (migration 0011) and how long it has been silent at $2, the caller's now; and how long the job
-- has been held.
SELECT j.*,
       l.session_ended AS claimer_session_ended,
       extract(epoch FROM $2::timestamptz - l.heartbeat_at) * 1000 AS claimer_silent_ms,
       extract(epoch FROM now() - j.locked_at) * 1000 AS locked_ms,
       j.run_after <= now() AS due
  FROM data_ingestion_jobs j
  LEFT JOIN job_instance_liveness l ON l.id = j.locked_by
 WHERE j.id = $1
   FOR UPDATE OF j
