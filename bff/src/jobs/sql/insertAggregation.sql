-- De-duplicated aggregation: when a never-claimed aggregation of the scope (module type $1,
-- unit $2, year $3) already waits, that job is returned instead of a new one, so N concurrent
-- callers yield one job. An optional delay ($7, ms) lets quick successive callers coalesce. The
-- no-op update exists only to make RETURNING give the waiting row. Like every job creation, it
-- holds the combination's lock until its transaction ends (insertJob.sql).
WITH job AS (
  SELECT 'aggregation'::text AS job_type,
         CASE WHEN $2::bigint IS NULL THEN 'MODULE_PER_YEAR' ELSE 'MODULE_UNIT_SPECIFIC' END::job_entity_type AS entity_type,
         'STATS'::job_target AS target
), accepted AS (
  SELECT pg_advisory_xact_lock(hashtext('job-combination'), hashtext(job_combination(job_type, entity_type, target, $1, NULL, $2, $3)))
    FROM job
)
INSERT INTO data_ingestion_jobs
  (job_type, entity_type, target, module_type, unit_id, year, pipeline_id, payload, created_by, run_after)
SELECT job.job_type, job.entity_type, job.target, $1, $2, $3, coalesce($4::uuid, gen_random_uuid()), coalesce($5::jsonb, '{}'), $6,
       now() + coalesce($7::double precision, 0) * interval '1 millisecond'
  FROM job, accepted
ON CONFLICT (module_type, year, unit_id) WHERE job_type = 'aggregation' AND state = 'NOT_STARTED' AND attempts = 0
DO UPDATE SET payload = data_ingestion_jobs.payload
RETURNING *, (xmax = 0) AS inserted, greatest(0, extract(epoch FROM run_after - now()) * 1000) AS due_in_ms
