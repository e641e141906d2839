-- A new job: a new pipeline's first, or a child when $8 carries the parent's pipeline id.
-- Jobs of one combination are created one transaction at a time: the advisory lock on the
-- combination is taken before the id is drawn (the insert reads the lock's row first) and held
-- until the creating transaction ends. Within a combination, id order is then the order in
-- which the jobs were accepted (committed), which is the order they run in (claimJobs.sql).
-- A job with a de-duplication key ($13) is shared: when a never-claimed job of that key already
-- waits, that job is returned instead of a new one (`inserted` false); the no-op update exists
-- only to make RETURNING give the waiting row. An optional delay ($11, ms) lets quick
-- successive callers share it.
WITH accepted AS (
  SELECT pg_advisory_xact_lock(hashtext('job-combination'), hashtext(job_combination($1, $2, $3, $4, $5, $6, $7)))
)
INSERT INTO data_ingestion_jobs
  (job_type, entity_type, target, module_type, data_entry_type, unit_id, year,
   pipeline_id, payload, max_attempts, run_after, created_by, dedup_key)
SELECT $1, $2, $3, $4, $5, $6, $7,
       coalesce($8::uuid, gen_random_uuid()), coalesce($9::jsonb, '{}'), coalesce($10::integer, 3),
       now() + coalesce($11::double precision, 0) * interval '1 millisecond', $12, $13
  FROM accepted
ON CONFLICT (dedup_key) WHERE dedup_key IS NOT NULL AND state = 'NOT_STARTED' AND attempts = 0
DO UPDATE SET payload = data_ingestion_jobs.payload
RETURNING *, (xmax = 0) AS inserted, greatest(0, extract(epoch FROM run_after - now()) * 1000) AS due_in_ms
