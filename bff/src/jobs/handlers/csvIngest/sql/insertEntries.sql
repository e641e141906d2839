-- A batch of validated rows, set-based: $3 is a JSON array of {m: module id, d: data}.
INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source, created_by)
SELECT r.m, $1, r.d, 'csv', $2
  FROM jsonb_to_recordset($3::jsonb) AS r(m bigint, d jsonb)
