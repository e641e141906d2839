-- Up Migration
-- Standard users list and count only their own rows. For rows linked to a person of the
-- headcount, the owner is the person number in the link's key `traveler_id` (every linked entry
-- type uses it: PERSON_LINK_KEY in shared/src/modules/fields.ts). The index this replaces named the linked entry types, so
-- each new one would have needed a migration; this one is kept for any row that has the key.
-- (A member's own row is found by data_entries_member_person_number_uq, the headcount's rule.)
DROP INDEX data_entries_traveler_idx;
CREATE INDEX data_entries_person_link_idx
  ON data_entries (carbon_report_module_id, (data ->> 'traveler_id'))
  WHERE data ? 'traveler_id';

-- Down Migration
DROP INDEX data_entries_person_link_idx;
CREATE INDEX data_entries_traveler_idx
  ON data_entries (carbon_report_module_id, (data ->> 'traveler_id'))
  WHERE data_entry_type IN ('plane', 'train');
