-- Audit lines matching the filters (each NULL = any), newest first, one page of them, and how
-- many match in all. Dates are whole UTC days, both ends included.
WITH matched AS (
  SELECT a.*
    FROM audit_log a
   WHERE ($1::text IS NULL OR a.action = $1)
     -- An account's lines, and those of the accounts merged into it (user_merges): lines keep
     -- the id their actor had.
     AND ($2::bigint IS NULL OR a.actor_id = ANY (ARRAY(SELECT $2::bigint UNION ALL
                                                         SELECT m.merged_user_id FROM user_merges m WHERE m.into_user_id = $2)))
     AND ($3::text IS NULL OR a.actor_name ILIKE $3 OR a.actor_email ILIKE $3)
     AND ($4::bigint IS NULL OR a.unit_id = $4)
     AND ($5::date IS NULL OR a.at >= ($5::date)::timestamp AT TIME ZONE 'UTC')
     AND ($6::date IS NULL OR a.at < ($6::date + 1)::timestamp AT TIME ZONE 'UTC')
)
SELECT (SELECT count(*) FROM matched) AS total,
       coalesce((SELECT json_agg(p ORDER BY p.at DESC, p.id DESC) FROM (
         SELECT m.id, m.at, m.actor_id, m.actor_name, m.actor_email, m.action, m.unit_id, un.name AS unit_name, m.details
           FROM matched m LEFT JOIN units un ON un.id = m.unit_id
          ORDER BY m.at DESC, m.id DESC
          LIMIT $7 OFFSET $8) p), '[]') AS lines
