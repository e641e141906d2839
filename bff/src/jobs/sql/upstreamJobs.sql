-- Other jobs still waiting or running, of the types that lead to a shared job ($1, from the
-- handlers' declared pipeline), in its scope (module type $2, year $3, unit $4 or every unit):
-- while any exists, the shared job may wait for them.
SELECT count(*)::int AS n
  FROM data_ingestion_jobs
 WHERE job_type = ANY ($1::text[])
   AND state <> 'FINISHED'
   AND module_type = $2
   AND year = $3
   AND unit_id IS NOT DISTINCT FROM $4
   AND id <> $5
