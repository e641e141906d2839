-- Instances silent for a day and owning no RUNNING job are forgotten.
DELETE FROM job_instances i
 WHERE i.heartbeat_at < now() - interval '1 day'
   AND NOT EXISTS (SELECT 1 FROM data_ingestion_jobs j WHERE j.state = 'RUNNING' AND j.locked_by = i.id)
