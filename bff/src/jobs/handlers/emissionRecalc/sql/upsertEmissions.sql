-- A batch of computed emissions, set-based: $1 is a JSON array of rows. An entry deleted or
-- changed since it was read (row version) is left to whoever changed it. The batch is json, not
-- jsonb: only each row's meta is converted.
INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, factor_id, meta)
SELECT r.data_entry_id, r.emission_type, r.kg_co2eq, r.quantity, r.quantity_unit, r.factor_id, r.meta
  FROM json_to_recordset($1::json) AS r(data_entry_id bigint, version text, emission_type text, kg_co2eq numeric,
                                          quantity numeric, quantity_unit text, factor_id bigint, meta jsonb)
  JOIN data_entries e ON e.id = r.data_entry_id AND e.xmin::text = r.version
ON CONFLICT (data_entry_id, emission_type) DO UPDATE
   SET kg_co2eq = EXCLUDED.kg_co2eq,
       quantity = EXCLUDED.quantity,
       quantity_unit = EXCLUDED.quantity_unit,
       factor_id = EXCLUDED.factor_id,
       meta = EXCLUDED.meta,
       computed_at = now()
