-- Up Migration
-- Job pipeline: tracked background jobs, liveness of BFF instances, job events
-- through NOTIFY, and principal roles that come from the unit directory.

CREATE TYPE job_entity_type AS ENUM ('MODULE_PER_YEAR', 'MODULE_UNIT_SPECIFIC', 'GLOBAL_PER_YEAR');
CREATE TYPE job_target AS ENUM ('DATA_ENTRIES', 'FACTORS', 'UNITS', 'STATS');
CREATE TYPE job_state AS ENUM ('NOT_STARTED', 'RUNNING', 'FINISHED');
CREATE TYPE job_result AS ENUM ('SUCCESS', 'WARNING', 'ERROR');

-- One row per running BFF process; a RUNNING job whose instance stopped beating is rescued.
CREATE TABLE job_instances (
  id           text PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE data_ingestion_jobs (
  id              bigserial PRIMARY KEY CHECK (id > 0),
  -- Known types live in shared/src/jobs.ts; the column stays open so that handlers can be added
  -- (and tested) without a schema change.
  job_type        text NOT NULL CHECK (job_type ~ '^[a-z][a-z0-9_]{0,62}$'),
  entity_type     job_entity_type NOT NULL,
  target          job_target NOT NULL,
  module_type     text CHECK (module_type <> ''),
  data_entry_type text CHECK (data_entry_type <> ''),
  unit_id         bigint REFERENCES units (id) ON DELETE CASCADE,
  year            integer CHECK (year BETWEEN 1990 AND 2100),
  state           job_state NOT NULL DEFAULT 'NOT_STARTED',
  result          job_result,
  is_current      boolean NOT NULL DEFAULT false,
  locked_by       text,
  locked_at       timestamptz,
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts    integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  run_after       timestamptz NOT NULL DEFAULT now(),
  pipeline_id     uuid NOT NULL DEFAULT gen_random_uuid(),
  next_job        bigint REFERENCES data_ingestion_jobs (id) ON DELETE SET NULL,
  started_at      timestamptz,
  finished_at     timestamptz,
  payload         jsonb NOT NULL DEFAULT '{}',
  progress        jsonb NOT NULL DEFAULT '{}',
  report          jsonb,
  status_message  text,
  created_by      bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- A result exactly when finished; a claimer exactly when running (a finished job keeps the
  -- name of the instance that ran it, for the job console).
  CHECK ((state = 'FINISHED') = (result IS NOT NULL)),
  CHECK (state <> 'RUNNING' OR locked_by IS NOT NULL),
  CHECK (state <> 'NOT_STARTED' OR locked_by IS NULL)
);

-- At most one current job per combination; the second of two concurrent claims fails here.
CREATE UNIQUE INDEX ix_data_ingestion_jobs_is_current_unique ON data_ingestion_jobs
  (job_type, entity_type, target, module_type, data_entry_type, unit_id, year) NULLS NOT DISTINCT
  WHERE is_current;

-- Finding the current job of a combination (claim pre-step, recovery). NULLs are keyed as '' and
-- 0, values no real job takes (the CHECKs above; unit ids and years are positive), which makes
-- the whole combination an index key (IS NOT DISTINCT FROM is not indexable).
CREATE INDEX ix_data_ingestion_jobs_current_lookup ON data_ingestion_jobs
  (job_type, entity_type, target, coalesce(module_type, ''), coalesce(data_entry_type, ''), coalesce(unit_id, 0), coalesce(year, 0))
  WHERE is_current;

-- The safety poller's select: due, unclaimed jobs in run order (a NOT_STARTED job is never
-- claimed: see the CHECKs).
CREATE INDEX ix_data_ingestion_jobs_due ON data_ingestion_jobs (run_after, id) WHERE state = 'NOT_STARTED';

-- Rescue and shutdown release look up RUNNING jobs by claimer.
CREATE INDEX ix_data_ingestion_jobs_running ON data_ingestion_jobs (locked_by) WHERE state = 'RUNNING';

-- Jobs of a pipeline: per-pipeline queries, and "is this pipeline still going" at each event.
CREATE INDEX ix_data_ingestion_jobs_pipeline ON data_ingestion_jobs (pipeline_id, id);
CREATE INDEX ix_data_ingestion_jobs_unit ON data_ingestion_jobs (unit_id, id) WHERE unit_id IS NOT NULL;
CREATE INDEX ix_data_ingestion_jobs_next_job ON data_ingestion_jobs (next_job) WHERE next_job IS NOT NULL;

-- Aggregation de-duplication: at most one never-claimed aggregation waits per scope, so N
-- concurrent recalculations chain onto one job (INSERT … ON CONFLICT on this index). Jobs sent
-- back to NOT_STARTED by a retry or rescue (attempts > 0) are outside it.
CREATE UNIQUE INDEX ix_data_ingestion_jobs_aggregation_pending ON data_ingestion_jobs
  (module_type, year, unit_id) NULLS NOT DISTINCT
  WHERE job_type = 'aggregation' AND state = 'NOT_STARTED' AND attempts = 0;

-- Every state change and progress step is published in the transaction that makes it, so a
-- listener never hears of a change that did not commit. The payload stays small (NOTIFY caps
-- it at 8 kB): ids, scope, state and progress.
CREATE FUNCTION notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state = OLD.state AND NEW.progress = OLD.progress AND NEW.attempts = OLD.attempts THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('job_events', json_build_object(
    'id', NEW.id,
    'pipeline_id', NEW.pipeline_id,
    'job_type', NEW.job_type,
    'entity_type', NEW.entity_type,
    'target', NEW.target,
    'module_type', NEW.module_type,
    'data_entry_type', NEW.data_entry_type,
    'unit_id', NEW.unit_id,
    'year', NEW.year,
    'state', NEW.state,
    'result', NEW.result,
    'attempts', NEW.attempts,
    'progress', NEW.progress,
    -- whether other jobs of the pipeline still wait or run (children are inserted before the
    -- parent finishes, in the same transaction)
    'pipeline_active', NEW.state <> 'FINISHED' OR EXISTS (
      SELECT 1 FROM data_ingestion_jobs o
       WHERE o.pipeline_id = NEW.pipeline_id AND o.state <> 'FINISHED' AND o.id <> NEW.id),
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;

CREATE TRIGGER data_ingestion_jobs_notify
  AFTER INSERT OR UPDATE OF state, progress, attempts ON data_ingestion_jobs
  FOR EACH ROW EXECUTE FUNCTION notify_job_event();

-- Principals named by the unit directory, by person number. Users who have not signed in yet
-- have no users row; their grant waits here and becomes a user_roles row when the user appears
-- (trigger below). Roles written this way are marked 'directory' so a later sync can revoke
-- them without touching roles granted by an administrator.
ALTER TABLE user_roles ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'directory'));

CREATE TABLE directory_principals (
  unit_id       bigint NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  person_number bigint NOT NULL,
  synced_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, person_number)
);
CREATE INDEX directory_principals_person_number_idx ON directory_principals (person_number);

CREATE FUNCTION grant_directory_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_roles r
   WHERE r.user_id = NEW.id AND r.source = 'directory'
     AND NOT EXISTS (SELECT 1 FROM directory_principals p
                      WHERE p.person_number = NEW.person_number AND p.unit_id = r.unit_id);
  INSERT INTO user_roles (user_id, role, unit_id, source)
  SELECT NEW.id, 'principal', p.unit_id, 'directory'
    FROM directory_principals p
   WHERE p.person_number = NEW.person_number
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER users_directory_roles
  AFTER INSERT OR UPDATE OF person_number ON users
  FOR EACH ROW EXECUTE FUNCTION grant_directory_roles();

-- Down Migration
DROP TRIGGER users_directory_roles ON users;
DROP FUNCTION grant_directory_roles();
DROP TABLE directory_principals;
ALTER TABLE user_roles DROP COLUMN source;
DROP TABLE data_ingestion_jobs;
DROP FUNCTION notify_job_event();
DROP TABLE job_instances;
DROP TYPE job_result;
DROP TYPE job_state;
DROP TYPE job_target;
DROP TYPE job_entity_type;
