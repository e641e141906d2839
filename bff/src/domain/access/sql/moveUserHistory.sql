-- Every other row that names the merged account by a foreign key, made to name the account it
-- goes into: who created entries, jobs and uploads, earlier merges into the merged account
-- (their identities now sign in on the surviving one), who set a target or created a scenario. A
-- new foreign key to users belongs here (bff/test/accountMerge.test.ts lists them from the
-- catalogue). Audit lines name actors without a foreign key and are never changed: the audit read
-- follows user_merges instead.
-- $1: merged account; $2: the one it goes into.
WITH entries AS (UPDATE data_entries SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     jobs AS (UPDATE data_ingestion_jobs SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     uploads AS (UPDATE uploads SET created_by = $2 WHERE created_by = $1 RETURNING 1),
     merges AS (UPDATE user_merges SET into_user_id = $2 WHERE into_user_id = $1 RETURNING 1),
     -- Who last set a target and who created a scenario (PostgreSQL runs a data-modifying WITH
     -- whether or not the answer reads it; their counts are not reported).
     targets AS (UPDATE plan_targets SET updated_by = $2 WHERE updated_by = $1 RETURNING 1),
     scenarios AS (UPDATE plan_scenarios SET created_by = $2 WHERE created_by = $1 RETURNING 1)
SELECT (SELECT count(*) FROM entries)::int AS entries,
       (SELECT count(*) FROM jobs)::int AS jobs,
       (SELECT count(*) FROM uploads)::int AS uploads,
       (SELECT count(*) FROM merges)::int AS merges
