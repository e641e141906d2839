-- The RUNNING job, if any, of a job's combination: a NOT_STARTED job waits for it.
SELECT d.id
  FROM data_ingestion_jobs d
  JOIN data_ingestion_jobs j ON j.id = $1
 WHERE d.id <> j.id
   AND d.is_current
   AND d.state = 'RUNNING'
   AND d.job_type = j.job_type
   AND d.entity_type = j.entity_type
   AND d.target = j.target
   AND d.module_type IS NOT DISTINCT FROM j.module_type
   AND d.data_entry_type IS NOT DISTINCT FROM j.data_entry_type
   AND d.unit_id IS NOT DISTINCT FROM j.unit_id
   AND d.year IS NOT DISTINCT FROM j.year
