-- claim_job, in one statement (one round trip). Its pre-step, the first CTE, unsets is_current on
-- the current job of the claimed job's combination unless that one is RUNNING; the claim reads
-- the pre-step's result, so the pre-step has run when the claim writes. No row: another claimer
-- owns the job, it is not due, or its type ($3: the types the claimer can run) is not one this
-- claimer has a handler for. A unique violation on ix_data_ingestion_jobs_is_current_unique:
-- a job of the same combination is RUNNING, and this one stays NOT_STARTED. The combination is
-- compared as ix_data_ingestion_jobs_current_lookup keys it (NULL as '' or 0).
WITH job AS (
  -- the job as this statement's snapshot sees it, if claimable: otherwise nothing is demoted
  SELECT * FROM data_ingestion_jobs
   WHERE id = $1 AND state = 'NOT_STARTED' AND locked_by IS NULL AND run_after <= now() AND job_type = ANY ($3::text[])
), demoted AS (
  UPDATE data_ingestion_jobs d
     SET is_current = false
    FROM job j
   WHERE d.id <> j.id
     AND d.is_current
     AND d.state <> 'RUNNING'
     AND d.job_type = j.job_type
     AND d.entity_type = j.entity_type
     AND d.target = j.target
     AND coalesce(d.module_type, '') = coalesce(j.module_type, '')
     AND coalesce(d.data_entry_type, '') = coalesce(j.data_entry_type, '')
     AND coalesce(d.unit_id, 0) = coalesce(j.unit_id, 0)
     AND coalesce(d.year, 0) = coalesce(j.year, 0)
  RETURNING d.id
)
UPDATE data_ingestion_jobs
   SET state = 'RUNNING',
       is_current = true,
       locked_by = $2,
       locked_at = now(),
       attempts = attempts + 1,
       started_at = coalesce(started_at, now())
 WHERE id = $1
   AND state = 'NOT_STARTED'
   AND locked_by IS NULL
   AND run_after <= now()
   AND job_type = ANY ($3::text[])
   AND (SELECT count(*) FROM demoted) >= 0
RETURNING *
