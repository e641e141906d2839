-- Up Migration
-- Path 2 bulk pipeline: uploaded CSV bodies live in the database so that any instance
-- can run the job that reads them; job events keep a module "recalculating" until the
-- (de-duplicated) aggregation it waits for has finished, and carry that aggregation's stats.

CREATE TABLE uploads (
  id         bigserial PRIMARY KEY,
  sha256     text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes      bigint NOT NULL CHECK (bytes >= 0),
  content    bytea NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Stored out of line without compression: jobs read the body in slices (substring), which then
-- touches only the chunks it needs, and uploads are not slowed by compressing megabytes.
ALTER TABLE uploads ALTER COLUMN content SET STORAGE EXTERNAL;
-- "Was this exact file uploaded before?" and housekeeping by age.
CREATE INDEX uploads_sha256_idx ON uploads (sha256);
CREATE INDEX uploads_created_at_idx ON uploads (created_at);

-- The event trigger of 0004, with two additions:
--  * pipeline_active is also true while the job's next_job has not finished: an emission_recalc
--    whose aggregation was de-duplicated onto another pipeline's waiting job keeps its module
--    "recalculating" until that aggregation is done;
--  * a finished aggregation publishes the stats it wrote (report.stats, present only for
--    one unit's module, so the payload stays far below NOTIFY's 8 kB).
CREATE OR REPLACE FUNCTION notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
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
    'pipeline_active', NEW.state <> 'FINISHED' OR EXISTS (
      SELECT 1 FROM data_ingestion_jobs o
       WHERE o.pipeline_id = NEW.pipeline_id AND o.state <> 'FINISHED' AND o.id <> NEW.id)
      OR (NEW.next_job IS NOT NULL AND EXISTS (
      SELECT 1 FROM data_ingestion_jobs n WHERE n.id = NEW.next_job AND n.state <> 'FINISHED')),
    'stats', CASE WHEN NEW.job_type = 'aggregation' AND NEW.state = 'FINISHED' THEN NEW.report -> 'stats' END,
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state = OLD.state AND NEW.progress = OLD.progress AND NEW.attempts = OLD.attempts THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('job_events', json_build_object(
    'id', NEW.id, 'pipeline_id', NEW.pipeline_id, 'job_type', NEW.job_type, 'entity_type', NEW.entity_type,
    'target', NEW.target, 'module_type', NEW.module_type, 'data_entry_type', NEW.data_entry_type,
    'unit_id', NEW.unit_id, 'year', NEW.year, 'state', NEW.state, 'result', NEW.result,
    'attempts', NEW.attempts, 'progress', NEW.progress,
    'pipeline_active', NEW.state <> 'FINISHED' OR EXISTS (
      SELECT 1 FROM data_ingestion_jobs o
       WHERE o.pipeline_id = NEW.pipeline_id AND o.state <> 'FINISHED' AND o.id <> NEW.id),
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;
DROP TABLE uploads;
