-- A batch of validated rows, set-based: $3 is a JSON array of {m: module id, d: data} (json,
-- not jsonb: only each row's data is converted, not the whole batch first).
INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source, created_by)
SELECT r.m, $1, r.d, 'csv', $2
  FROM json_to_recordset($3::json) AS r(m bigint, d jsonb)
