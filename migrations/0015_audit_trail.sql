-- Up Migration
-- The audit trail: one line per thing someone did that an auditor asks about (sign-ins, uploads
-- and what they imported, factor uploads and carry-overs, recalculations, job recoveries, module
-- validations and reopenings, unit syncs, role grants and revocations). Each line is written in
-- the transaction of its action, so an action that rolls back leaves none
-- (bff/src/domain/audit/index.ts).
--
-- Append-only: no route updates or deletes a line, and the triggers below refuse it to every
-- session, the owner's included (privileges alone do not bind the table's owner, which is the
-- role the application connects as in most deployments).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  -- The action's transaction time.
  at          timestamptz NOT NULL DEFAULT now(),
  -- users.id without a foreign key: a line must outlive its actor and must never be changed by a
  -- cascade. The name and email are copied as they were, for the same reason. NULL = the system.
  actor_id    bigint,
  actor_name  text,
  actor_email text,
  action      text NOT NULL CHECK (action ~ '^[a-z][a-z_]*$'),
  -- The unit the action was about, when it was about one (also without a foreign key).
  unit_id     bigint,
  details     jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object')
);
-- Newest first, whatever the filter: each filter has its index ending in the same order.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_unit_idx ON audit_log (unit_id, at DESC, id DESC);

CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;

-- Down Migration
DROP TABLE audit_log;
DROP FUNCTION refuse_audit_change();
