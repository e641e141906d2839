-- One job, with the name of the user who submitted it (NULL for the system's own jobs).
SELECT j.*, u.name AS submitted_by
  FROM data_ingestion_jobs j
  LEFT JOIN users u ON u.id = j.created_by
 WHERE j.id = $1
