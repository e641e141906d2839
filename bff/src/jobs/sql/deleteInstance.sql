-- A cleanly stopped instance leaves the liveness table.
DELETE FROM job_instances WHERE id = $1
