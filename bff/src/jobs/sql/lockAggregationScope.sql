-- Serialises, per aggregation scope, the moment an upstream job decides how to chain the
-- scope's aggregation: held until that job's domain transaction ends, so the next one to decide
-- sees this one finished.
SELECT pg_advisory_xact_lock(hashtext('aggregation-scope'), hashtext($1))
