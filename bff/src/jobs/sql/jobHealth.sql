-- The job system as metrics see it (bff/src/metrics.ts): unfinished jobs of every instance by
-- state, how long the oldest waiting job has been due, and the instances alive by their liveness
-- session with the longest silence among them (a live session whose heartbeat stopped: a stuck
-- event loop or a partition). Reads the unfinished jobs only (ix_data_ingestion_jobs_unfinished),
-- so its cost does not grow with the history.
SELECT count(*) FILTER (WHERE j.state = 'NOT_STARTED')::int AS waiting,
       count(*) FILTER (WHERE j.state = 'RUNNING')::int AS running,
       coalesce(extract(epoch FROM now() - min(j.run_after) FILTER (WHERE j.state = 'NOT_STARTED' AND j.run_after <= now())), 0)::float8 AS oldest_due_seconds,
       i.live_instances,
       i.longest_silence_seconds
  FROM (SELECT count(*)::int AS live_instances,
               coalesce(max(extract(epoch FROM now() - l.heartbeat_at)), 0)::float8 AS longest_silence_seconds
          FROM job_instance_liveness l
         WHERE NOT l.session_ended) i
  LEFT JOIN data_ingestion_jobs j ON j.state <> 'FINISHED'
 GROUP BY i.live_instances, i.longest_silence_seconds
