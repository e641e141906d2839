-- Rows written so far per table by this session's open transaction (plus, since PostgreSQL 15,
-- recent transactions whose statistics are not flushed yet: hence a before/after comparison).
SELECT coalesce(jsonb_object_agg(relname, n_tup_ins + n_tup_upd + n_tup_del), '{}') AS counts
  FROM pg_stat_xact_user_tables
 WHERE n_tup_ins + n_tup_upd + n_tup_del > 0
