-- runJob's read after a claim that did not happen: the job and whether it is due, to tell why.
SELECT j.*, j.run_after <= now() AS due
  FROM data_ingestion_jobs j
 WHERE j.id = $1
