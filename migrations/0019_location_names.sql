-- Up Migration
-- Other names of each location, folded like `search` (accent-stripped, lower case) and separated
-- by " | ": a place's names in other languages ("geneva | genf | ginevra" for Genève), an
-- airport's those of the city it serves. Search matches them; an entry still resolves a place by
-- its own name (bff/src/domain/locations/search.ts). NULL until the loader has filled them: rows
-- of a database loaded before get them at the next start (loadLocations.ts).
ALTER TABLE locations ADD COLUMN names text;

-- The word-inside index serves both columns: a name typed finds a place by its own name or by
-- another one through the same index.
DROP INDEX locations_search_trgm_idx;
CREATE INDEX locations_search_trgm_idx ON locations USING gin (search gin_trgm_ops, names gin_trgm_ops);

-- Down Migration
DROP INDEX locations_search_trgm_idx;
CREATE INDEX locations_search_trgm_idx ON locations USING gin (search gin_trgm_ops);
ALTER TABLE locations DROP COLUMN names;
