-- The SSE snapshot: every job of the pipelines that still have a job waiting or running.
SELECT j.*
  FROM data_ingestion_jobs j
 WHERE j.pipeline_id IN (SELECT a.pipeline_id FROM data_ingestion_jobs a WHERE a.state IN ('NOT_STARTED', 'RUNNING'))
 ORDER BY j.id
 LIMIT $1
