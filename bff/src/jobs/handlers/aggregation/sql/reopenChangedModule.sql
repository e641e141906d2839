-- Data came in by a bulk ingest since the module row last changed: like any data change (Path 1
-- does the same), a validated or untouched module goes back to in progress.
UPDATE carbon_report_modules m
   SET status = 'in_progress', updated_at = now()
 WHERE m.id = $1
   AND m.status <> 'in_progress'
   AND EXISTS (SELECT 1 FROM data_entries e
                WHERE e.carbon_report_module_id = m.id
                  AND e.source <> 'manual'
                  AND e.created_at > m.updated_at)
RETURNING m.id
