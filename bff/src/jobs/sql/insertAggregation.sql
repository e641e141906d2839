-- De-duplicated aggregation: when a never-claimed aggregation of the scope (module type, year,
-- unit) already waits, that job is returned instead of a new one, so N concurrent callers yield
-- one job. An optional delay ($7, ms) lets quick successive callers coalesce. The no-op update
-- exists only to make RETURNING give the waiting row.
INSERT INTO data_ingestion_jobs
  (job_type, entity_type, target, module_type, unit_id, year, pipeline_id, payload, created_by, run_after)
VALUES ('aggregation',
        CASE WHEN $2::bigint IS NULL THEN 'MODULE_PER_YEAR' ELSE 'MODULE_UNIT_SPECIFIC' END::job_entity_type,
        'STATS', $1, $2, $3, coalesce($4::uuid, gen_random_uuid()), coalesce($5::jsonb, '{}'), $6,
        now() + coalesce($7::double precision, 0) * interval '1 millisecond')
ON CONFLICT (module_type, year, unit_id) WHERE job_type = 'aggregation' AND state = 'NOT_STARTED' AND attempts = 0
DO UPDATE SET payload = data_ingestion_jobs.payload
RETURNING *, (xmax = 0) AS inserted, greatest(0, extract(epoch FROM run_after - now()) * 1000) AS due_in_ms
