-- The uncertainty each factor row states (NULL: none), for the ± of a lever's effect.
SELECT id::int, uncertainty_pct::float8 AS uncertainty_pct FROM factors WHERE id = ANY ($1::bigint[])
