-- This instance ($1) is alive, at $2 by its clock. Also answers whether any RUNNING job of another
-- instance is orphaned (rescueStale.sql: its instance's liveness session ended, or it has been
-- silent longer than $3 ms, or it is gone), so an idle poller tick needs no rescue statement.
INSERT INTO job_instances AS i (id, heartbeat_at) VALUES ($1, $2)
ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at
RETURNING EXISTS (
  SELECT 1
    FROM data_ingestion_jobs j
   WHERE j.state = 'RUNNING'
     AND j.locked_by <> $1
     AND NOT EXISTS (SELECT 1 FROM job_instance_liveness l
                      WHERE l.id = j.locked_by
                        AND NOT l.session_ended
                        AND l.heartbeat_at > $2::timestamptz - $3::double precision * interval '1 millisecond')
) AS has_stale
