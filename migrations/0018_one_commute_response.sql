-- Up Migration
-- One commuting response per person, unit and year. A survey counts each respondent once when it
-- extrapolates to the unit's FTE, so a second row of its entry type (`commute`, which says
-- `onePerPerson` in the registry) with the same person number in the same module is refused by
-- this index, whoever writes it and however many at once: Path 1, a file, or both together. The
-- BFF knows the refusal by the index's name (bff/src/domain/entries/common.ts) and checks files
-- beforehand (a row error). Responses that name nobody (anonymous, migration 0016) have no person
-- number: NULLs are distinct, so any number of them is taken. A new entry type that takes one row
-- per person is added to the list here by a migration of its own (an integration test asks for it).
--
-- A database that already holds several responses of one person in one module cannot take the
-- index: the migration stops, saying so, before it tries (docs/operations.md, "One commuting
-- response per person").
DO $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM (
    SELECT 1 FROM data_entries
     WHERE data_entry_type IN ('commute') AND data ? 'traveler_id'
     GROUP BY carbon_report_module_id, data_entry_type, data ->> 'traveler_id'
    HAVING count(*) > 1) twice;
  IF n > 0 THEN
    RAISE EXCEPTION '% more than one commuting response in a unit and year: keep one each, then migrate again (docs/operations.md, "One commuting response per person")',
      CASE WHEN n = 1 THEN '1 person has' ELSE n || ' people have' END;
  END IF;
END $$;

CREATE UNIQUE INDEX data_entries_one_response_per_person_uq
  ON data_entries (carbon_report_module_id, data_entry_type, (data ->> 'traveler_id'))
  WHERE data_entry_type IN ('commute');

-- Down Migration
DROP INDEX data_entries_one_response_per_person_uq;
