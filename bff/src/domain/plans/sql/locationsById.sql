-- Resolved locations by id (the ends of the trips a scenario recomputes).
SELECT id::int, kind, code, name, country_code, lat, lon FROM locations WHERE id = ANY ($1::bigint[])
