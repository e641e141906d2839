-- The safety poller's one select: due, unclaimed jobs of types this instance can run ($1) that
-- are next in their combination's acceptance order (claimJobs.sql), so that a job held back
-- behind an earlier one is never picked, however long it waits. Rows that another instance is
-- claiming right now are skipped rather than waited for. From the oldest window of eight times
-- the wanted number ($2), a random pick: instances polling a backlog together then mostly try
-- different jobs instead of racing for the same ones.
SELECT id
  FROM (SELECT j.id
          FROM data_ingestion_jobs j
         WHERE j.state = 'NOT_STARTED'
           AND j.locked_by IS NULL
           AND j.run_after <= now()
           AND j.job_type = ANY ($1::text[])
           -- first of its combination's unfinished jobs (a filter, not a join: the scan stays in
           -- run order and stops at the limit)
           AND j.id = (SELECT min(e.id) FROM data_ingestion_jobs e WHERE e.combination_key = j.combination_key AND e.state <> 'FINISHED')
         ORDER BY j.run_after, j.id
         LIMIT $2 * 8
           FOR UPDATE OF j SKIP LOCKED) oldest
 ORDER BY random()
 LIMIT $2
