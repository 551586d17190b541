-- Data versions: per organisation and table, a number that grows with every
-- committed write (insert, update, delete, truncate) to the table. A list
-- response built from some tables can then be reused, or answered with
-- 304 Not Modified, for as long as the sum of those tables' versions is the
-- one it was built under (server/http/list-cache.ts). Versions only grow, so
-- the sum over a fixed set of tables grows with any write to one of them:
-- equal sums mean no write in between.
--
-- Written once per statement from its transition table (a 100,000-row
-- import bumps once). The version row is locked until the writing
-- transaction ends, like row_counts (0004): writers of one table in one
-- organisation queue on it briefly; a reader never waits.
--
-- Which tables carry the triggers: every table a cached list reads
-- (LIST_CACHE_TABLES in server/modules/module/sql.ts; a test checks that
-- each has them). A new one gets them with SELECT track_table_versions('t').
CREATE TABLE table_versions (
  org_id uuid NOT NULL REFERENCES organizations(id),
  table_name text NOT NULL,
  v bigint NOT NULL,
  PRIMARY KEY (org_id, table_name)
);
ALTER TABLE table_versions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON table_versions USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT ON table_versions TO daicho_app;

CREATE FUNCTION table_versions_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO table_versions (org_id, table_name, v)
  SELECT DISTINCT org_id, TG_TABLE_NAME, 1 FROM changed_rows
  ON CONFLICT (org_id, table_name) DO UPDATE SET v = table_versions.v + 1;
  RETURN NULL;
END
$$;
CREATE FUNCTION table_versions_truncated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE table_versions SET v = v + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

-- The four triggers on one table (idempotent).
CREATE FUNCTION track_table_versions(t regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = t);
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS table_versions_insert ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS table_versions_update ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS table_versions_delete ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS table_versions_truncate ON %s', t);
  EXECUTE format('CREATE TRIGGER table_versions_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION table_versions_bump()', t);
  EXECUTE format('CREATE TRIGGER table_versions_update AFTER UPDATE ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION table_versions_bump()', t);
  EXECUTE format('CREATE TRIGGER table_versions_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION table_versions_bump()', t);
  EXECUTE format('CREATE TRIGGER table_versions_truncate AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION table_versions_truncated()', t);
  -- Rows written before the triggers existed: start at 1.
  EXECUTE format('INSERT INTO table_versions (org_id, table_name, v) SELECT DISTINCT org_id, %L, 1 FROM %s ON CONFLICT DO NOTHING', name, t);
END
$$;

-- The sum of an organisation's versions of some tables: what a cached list
-- was built under. SECURITY DEFINER: read before the request enters its
-- organisation's scope (in the statement that resolves the caller).
CREATE FUNCTION data_version(p_org uuid, p_tables text[]) RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(sum(v), 0)::bigint FROM table_versions WHERE org_id = p_org AND table_name = ANY(p_tables)
$$;
REVOKE ALL ON FUNCTION data_version(uuid, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION data_version(uuid, text[]) TO daicho_app;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'equipment', 'equipment_types', 'equipment_items', 'software',
    'devices', 'workers', 'people', 'places',
    'work_modes', 'retirement_reasons', 'positions', 'place_social_insurances', 'job_types', 'job_titles',
    'job_levels', 'job_grades', 'job_functions', 'job_competencies', 'health_insurance_associations', 'grades',
    'employment_types', 'contractor_types', 'contract_end_reasons', 'collaborator_types', 'board_member_types'
  ] LOOP
    PERFORM track_table_versions(t::regclass);
  END LOOP;
END
$$;
