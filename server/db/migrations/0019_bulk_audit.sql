-- Bulk writes at the cost of their rows, not of their statements (issue 5:
-- a 100,000-row CSV import in 10 s end to end).
--
-- 1. The audit trail once per statement. audit_row() (0001) ran once per
--    row: a PL/pgSQL call, a to_jsonb of the row and a one-row INSERT into
--    audit_log each, a third of a large import's apply. audit_rows() writes
--    the same audit_log rows (organisation, actor, request id, table, record
--    id, action, the changed fields before and after; nothing for an update
--    that changed nothing but updated_at) for every row of the statement in
--    one INSERT … SELECT from its transition tables. PostgreSQL allows
--    transition tables on triggers of one event only: three triggers per
--    table, audit_insert, audit_update and audit_delete. An update's old and
--    new rows are paired by id (audited tables have one, which is the
--    recorded record id). Every table whose trigger `audit` called
--    audit_row() FOR EACH ROW without a condition gets the three instead;
--    audit_row() stays for conditional row triggers (app_users, 0017) and
--    for any table a later migration audits row by row. A new table is
--    audited with SELECT audit_table('t').
--
-- 2. Large CSV imports stage one row per chunk (server/modules/module/
--    csv-job.ts): the chunk's checked creates and updates as two JSON arrays
--    that the apply reads with json_populate_recordset, instead of one row
--    (and one jsonb value, one primary-key entry, one delete) per CSV row.
--    json, not jsonb: stored as sent and parsed once, by the apply.

CREATE FUNCTION audit_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  -- The same for every row of the statement: read once.
  v_org uuid := app_org_id();
  v_actor uuid := app_account_id();
  v_req text := nullif(current_setting('app.request_id', true), '');
  v_many boolean := false;
  v_cols text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_many := EXISTS (SELECT 1 FROM new_rows OFFSET 100);
  END IF;
  IF v_many THEN
    -- Many rows (an import): each row's record built from its columns in
    -- jsonb's own key order (shorter names first, then bytewise) and without
    -- the two timestamps, so that to_jsonb finds its keys sorted and nothing
    -- is removed afterwards: the same values at half the cost, which is most
    -- of the trigger's.
    SELECT string_agg(format('tr_new.%I', a.attname), ', ' ORDER BY octet_length(a.attname), a.attname::text COLLATE "C")
    INTO v_cols
    FROM pg_attribute a
    WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped AND a.attname NOT IN ('created_at', 'updated_at');
    EXECUTE format($q$
      INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
      SELECT coalesce((x.j ->> 'org_id')::uuid, $1, (x.j ->> 'id')::uuid), $2, $3, %L, x.j ->> 'id', 'INSERT', '{}'::jsonb, x.j
      FROM (SELECT to_jsonb(tr_rec.*) AS j FROM (SELECT %s FROM new_rows tr_new) tr_rec) x$q$, TG_TABLE_NAME, v_cols)
    USING v_org, v_actor, v_req;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((x.j ->> 'org_id')::uuid, v_org, (x.j ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, x.j ->> 'id', 'INSERT',
           '{}'::jsonb, x.j - '{created_at,updated_at}'::text[]
    FROM (SELECT to_jsonb(tr_new.*) AS j FROM new_rows tr_new) x;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((x.j ->> 'org_id')::uuid, v_org, (x.j ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, x.j ->> 'id', 'DELETE',
           x.j - '{created_at,updated_at}'::text[], '{}'::jsonb
    FROM (SELECT to_jsonb(tr_old.*) AS j FROM old_rows tr_old) x;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The fields whose value changed (updated_at aside), before and after.
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((p.nj ->> 'org_id')::uuid, v_org, (p.nj ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, p.nj ->> 'id', 'UPDATE', d.b, d.a
    FROM (SELECT to_jsonb(tr_old.*) AS oj, to_jsonb(tr_new.*) AS nj FROM old_rows tr_old JOIN new_rows tr_new ON tr_new.id = tr_old.id) p
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(k, p.oj -> k) AS b, jsonb_object_agg(k, p.nj -> k) AS a
      FROM jsonb_object_keys(p.nj) k
      WHERE k <> 'updated_at' AND (p.oj -> k) IS DISTINCT FROM (p.nj -> k)
    ) d
    WHERE d.a IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

-- The three statement triggers of an audited table (idempotent; replaces a
-- row-level `audit` trigger).
CREATE FUNCTION audit_table(t regclass) RETURNS void LANGUAGE plpgsql SET client_min_messages = warning AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS audit ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_insert ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_update ON %s', t);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_delete ON %s', t);
  EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', t);
  EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', t);
  EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', t);
END
$$;
REVOKE ALL ON FUNCTION audit_table(regclass) FROM PUBLIC;

DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT tg.tgrelid::regclass FROM pg_trigger tg
    WHERE tg.tgname = 'audit' AND NOT tg.tgisinternal AND tg.tgqual IS NULL
      AND tg.tgfoid = 'audit_row()'::regprocedure
      AND (tg.tgtype & 1) = 1 -- FOR EACH ROW
    ORDER BY tg.tgrelid::regclass::text
  LOOP
    PERFORM audit_table(t);
  END LOOP;
END
$$;

-- Staged chunks of a background CSV import: rows = the file rows the chunk
-- covers (the progress it committed), creates and updates = its checked rows
-- to write (column name → value; a create carries its new id, an update the
-- id it changes), null when none.
CREATE TABLE csv_import_chunks (
  org_id uuid NOT NULL REFERENCES organizations(id),
  upload_key text NOT NULL,
  seq integer NOT NULL,
  rows integer NOT NULL,
  creates json,
  updates json,
  PRIMARY KEY (org_id, upload_key, seq)
);
-- Written once, read once, deleted: compressing a few MB per chunk costs
-- more than it saves.
ALTER TABLE csv_import_chunks ALTER COLUMN creates SET STORAGE EXTERNAL, ALTER COLUMN updates SET STORAGE EXTERNAL;
ALTER TABLE csv_import_chunks ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON csv_import_chunks USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON csv_import_chunks TO daicho_app;

-- The row-per-CSV-row staging it replaces. An import a previous version was
-- staging finds its earlier chunks missing and fails with nothing written
-- (csv-job.ts checks the staged rows against its progress).
DROP TABLE csv_import_rows;
