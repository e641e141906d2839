-- Up Migration
-- Instances remember sessions and users for a short while (bff/src/auth/authCache.ts). Every
-- change that makes such a memory stale is announced here, so that all instances forget it at
-- once: a session row deleted (logout, new id at login, expiry pruning), a user or a role changed.
-- A session is named by a tag (a hash of its id), never by the id itself.

CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 's:' || left(encode(sha256(convert_to(OLD.sid, 'UTF8')), 'hex'), 32));
  RETURN NULL;
END $$;

CREATE TRIGGER session_ended AFTER DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changes', 'u:' || coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('auth_changes', 'u:' || coalesce(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER user_role_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

-- Down Migration
DROP TRIGGER user_role_changed ON user_roles;
DROP TRIGGER user_changed ON users;
DROP FUNCTION notify_user_changed();
DROP TRIGGER session_ended ON session;
DROP FUNCTION notify_session_ended();
