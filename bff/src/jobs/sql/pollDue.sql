-- The safety poller's one select: due, unclaimed jobs of types this instance can run. Rows that
-- another instance is claiming right now are skipped rather than waited for.
SELECT id
  FROM data_ingestion_jobs
 WHERE state = 'NOT_STARTED'
   AND locked_by IS NULL
   AND run_after <= now()
   AND job_type = ANY ($1::text[])
 ORDER BY run_after, id
 LIMIT $2
   FOR UPDATE SKIP LOCKED
