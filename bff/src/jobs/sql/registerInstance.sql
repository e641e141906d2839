-- This instance registers (at its start, and again whenever its liveness session was lost) and
-- takes its liveness lock in the same statement, on the connection it keeps for that
-- (jobs/liveness.ts): other instances see the new key only once it is held. The lock is
-- session-level: it outlives this statement's transaction and lasts exactly as long as the
-- session (migration 0011 reads it back). $2: now, by the instance's clock. A fresh key is held by
-- no one; `locked` false would mean the sequence wrapped onto a key still held, and the instance
-- registers again.
INSERT INTO job_instances AS i (id, heartbeat_at, liveness_key)
VALUES ($1, $2, nextval('job_instance_liveness_keys'))
ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at, liveness_key = EXCLUDED.liveness_key
RETURNING i.liveness_key, pg_try_advisory_lock(hashtext('job-instance-liveness'), i.liveness_key) AS locked
