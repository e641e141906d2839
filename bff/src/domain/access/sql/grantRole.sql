-- A role granted here: a new row, or a row the directory gave, which becomes this page's (so a
-- sync that stops listing the person no longer takes it away). A role already granted here is
-- left alone: no row comes back.
INSERT INTO user_roles (user_id, role, unit_id, source)
VALUES ($1, $2::user_role, $3::bigint, 'manual')
ON CONFLICT (user_id, role, unit_id) DO UPDATE SET source = 'manual' WHERE user_roles.source = 'directory'
RETURNING id
