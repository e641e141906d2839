-- A progress step, committed at once on the progress session (the trigger publishes it).
UPDATE data_ingestion_jobs
   SET progress = $3
 WHERE id = $1
   AND state = 'RUNNING'
   AND locked_by = $2
RETURNING id
