-- De-duplication by a key the job carries, in place of the index of migration 0004 that knew
-- one job type by name: at most one never-claimed job waits per `dedup_key`, so N concurrent
-- callers chain onto one job (INSERT … ON CONFLICT on this index, bff/src/jobs/sql/insertJob.sql).
-- The key is written by whoever builds the job (for an aggregation: its handler's
-- `aggregationJob`, bff/src/jobs/handlers/aggregation/index.ts); jobs without one are never
-- shared. Jobs sent back to NOT_STARTED by a retry or rescue (attempts > 0) stay outside it.
ALTER TABLE data_ingestion_jobs ADD COLUMN dedup_key text;

-- Aggregations waiting now keep their sharing: the key their handler gives a scope.
UPDATE data_ingestion_jobs
   SET dedup_key = 'aggregation:' || module_type || '/' || year || '/' || coalesce(unit_id::text, 'all')
 WHERE job_type = 'aggregation' AND state = 'NOT_STARTED' AND attempts = 0;

CREATE UNIQUE INDEX ix_data_ingestion_jobs_dedup_pending ON data_ingestion_jobs (dedup_key)
  WHERE dedup_key IS NOT NULL AND state = 'NOT_STARTED' AND attempts = 0;

DROP INDEX ix_data_ingestion_jobs_aggregation_pending;
