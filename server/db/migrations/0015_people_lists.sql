-- The people lists at scale (issue 7: /v2/people and /v2/alumnus over 100k
-- people; server/modules/people/sql.ts). Indexes only, and one free-text
-- function.

-- Every list statement asks "which of this person's workers match the menu,
-- the stage today and the filters": the person's workers with their type
-- and lifecycle dates in the index itself, so the probe per person (a page
-- walked in name order) and the counts (every worker, grouped by person in
-- index order) read no table rows once the visibility map is set.
-- A menu of one worker type (all but All) reads its type's entries only,
-- in person order (a count groups them as they come, without a sort).
CREATE INDEX workers_person_lifecycle ON workers (org_id, person_id)
  INCLUDE (id, worker_type, offered_on, offer_accepted_on, joining_confirmed_on, started_on, leaving_notified_on, ended_on);
CREATE INDEX workers_type_person_lifecycle ON workers (org_id, worker_type, person_id)
  INCLUDE (id, offered_on, offer_accepted_on, joining_confirmed_on, started_on, leaving_notified_on, ended_on);
-- JOINED_ON / LEFT_ON: workers walked in date order (undated last, then
-- id) either way, so a page reads only its first rows (a deep page reads
-- the other index backwards); the alumni's leaving dates likewise.
CREATE INDEX workers_org_started_id ON workers (org_id, started_on, id);
CREATE INDEX workers_org_started_desc_id ON workers (org_id, started_on DESC NULLS LAST, id DESC);
CREATE INDEX workers_org_ended_id ON workers (org_id, ended_on, id);
CREATE INDEX workers_org_ended_desc_id ON workers (org_id, ended_on DESC NULLS LAST, id DESC);
-- The position filter (the unit filter has worker_assignments_unit).
CREATE INDEX worker_assignments_position ON worker_assignments (position_id, valid_from);

-- Free text: a person's name with or without the space (people_search_ids,
-- 0007, and people_name_search, 0004, answer "family given"), the kana with
-- or without it, the e-mails; a worker's number and e-mail. As with 0005 and
-- 0007, under RLS PostgreSQL will not use a trigram index for a
-- non-leakproof ILIKE, so a SECURITY DEFINER function filters by the
-- caller's organisation itself and matches the indexes' expressions, then
-- decides field by field (a match across two fields is none).
CREATE INDEX people_list_search ON people USING gin ((family_name || given_name || ' ' || coalesce(family_name_kana, '') || coalesce(given_name_kana, '')
  || ' ' || coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '') || ' ' || coalesce(email, '') || ' ' || coalesce(personal_email, '')) gin_trgm_ops);
CREATE INDEX workers_list_search ON workers USING gin ((coalesce(worker_number, '') || ' ' || coalesce(primary_email, '')) gin_trgm_ops);

CREATE FUNCTION people_list_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.id FROM people_search_ids(p_pattern) AS s(id)
  UNION
  SELECT id FROM people
  WHERE org_id = app_org_id()
    AND (family_name || given_name || ' ' || coalesce(family_name_kana, '') || coalesce(given_name_kana, '')
      || ' ' || coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '') || ' ' || coalesce(email, '') || ' ' || coalesce(personal_email, '')) ILIKE p_pattern
    AND ((family_name || given_name) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR email ILIKE p_pattern OR personal_email ILIKE p_pattern)
  UNION
  SELECT person_id FROM workers
  WHERE org_id = app_org_id()
    AND (coalesce(worker_number, '') || ' ' || coalesce(primary_email, '')) ILIKE p_pattern
    AND (worker_number ILIKE p_pattern OR primary_email ILIKE p_pattern)
$$;
REVOKE ALL ON FUNCTION people_list_search_ids(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION people_list_search_ids(text) TO daicho_app;

ANALYZE workers;
ANALYZE people;

-- The lists' counts without filters (the default page, the category tabs),
-- kept per organisation, day (Japan time: the stages are today's) and
-- version of the organisation's workers, which every write to workers bumps
-- (statement triggers, like row_counts of 0004). A count is computed once per
-- day and version and then read in one indexed row; a reader whose snapshot
-- predates a write stores its count under the old version, which no later
-- reader asks for. server/modules/people/sql.ts (cachedCounts).
CREATE TABLE people_list_versions (
  org_id uuid PRIMARY KEY REFERENCES organizations(id),
  v bigint NOT NULL
);
CREATE TABLE people_list_counts (
  org_id uuid NOT NULL REFERENCES organizations(id),
  list text NOT NULL,
  day date NOT NULL,
  v bigint NOT NULL,
  counts jsonb NOT NULL,
  PRIMARY KEY (org_id, list, day, v)
);
ALTER TABLE people_list_versions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_list_versions USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT ON people_list_versions TO daicho_app;
ALTER TABLE people_list_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_list_counts USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON people_list_counts TO daicho_app;

CREATE FUNCTION people_list_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO people_list_versions (org_id, v) SELECT DISTINCT org_id, 1 FROM changed_rows
  ON CONFLICT (org_id) DO UPDATE SET v = people_list_versions.v + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER people_list_bump_insert AFTER INSERT ON workers REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION people_list_bump();
CREATE TRIGGER people_list_bump_update AFTER UPDATE ON workers REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION people_list_bump();
CREATE TRIGGER people_list_bump_delete AFTER DELETE ON workers REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION people_list_bump();
CREATE FUNCTION people_list_truncated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE people_list_versions SET v = v + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER people_list_bump_truncate AFTER TRUNCATE ON workers FOR EACH STATEMENT EXECUTE FUNCTION people_list_truncated();
