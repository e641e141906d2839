-- The job console: optional filters (NULL = any), visibility by unit, newest first by default.
-- Always one row at least, so the total is known even past the last page (then id is NULL).
-- Each job comes with the name of the user who submitted it (NULL for the system's own jobs).
WITH filtered AS (
  SELECT j.*
    FROM data_ingestion_jobs j
   WHERE ($1::job_state IS NULL OR j.state = $1)
     AND ($2::text IS NULL OR j.job_type = $2)
     AND ($3::integer IS NULL OR j.year = $3)
     AND ($4::uuid IS NULL OR j.pipeline_id = $4)
     AND ($5::bigint IS NULL OR j.unit_id = $5)
     AND ($6::boolean OR j.unit_id = ANY ($7::bigint[]))
)
SELECT page.*, counted.total
  FROM (SELECT count(*) AS total FROM filtered) counted
  LEFT JOIN LATERAL (
    -- Who submitted it, by name, for people reading the console.
    SELECT f.*, u.name AS submitted_by
      FROM filtered f
      LEFT JOIN users u ON u.id = f.created_by
     ORDER BY
       CASE WHEN $8 = 'started_at' AND $9 = 'asc' THEN f.started_at END ASC NULLS LAST,
       CASE WHEN $8 = 'started_at' AND $9 = 'desc' THEN f.started_at END DESC NULLS LAST,
       CASE WHEN $8 = 'finished_at' AND $9 = 'asc' THEN f.finished_at END ASC NULLS LAST,
       CASE WHEN $8 = 'finished_at' AND $9 = 'desc' THEN f.finished_at END DESC NULLS LAST,
       CASE WHEN $9 = 'asc' THEN f.id END ASC,
       f.id DESC
     LIMIT $10 OFFSET $11
  ) page ON true
