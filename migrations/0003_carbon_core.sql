-- Up Migration
-- Carbon accounting core: data entries, their emissions, emission factors and locations.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Emission factors. The identity is (data_entry_type, year, classification); classification is
-- jsonb, whose text form does not depend on key order, so equal classifications collide here
-- and a re-ingest updates in place (ids survive: emissions reference them).
CREATE TABLE factors (
  id               bigserial PRIMARY KEY,
  data_entry_type  text NOT NULL,
  year             integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  classification   jsonb NOT NULL CHECK (jsonb_typeof(classification) = 'object'),
  "values"         jsonb NOT NULL CHECK (jsonb_typeof("values") = 'object'),
  source           text NOT NULL,
  -- Last ingestion job whose upload contained this factor (a job id; the pipeline owns the jobs).
  last_seen_job_id bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT factors_identity UNIQUE (data_entry_type, year, classification)
);

CREATE TABLE data_entries (
  id                      bigserial PRIMARY KEY,
  carbon_report_module_id bigint NOT NULL REFERENCES carbon_report_modules (id) ON DELETE CASCADE,
  data_entry_type         text NOT NULL,
  data                    jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
  -- how the entry came in: manual (Path 1), csv, api, demo
  source                  text NOT NULL DEFAULT 'manual',
  created_by              bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);

-- Lists of a module (optionally one type), newest or oldest first.
CREATE INDEX data_entries_module_type_id_idx ON data_entries (carbon_report_module_id, data_entry_type, id);

-- A person number appears once per headcount module; also the traveler lookup of travel writes.
CREATE UNIQUE INDEX data_entries_member_person_number_uq
  ON data_entries (carbon_report_module_id, (data ->> 'user_institutional_id'))
  WHERE data_entry_type = 'member';

-- The member list: members with a person number, ordered by name. Both values are in the index so
-- the list is an index-only scan in order, with no sort and no reading of the jsonb.
CREATE INDEX data_entries_member_name_idx
  ON data_entries (carbon_report_module_id, (data ->> 'name'), (data ->> 'user_institutional_id'))
  WHERE data_entry_type = 'member' AND data ? 'user_institutional_id';

-- Standard users list and count only their own trips.
CREATE INDEX data_entries_traveler_idx
  ON data_entries (carbon_report_module_id, (data ->> 'traveler_id'))
  WHERE data_entry_type IN ('plane', 'train');

CREATE TABLE data_entry_emissions (
  id            bigserial PRIMARY KEY,
  data_entry_id bigint NOT NULL REFERENCES data_entries (id) ON DELETE CASCADE,
  emission_type text NOT NULL,
  -- NULL when no factor applied: the entry is kept and counted, its weight is unknown.
  kg_co2eq      numeric(18, 6),
  quantity      numeric(18, 6) NOT NULL DEFAULT 0,
  quantity_unit text NOT NULL,
  factor_id     bigint REFERENCES factors (id) ON DELETE SET NULL,
  meta          jsonb NOT NULL DEFAULT '{}',
  computed_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (data_entry_id, emission_type)
);
-- Recalculation after a factor changes finds the emissions that used it.
CREATE INDEX data_entry_emissions_factor_idx ON data_entry_emissions (factor_id);

-- Airports and places for type-to-search and for distance computation. `search` is the
-- accent-stripped lower-case name (and IATA code for airports) computed by the loader.
CREATE TYPE location_kind AS ENUM ('airport', 'place');

CREATE TABLE locations (
  id           bigserial PRIMARY KEY,
  kind         location_kind NOT NULL,
  code         text NOT NULL,
  name         text NOT NULL,
  country_code text NOT NULL,
  lat          double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon          double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  population   bigint,
  -- Ranking among matches: population for places, airport size for airports.
  rank         bigint NOT NULL DEFAULT 0,
  search       text NOT NULL,
  UNIQUE (kind, code)
);
-- Prefix search and exact name resolution (text_pattern_ops serves both = and LIKE 'x%').
CREATE INDEX locations_search_prefix_idx ON locations (kind, search text_pattern_ops);
-- Word-inside matches ("york" finds "New York").
CREATE INDEX locations_search_trgm_idx ON locations USING gin (search gin_trgm_ops);

-- Down Migration
DROP TABLE locations;
DROP TYPE location_kind;
DROP TABLE data_entry_emissions;
DROP TABLE data_entries;
DROP TABLE factors;
