-- Up Migration
-- The factor library (bff/data/factors/): default factors for every option, year and country,
-- kept up to date at every start without touching what operators gave (docs/decisions.md,
-- "The factor library"). A factor now says where it came from and what it counts:
--   origin    library (shipped with the service, upgraded at start), upload (an operator's
--             factor file) or carry_over (copied from another year by an operator);
--   edition   the year of its source's edition (a report of another year says which it used);
--   boundary  what the value counts: combustion, with_upstream or life_cycle (null: not a
--             matter of boundary, such as a GWP or an exchange rate).
ALTER TABLE factors
  ADD COLUMN origin text NOT NULL DEFAULT 'upload' CHECK (origin IN ('library', 'upload', 'carry_over')),
  ADD COLUMN edition integer CHECK (edition BETWEEN 1990 AND 2100),
  ADD COLUMN boundary text CHECK (boundary IN ('combustion', 'with_upstream', 'life_cycle'));

-- Rows no job ever wrote are the defaults the service loaded itself: the library takes them over
-- (and corrects them at the next start). An upload or a carry-over always stamps its job.
UPDATE factors SET origin = 'library' WHERE last_seen_job_id IS NULL;
UPDATE factors SET origin = 'carry_over' WHERE last_seen_job_id IS NOT NULL AND source LIKE '% (carried over from ____)';

-- Which library the database holds (a digest of its files): a start whose library is the same
-- reads nothing more.
CREATE TABLE factor_library_state (
  id        boolean PRIMARY KEY DEFAULT true CHECK (id),
  digest    text NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE factor_library_state;
ALTER TABLE factors DROP COLUMN origin, DROP COLUMN edition, DROP COLUMN boundary;
