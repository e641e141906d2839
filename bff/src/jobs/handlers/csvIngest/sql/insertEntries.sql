-- A batch of validated rows, set-based: $3 is a JSON array of {m: module id, d: data}, each
-- row's data a JSON string. json, not jsonb, and the data as a string: PostgreSQL then scans each
-- row's data once, as a string, and parses it once, into jsonb (as an object inside the batch it
-- was parsed twice: 100,000 trips, docs/performance.md).
INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source, created_by)
SELECT r.m, $1, r.d::jsonb, 'csv', $2
  FROM json_to_recordset($3::json) AS r(m bigint, d text)
