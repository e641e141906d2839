SELECT id::int FROM units WHERE id = $1
