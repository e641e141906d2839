-- This instance ($1) is alive, at $2 by its clock. Also answers whether any RUNNING job of another
-- instance is orphaned (rescueStale.sql says when: the same rule), so an idle poller tick needs no
-- rescue statement. The live instances are read once (pg_locks included), and only when some job
-- of another instance is RUNNING.
WITH live AS MATERIALIZED (
  SELECT l.id
    FROM job_instance_liveness l
   WHERE NOT l.session_ended
     AND l.heartbeat_at > $2::timestamptz - $3::double precision * interval '1 millisecond'
)
INSERT INTO job_instances AS i (id, heartbeat_at) VALUES ($1, $2)
ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at
RETURNING EXISTS (
  SELECT 1
    FROM data_ingestion_jobs j
   WHERE j.state = 'RUNNING'
     AND j.locked_by <> $1
     AND NOT EXISTS (SELECT 1 FROM live WHERE live.id = j.locked_by)
) AS has_stale
