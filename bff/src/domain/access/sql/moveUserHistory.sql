-- Every other row that names the merged account by a foreign key, made to name the account it
-- goes into: who created entries, jobs and uploads, and earlier merges into the merged account
-- (their identities now sign in on the surviving one). A new foreign key to users belongs here
-- (bff/test/accountMerge.test.ts lists them from the catalogue). Audit lines name actors without
-- a foreign key and are never changed: the audit read follows user_merges instead.
-- $1: merged account; $2: the one it goes into.
WITH entries AS (UPDATE data_entries SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     jobs AS (UPDATE data_ingestion_jobs SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     uploads AS (UPDATE uploads SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     merges AS (UPDATE user_merges SET into_user_id = $2 WHERE into_user_id = $1 RETURNING 1)
SELECT (SELECT count(*) FROM entries)::int AS entries,
       (SELECT count(*) FROM jobs)::int AS jobs,
       (SELECT count(*) FROM uploads)::int AS uploads,
       (SELECT count(*) FROM merges)::int AS merges
