-- This instance is alive. Also answers whether any RUNNING job belongs to a silent or vanished
-- instance, so an idle poller tick needs no separate rescue statement.
INSERT INTO job_instances AS i (id) VALUES ($1)
ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()
RETURNING EXISTS (
  SELECT 1
    FROM data_ingestion_jobs j
   WHERE j.state = 'RUNNING'
     AND NOT EXISTS (SELECT 1 FROM job_instances l
                      WHERE l.id = j.locked_by
                        AND l.heartbeat_at > now() - $2::double precision * interval '1 millisecond')
) AS has_stale
