-- The last upstream job makes the shared job waiting under this key ($1) due at once.
UPDATE data_ingestion_jobs
   SET run_after = now()
 WHERE dedup_key = $1
   AND state = 'NOT_STARTED'
   AND attempts = 0
   AND run_after > now()
