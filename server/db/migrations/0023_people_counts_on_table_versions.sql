-- The kept workforce and alumni counts (people_list_counts, 0015) were
-- keyed on a version of the organisation's workers of their own
-- (people_list_versions, bumped by statement triggers on workers). The
-- data versions of 0021 are that same number for every listed table, the
-- workers included: the counts now key on table_versions ('workers'), and
-- the first mechanism goes. The kept counts were numbered by the old
-- version, so they go too (they are computed again on first read).
DROP TRIGGER people_list_bump_insert ON workers;
DROP TRIGGER people_list_bump_update ON workers;
DROP TRIGGER people_list_bump_delete ON workers;
DROP TRIGGER people_list_bump_truncate ON workers;
DROP FUNCTION people_list_bump();
DROP FUNCTION people_list_truncated();
DROP TABLE people_list_versions;
DELETE FROM people_list_counts;
