-- Up Migration
-- A carbon report per unit and year; it holds one row per module.

CREATE TABLE carbon_reports (
  id         bigserial PRIMARY KEY,
  unit_id    bigint NOT NULL REFERENCES units (id),
  year       integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  stats      jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (unit_id, year)
);

CREATE TYPE module_status AS ENUM ('not_started', 'in_progress', 'validated');

CREATE TABLE carbon_report_modules (
  id               bigserial PRIMARY KEY,
  carbon_report_id bigint NOT NULL REFERENCES carbon_reports (id) ON DELETE CASCADE,
  module_type      text NOT NULL,
  status           module_status NOT NULL DEFAULT 'not_started',
  stats            jsonb NOT NULL DEFAULT '{}',
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (carbon_report_id, module_type)
);

-- Down Migration
DROP TABLE carbon_report_modules;
DROP TYPE module_status;
DROP TABLE carbon_reports;
