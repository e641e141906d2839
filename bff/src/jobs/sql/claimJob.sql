-- claim_job, in one statement (one round trip). A job is claimable when it waits (NOT_STARTED,
-- unclaimed), is due, is of a type the claimer has a handler for ($3), and no job of its
-- combination accepted before it (smaller id) is unfinished: jobs of a combination run in the
-- order they were accepted, whatever retries, rescues and recoveries happen meanwhile
-- (ix_data_ingestion_jobs_unfinished answers in one probe). Job creation keeps id order equal to
-- commit order within a combination (insertJob.sql), so no earlier job can still be invisible
-- here; and a FINISHED job never becomes unfinished again, so what this snapshot sees finished
-- stays finished.
-- The pre-step, the second CTE, unsets is_current on the current job of the combination unless
-- that one is RUNNING; the claim reads the pre-step's result, so the pre-step has run when the
-- claim writes. A job that is not claimable demotes nothing. No row: the job is not claimable or
-- another claimer won it (claimJob.ts then reads why). A unique violation on
-- ix_data_ingestion_jobs_is_current_unique: a later job of the combination is RUNNING (only
-- possible for jobs claimed before acceptance order was kept); this one stays NOT_STARTED.
WITH job AS (
  SELECT j.id, j.combination_key
    FROM data_ingestion_jobs j
   WHERE j.id = $1
     AND j.state = 'NOT_STARTED'
     AND j.locked_by IS NULL
     AND j.run_after <= now()
     AND j.job_type = ANY ($3::text[])
     -- first of its combination's unfinished jobs
     AND j.id = (SELECT min(e.id) FROM data_ingestion_jobs e WHERE e.combination_key = j.combination_key AND e.state <> 'FINISHED')
), demoted AS (
  -- (scalar subqueries, not a join: the key is then an index condition whatever the estimates)
  UPDATE data_ingestion_jobs d
     SET is_current = false
   WHERE d.combination_key = (SELECT combination_key FROM job)
     AND d.is_current
     AND d.state <> 'RUNNING'
     AND d.id <> (SELECT id FROM job)
  RETURNING d.id
)
UPDATE data_ingestion_jobs
   SET state = 'RUNNING',
       is_current = true,
       locked_by = $2,
       locked_at = now(),
       attempts = attempts + 1,
       started_at = coalesce(started_at, now())
 WHERE id = (SELECT id FROM job)
   -- checked again on the row as it is once locked: another claimer may have won it meanwhile
   AND state = 'NOT_STARTED'
   AND locked_by IS NULL
   AND run_after <= now()
   AND (SELECT count(*) FROM demoted) >= 0
RETURNING *
