-- The last upstream job of a scope makes the waiting aggregation due at once.
UPDATE data_ingestion_jobs
   SET run_after = now()
 WHERE job_type = 'aggregation'
   AND state = 'NOT_STARTED'
   AND attempts = 0
   AND module_type = $1
   AND year = $2
   AND unit_id IS NOT DISTINCT FROM $3
   AND run_after > now()
