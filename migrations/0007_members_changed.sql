-- Up Migration
-- Instances remember each headcount's list of members for the member list (bff/src/domain/
-- referenceCache.ts). Any statement that adds, changes or removes member entries, whoever runs
-- it (Path 1, csv_ingest, a cascade), announces the modules it touched on the cache channel:
--   m:<module id>   the members of that headcount module changed
--   members         every member list (TRUNCATE)
-- A notice is not a table write: the ingest jobs still write data_entries only.

-- Once per statement; PostgreSQL folds identical notices of one transaction into one.
CREATE FUNCTION notify_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changes', 'm:' || t.module_id)
     FROM (SELECT DISTINCT carbon_report_module_id AS module_id FROM changed_rows WHERE data_entry_type = 'member') t;
  RETURN NULL;
END $$;

-- A trigger with a transition table takes one event, hence three (same table name for one function).
CREATE TRIGGER members_inserted AFTER INSERT ON data_entries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_members_changed();
CREATE TRIGGER members_updated AFTER UPDATE ON data_entries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_members_changed();
CREATE TRIGGER members_deleted AFTER DELETE ON data_entries
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_members_changed();
CREATE TRIGGER members_truncated AFTER TRUNCATE ON data_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_changed('members');

-- Down Migration
DROP TRIGGER members_truncated ON data_entries;
DROP TRIGGER members_deleted ON data_entries;
DROP TRIGGER members_updated ON data_entries;
DROP TRIGGER members_inserted ON data_entries;
DROP FUNCTION notify_members_changed();
