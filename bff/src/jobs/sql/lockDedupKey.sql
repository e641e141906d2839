-- Serialises, per de-duplication key, the moment an upstream job decides how to chain the shared
-- job: held until that job's domain transaction ends, so the next one to decide sees this one
-- finished.
SELECT pg_advisory_xact_lock(hashtext('job-dedup'), hashtext($1))
