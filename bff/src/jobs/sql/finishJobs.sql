-- Success of one or several jobs ($2: [{id, result, report, message}]). A job with domain writes
-- is finished alone, inside its domain transaction just before it commits; jobs without any are
-- finished together, several in one statement when they end at about the same time (runner.ts).
-- A missing id: this instance no longer owns that job (rescued elsewhere), so its domain writes
-- roll back.
-- The rows are found by primary key only. The ownership test is written with IS NOT DISTINCT FROM
-- (the same as = here: neither side is null) so that the planner cannot answer it from
-- ix_data_ingestion_jobs_running: that partial index keeps the entries of every job this
-- instance ran until a vacuum removes them, and a scan of it grew with each job finished.
WITH f AS (
  SELECT * FROM jsonb_to_recordset($2::jsonb) AS f(id bigint, result job_result, report jsonb, message text)
)
UPDATE data_ingestion_jobs j
   SET state = 'FINISHED',
       result = f.result,
       report = f.report,
       status_message = f.message,
       progress = j.progress || jsonb_build_object('phase', 'done'),
       finished_at = statement_timestamp()  -- now() would be the start of the domain transaction
  FROM f
 WHERE j.id = ANY (ARRAY(SELECT id FROM f))
   AND j.id = f.id
   AND j.state IS NOT DISTINCT FROM 'RUNNING'
   AND j.locked_by IS NOT DISTINCT FROM $1
RETURNING j.id
