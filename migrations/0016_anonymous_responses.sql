-- Up Migration
-- Survey modules (the registry's `extrapolated`, commuting) may take anonymous responses — rows
-- with no person number — where the unit chooses so, year by year: a principal switches it on
-- the module (bff/src/domain/surveySettings.ts). Off by default: every response names its person.
ALTER TABLE carbon_report_modules ADD COLUMN anonymous_responses boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE carbon_report_modules DROP COLUMN anonymous_responses;
