-- Up Migration
-- Instances remember a few things for a short while: sessions and users (bff/src/auth/
-- authCache.ts), factors and module addresses (bff/src/domain/referenceCache.ts). Every change
-- that makes such a memory stale is announced on one channel, so that all instances forget it at
-- once (bff/src/events/cacheChanges.ts):
--   s:<tag>   a session row deleted (logout, new id at login, expiry pruning); the tag is a hash
--             of the session id, never the id itself
--   u:<id>    a user or one of their roles changed
--   factors   any factor written or deleted
--   modules   a carbon report or module deleted

CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changes', 's:' || left(encode(sha256(convert_to(OLD.sid, 'UTF8')), 'hex'), 32));
  RETURN NULL;
END $$;

CREATE TRIGGER session_ended AFTER DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cache_changes', 'u:' || coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('cache_changes', 'u:' || coalesce(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER user_role_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

-- Once per statement: a factor upload changes many rows and says so once.
CREATE FUNCTION notify_reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE TRIGGER factors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON factors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed('factors');
CREATE TRIGGER report_modules_deleted AFTER DELETE OR TRUNCATE ON carbon_report_modules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed('modules');
CREATE TRIGGER reports_deleted AFTER DELETE OR TRUNCATE ON carbon_reports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed('modules');

-- Down Migration
DROP TRIGGER reports_deleted ON carbon_reports;
DROP TRIGGER report_modules_deleted ON carbon_report_modules;
DROP TRIGGER factors_changed ON factors;
DROP FUNCTION notify_reference_changed();
DROP TRIGGER user_role_changed ON user_roles;
DROP TRIGGER user_changed ON users;
DROP FUNCTION notify_user_changed();
DROP TRIGGER session_ended ON session;
DROP FUNCTION notify_session_ended();
