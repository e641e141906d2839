-- The recover endpoint's read: the job under a row lock, with how long its claimer has been
-- silent (NULL when the claimer is gone from job_instances) and how long it has held the job.
SELECT j.*,
       (SELECT extract(epoch FROM now() - i.heartbeat_at) * 1000
          FROM job_instances i WHERE i.id = j.locked_by) AS claimer_silent_ms,
       extract(epoch FROM now() - j.locked_at) * 1000 AS locked_ms,
       j.run_after <= now() AS due
  FROM data_ingestion_jobs j
 WHERE j.id = $1
   FOR UPDATE OF j
