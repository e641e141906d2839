-- The year's carbon report of each active reporting unit; existing reports stay as they are.
INSERT INTO carbon_reports (unit_id, year)
SELECT u.id, $2 FROM units u WHERE u.institutional_id = ANY ($1::text[]) AND u.is_active
ON CONFLICT (unit_id, year) DO NOTHING
RETURNING id
