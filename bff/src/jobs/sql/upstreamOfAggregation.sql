-- Other jobs still waiting or running that will chain the aggregation of this scope (module
-- type $1, year $2, unit $3 or every unit): while any exists, the aggregation may wait for them.
SELECT count(*)::int AS n
  FROM data_ingestion_jobs
 WHERE job_type IN ('csv_ingest', 'api_ingest', 'factor_ingest', 'module_emission_recalc', 'emission_recalc')
   AND state <> 'FINISHED'
   AND module_type = $1
   AND year = $2
   AND unit_id IS NOT DISTINCT FROM $3
   AND id <> $4
