-- runJob's first read: the job and whether it is due, to skip work already taken or not yet due
-- without opening a claim transaction.
SELECT j.*, j.run_after <= now() AS due
  FROM data_ingestion_jobs j
 WHERE j.id = $1
