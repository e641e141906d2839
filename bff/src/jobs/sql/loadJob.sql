-- A job as it is now, after a claim that did not happen, to tell why: whether it is due, and
-- the job it waits for, if any: the first job of its combination accepted before it that is not
-- finished (claimJobs.sql), or else a RUNNING current job of the combination (one claimed before
-- acceptance order was kept).
SELECT j.*,
       j.run_after <= now() AS due,
       (SELECT e.id
          FROM data_ingestion_jobs e
         WHERE e.combination_key = j.combination_key
           AND e.state <> 'FINISHED'
           AND e.id <> j.id
           AND (e.id < j.id OR (e.is_current AND e.state = 'RUNNING'))
         ORDER BY e.id
         LIMIT 1) AS waits_for
  FROM data_ingestion_jobs j
 WHERE j.id = $1
