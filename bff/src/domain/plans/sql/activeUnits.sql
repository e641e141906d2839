SELECT id::int, name, institutional_id FROM units WHERE is_active ORDER BY name, id
