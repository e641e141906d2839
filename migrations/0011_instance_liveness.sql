-- Up Migration
-- An instance's liveness is a database session of its own. Right when it registers in
-- job_instances, an instance takes a session-level advisory lock, keyed
-- (hashtext('job-instance-liveness'), liveness_key), on a connection it keeps for as long as it
-- runs (bff/src/jobs/sql/registerInstance.sql). PostgreSQL releases the lock the moment that
-- session ends: the process was killed, its host died, its connection was cut or the server
-- restarted. Other instances then know at once that its RUNNING jobs are orphaned, instead of
-- waiting for its heartbeat to go stale; the heartbeat rule stays for an instance whose session
-- lives on but which stopped working (a hung process, a network partition the server has not
-- noticed yet).

-- A fresh key at each registration: a session the server still believes alive (a cut the server
-- has not noticed) may hold the previous one, and the instance must not wait for it. The keys
-- wrap around after 2^31 registrations, by when any session holding an early one is long gone.
CREATE SEQUENCE job_instance_liveness_keys AS integer CYCLE;

-- NULL: an instance that registered without a liveness lock (a version before this migration,
-- during a rolling deploy); it is judged by its heartbeat alone.
ALTER TABLE job_instances ADD COLUMN liveness_key integer;

-- Every registered instance, and whether its liveness session has ended: its key is held by no
-- session of this database. A join, so that pg_locks is read once per statement, whatever the
-- number of instances.
CREATE VIEW job_instance_liveness AS
SELECT i.id,
       i.heartbeat_at,
       i.liveness_key,
       i.liveness_key IS NOT NULL AND held.key IS NULL AS session_ended
  FROM job_instances i
  LEFT JOIN (SELECT DISTINCT l.objid AS key
               FROM pg_locks l
              WHERE l.locktype = 'advisory'
                AND l.granted
                AND l.objsubid = 2 -- the two-key form of the advisory lock functions
                AND l.classid = hashtext('job-instance-liveness')::oid
                AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
            ) held ON held.key = i.liveness_key::oid;

-- Down Migration
DROP VIEW job_instance_liveness;
ALTER TABLE job_instances DROP COLUMN liveness_key;
DROP SEQUENCE job_instance_liveness_keys;
