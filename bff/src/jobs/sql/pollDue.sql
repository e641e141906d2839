-- The safety poller's one select: due, unclaimed jobs of types this instance can run. Rows that
-- another instance is claiming right now are skipped rather than waited for. From the oldest
-- window of eight times the wanted number, a random pick: instances polling a backlog together
-- then mostly try different jobs instead of racing for the same ones.
SELECT id
  FROM (SELECT id
          FROM data_ingestion_jobs
         WHERE state = 'NOT_STARTED'
           AND locked_by IS NULL
           AND run_after <= now()
           AND job_type = ANY ($1::text[])
         ORDER BY run_after, id
         LIMIT $2 * 8
           FOR UPDATE SKIP LOCKED) oldest
 ORDER BY random()
 LIMIT $2
