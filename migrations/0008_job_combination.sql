-- Up Migration
-- A job's combination (job type, entity type, target, module type, data entry type, unit, year)
-- is defined here once, as a key every job row carries. The claim, the blocked-job checks, the
-- indexes, the insert-time serialisation and the runners' in-process waiters all use this key;
-- none of them lists the seven columns again. Jobs of one combination run in the order they
-- were accepted (their id order, which job creation keeps equal to commit order).

-- The key as text, unambiguous whatever the values: the type and enum labels hold no space or
-- quote, the two free-text columns are quoted literals, and NULL is spelt NULL, never quoted.
-- Example: csv_ingest MODULE_UNIT_SPECIFIC DATA_ENTRIES 'headcount' 'member' 12 2025
-- Declared IMMUTABLE, which a generated column and an index need, although the text of an enum
-- value is only STABLE to PostgreSQL: it would change if an enum label were renamed (ALTER TYPE
-- ... RENAME VALUE). This schema never renames its labels; a migration that did would have to
-- rewrite the column (UPDATE ... SET job_type = job_type) and REINDEX.
CREATE FUNCTION job_combination(job_type text, entity_type job_entity_type, target job_target,
                                module_type text, data_entry_type text, unit_id bigint, year integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN job_type || ' ' || entity_type::text || ' ' || target::text || ' '
    || quote_nullable(module_type) || ' ' || quote_nullable(data_entry_type) || ' '
    || coalesce(unit_id::text, 'NULL') || ' ' || coalesce(year::text, 'NULL');

ALTER TABLE data_ingestion_jobs
  ADD COLUMN combination_key text NOT NULL
  GENERATED ALWAYS AS (job_combination(job_type, entity_type, target, module_type, data_entry_type, unit_id, year)) STORED;

-- At most one current job per combination (the index name is part of the service's contract; the
-- claim reports a violation of it as "blocked"). It also serves "the current job of this
-- combination" (the claim's pre-step), which needed a second index before.
DROP INDEX ix_data_ingestion_jobs_current_lookup;
DROP INDEX ix_data_ingestion_jobs_is_current_unique;
CREATE UNIQUE INDEX ix_data_ingestion_jobs_is_current_unique ON data_ingestion_jobs (combination_key) WHERE is_current;

-- "Is a job of this combination accepted before this one still unfinished?": one probe of this
-- index, in the claim, the poller's select and the read that says what a job waits for.
CREATE INDEX ix_data_ingestion_jobs_unfinished ON data_ingestion_jobs (combination_key, id) WHERE state <> 'FINISHED';

-- The event trigger of 0005, also carrying the combination key: a runner wakes the jobs it holds
-- back for a combination when a job of that combination finishes anywhere.
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
    'combination_key', NEW.combination_key,
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
       WHERE o.pipeline_id = NEW.pipeline_id AND o.state <> 'FINISHED' AND o.id <> NEW.id)
      OR (NEW.next_job IS NOT NULL AND EXISTS (
      SELECT 1 FROM data_ingestion_jobs n WHERE n.id = NEW.next_job AND n.state <> 'FINISHED')),
    'stats', CASE WHEN NEW.job_type = 'aggregation' AND NEW.state = 'FINISHED' THEN NEW.report -> 'stats' END,
    'at', floor(extract(epoch FROM clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END $$;
DROP INDEX ix_data_ingestion_jobs_unfinished;
DROP INDEX ix_data_ingestion_jobs_is_current_unique;
ALTER TABLE data_ingestion_jobs DROP COLUMN combination_key;
CREATE UNIQUE INDEX ix_data_ingestion_jobs_is_current_unique ON data_ingestion_jobs
  (job_type, entity_type, target, module_type, data_entry_type, unit_id, year) NULLS NOT DISTINCT
  WHERE is_current;
CREATE INDEX ix_data_ingestion_jobs_current_lookup ON data_ingestion_jobs
  (job_type, entity_type, target, coalesce(module_type, ''), coalesce(data_entry_type, ''), coalesce(unit_id, 0), coalesce(year, 0))
  WHERE is_current;
DROP FUNCTION job_combination(text, job_entity_type, job_target, text, text, bigint, integer);
