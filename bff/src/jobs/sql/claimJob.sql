-- The claim: one conditional statement. No row means another claimer owns the job (or it is not
-- due); a unique violation means a job of the same combination is RUNNING.
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
RETURNING *
