-- Rows written per table (of the current schema) by this session: its open transaction plus,
-- since PostgreSQL 15, recent transactions whose statistics are not flushed yet (flushing waits
-- for the session to leave its transaction). Read when a job's domain transaction begins and
-- again before it commits: the difference is what the transaction wrote (one writer per table).
SELECT coalesce(jsonb_object_agg(c.relname, w.n), '{}') AS counts
  FROM pg_class c
 CROSS JOIN LATERAL (SELECT pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid)
                            + pg_stat_get_xact_tuples_deleted(c.oid) AS n) w
 WHERE c.relkind IN ('r', 'p')
   AND c.relnamespace = current_schema()::regnamespace
   AND w.n > 0
