-- claim_job for one or several jobs ($1, the ids), in one statement (one round trip): a runner
-- with several idle slots claims the jobs waiting for them together (runner.ts). A job is
-- claimable when it waits (NOT_STARTED, unclaimed), is due, is of a type the claimer has a
-- handler for ($3), and no job of its combination accepted before it (smaller id) is unfinished:
-- jobs of a combination run in the order they were accepted, whatever retries, rescues and
-- recoveries happen meanwhile (ix_data_ingestion_jobs_unfinished answers in one probe). Job
-- creation keeps id order equal to commit order within a combination (insertJob.sql), so no
-- earlier job can still be invisible here; and a FINISHED job never becomes unfinished again, so
-- what this snapshot sees finished stays finished. Of two ids of one combination only the first
-- is claimable, so at most one job per combination is claimed here.
-- The pre-step, the second CTE, unsets is_current on the current job of each claimed job's
-- combination unless that one is RUNNING; the claim reads the pre-step's result, so the pre-step
-- has run when the claim writes. A job that is not claimable demotes nothing. A missing row: that
-- job is not claimable or another claimer won it (claimJob.ts then reads why). A unique violation
-- on ix_data_ingestion_jobs_is_current_unique: a later job of a combination is RUNNING (only
-- possible for jobs claimed before acceptance order was kept); nothing is claimed, and
-- claimJob.ts claims the ids one by one to find the one that waits.
-- The jobs are found by primary key only: the state tests are written with IS NOT DISTINCT FROM
-- (the same as = here: state is never null) so that the planner cannot pick the partial indexes
-- on state instead (ix_data_ingestion_jobs_due and the like). Those keep the entries of every
-- job that passed through the state until a vacuum removes them, and with a list of ids (rather
-- than one) the planner came to prefer them: each claim then grew with the jobs run before it.
-- The ids come through a subquery so that the planner sizes the list the same whatever it holds:
-- the statement is then planned once per session (a prepared statement's generic plan) instead
-- of at each claim, which cost more than the claim itself.
WITH job AS (
  SELECT j.id, j.combination_key
    FROM data_ingestion_jobs j
   WHERE j.id = ANY (ARRAY(SELECT unnest($1::bigint[])))
     AND j.state IS NOT DISTINCT FROM 'NOT_STARTED'
     AND j.locked_by IS NULL
     AND j.run_after <= now()
     AND j.job_type = ANY ($3::text[])
     -- first of its combination's unfinished jobs
     AND j.id = (SELECT min(e.id) FROM data_ingestion_jobs e WHERE e.combination_key = j.combination_key AND e.state <> 'FINISHED')
), demoted AS (
  -- (arrays of scalar subqueries, not a join: the key is then an index condition whatever the
  -- estimates)
  UPDATE data_ingestion_jobs d
     SET is_current = false
   WHERE d.combination_key = ANY (ARRAY(SELECT combination_key FROM job))
     AND d.is_current
     AND d.state <> 'RUNNING'
     AND d.id <> ALL (ARRAY(SELECT id FROM job))
  RETURNING d.id
)
UPDATE data_ingestion_jobs
   SET state = 'RUNNING',
       is_current = true,
       locked_by = $2,
       locked_at = now(),
       attempts = attempts + 1,
       started_at = coalesce(started_at, now())
 WHERE id = ANY (ARRAY(SELECT id FROM job))
   -- checked again on the row as it is once locked: another claimer may have won it meanwhile
   AND state IS NOT DISTINCT FROM 'NOT_STARTED'
   AND locked_by IS NULL
   AND run_after <= now()
   AND (SELECT count(*) FROM demoted) >= 0
RETURNING *
