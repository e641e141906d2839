-- Up Migration
-- The job event trigger of 0008, same payload, cheaper: the pipeline's "still active" test, which
-- needs queries, is computed on its own and only for a job that finished, so that the notice
-- itself is one plain expression, which PL/pgSQL evaluates without starting the executor. Every
-- state change of every job pays for this function (two per job at least): it took about 40 % of
-- PostgreSQL's time per no-op job (docs/performance.md, "Jobs engine").
CREATE OR REPLACE FUNCTION notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state = OLD.state AND NEW.progress = OLD.progress AND NEW.attempts = OLD.attempts THEN
    RETURN NULL;
  END IF;
  -- whether other jobs of the pipeline still wait or run (children are inserted before the
  -- parent finishes, in the same transaction), or the job's next_job has not finished
  active := NEW.state <> 'FINISHED';
  IF NOT active THEN
    active := EXISTS (SELECT 1 FROM data_ingestion_jobs o
                       WHERE o.pipeline_id = NEW.pipeline_id AND o.state <> 'FINISHED' AND o.id <> NEW.id)
           OR (NEW.next_job IS NOT NULL AND EXISTS (
               SELECT 1 FROM data_ingestion_jobs n WHERE n.id = NEW.next_job AND n.state <> 'FINISHED'));
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
    'pipeline_active', active,
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
