-- A linear chain: the parent records the child it fires after success.
UPDATE data_ingestion_jobs SET next_job = $2 WHERE id = $1
