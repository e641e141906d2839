-- A new pipeline's first job (or a child, when $8 carries the parent's pipeline id).
INSERT INTO data_ingestion_jobs
  (job_type, entity_type, target, module_type, data_entry_type, unit_id, year,
   pipeline_id, payload, max_attempts, run_after, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7,
        coalesce($8::uuid, gen_random_uuid()), coalesce($9::jsonb, '{}'), coalesce($10::integer, 3),
        now() + coalesce($11::double precision, 0) * interval '1 millisecond', $12)
RETURNING *, greatest(0, extract(epoch FROM run_after - now()) * 1000) AS due_in_ms
