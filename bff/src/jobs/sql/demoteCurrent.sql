-- Claim pre-step: the current job of the claimed job's combination stops being current, unless
-- it is RUNNING; then the claim itself fails on ix_data_ingestion_jobs_is_current_unique.
UPDATE data_ingestion_jobs d
   SET is_current = false
  FROM data_ingestion_jobs j
 WHERE j.id = $1
   AND d.id <> j.id
   AND d.is_current
   AND d.state <> 'RUNNING'
   AND d.job_type = j.job_type
   AND d.entity_type = j.entity_type
   AND d.target = j.target
   AND d.module_type IS NOT DISTINCT FROM j.module_type
   AND d.data_entry_type IS NOT DISTINCT FROM j.data_entry_type
   AND d.unit_id IS NOT DISTINCT FROM j.unit_id
   AND d.year IS NOT DISTINCT FROM j.year
