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
   AND coalesce(d.module_type, '') = coalesce(j.module_type, '')
   AND coalesce(d.data_entry_type, '') = coalesce(j.data_entry_type, '')
   AND coalesce(d.unit_id, 0) = coalesce(j.unit_id, 0)
   AND coalesce(d.year, 0) = coalesce(j.year, 0)
