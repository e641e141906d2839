-- Each listed unit points at its parent (NULL for a root). Answers the parents that name no
-- unit; those children keep their current parent.
WITH wanted AS (
  SELECT * FROM unnest($1::text[], $2::text[]) AS w(child, parent)
), resolved AS (
  SELECT w.child, w.parent, p.id AS parent_id
    FROM wanted w LEFT JOIN units p ON p.institutional_id = w.parent
), linked AS (
  UPDATE units u
     SET parent_id = r.parent_id, updated_at = now()
    FROM resolved r
   WHERE u.institutional_id = r.child
     AND (r.parent IS NULL OR r.parent_id IS NOT NULL)
     AND u.parent_id IS DISTINCT FROM r.parent_id
  RETURNING u.id
)
SELECT child, parent FROM resolved WHERE parent IS NOT NULL AND parent_id IS NULL
