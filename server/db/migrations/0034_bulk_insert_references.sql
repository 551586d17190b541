-- A bulk insert checks its references once per statement, not once per row
-- and reference (issue 5: a 100,000-row CSV import in 10 s end to end).
--
-- PostgreSQL checks a foreign key with a row trigger: for every inserted row
-- and every foreign key of the table, one look-up of the referenced row
-- (locked FOR KEY SHARE), or one queued event when the column is NULL. An
-- equipment row has six: 600,000 checks for a 100,000-row import, about a
-- sixth of its write (1.0-1.15 s on a 2-core machine; docs/benchmarks.md,
-- twenty-eighth round).
--
-- The firing modes of triggers (session_replication_role) give a bulk insert
-- the same guarantee for a statement's cost, on a table that opts in with
-- SELECT bulk_insert_table('t') (equipment here, the one table a CSV import
-- writes today):
--
--   * every trigger of the table fires ALWAYS, i.e. whatever the mode: its
--     audit trail, kept count and version behave as before when a
--     transaction sets the mode to replica (and the tables those triggers
--     write, audit_log, row_counts and table_versions, have no triggers);
--   * the foreign keys' own row triggers are PostgreSQL's, enabled for the
--     origin mode only: in replica mode they do not fire;
--   * instead, two statement triggers of the table fire in replica mode
--     only (references_insert and references_update): for each foreign key
--     of the table, the distinct values of the statement's new rows must
--     all be present in the referenced table, and they are locked FOR KEY
--     SHARE as the row triggers lock them. A value missing raises the error
--     PostgreSQL raises (23503, the same message, detail and constraint).
--
-- enter_bulk_insert(table) sets the mode for the rest of the transaction
-- (server/modules/module/csv.ts sets it back after its INSERT) when every
-- trigger of the table is in these modes. It runs as the migration's role:
-- where that role may not set the mode (a managed database without a
-- superuser), it returns false and the insert is checked row by row as
-- before. Nothing else of ours sets the mode but the scale seed.
--
-- Locks, as with the row triggers (READ COMMITTED, every request's level): a
-- referenced row deleted by a transaction not yet committed makes the check
-- wait for it, then find the row gone and fail; a referenced row the insert
-- has locked makes its deleter wait for the insert's commit, whose rows its
-- own foreign-key check then finds.
--
-- The scale seed (server/seed/scale.ts) writes in replica mode so as to skip
-- every trigger; on a table that opted in it also disables the table's
-- triggers (ALTER TABLE … DISABLE TRIGGER USER) and calls
-- bulk_insert_table() again before it commits.
-- tests/api/bulk-references.test.ts holds these modes, the checks and locks.

-- The statement's new rows (new_rows) against every foreign key of the
-- table. As the owner, who sees every row of the referenced tables (as the
-- row triggers do: row-level security does not apply to them).
CREATE FUNCTION references_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  fk record;
  v_keys bigint;
  v_locked bigint;
  v_missing text;
BEGIN
  FOR fk IN
    SELECT f.conname, cardinality(f.conkey) AS n, a.attname AS col, f.confrelid::regclass AS ref, r.relname AS ref_name, ra.attname AS ref_col
    FROM pg_constraint f
    JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = f.conkey[1]
    JOIN pg_attribute ra ON ra.attrelid = f.confrelid AND ra.attnum = f.confkey[1]
    JOIN pg_class r ON r.oid = f.confrelid
    WHERE f.conrelid = TG_RELID AND f.contype = 'f'
    ORDER BY f.conname
  LOOP
    -- One column per key (every foreign key of the schema; a composite one
    -- would be checked by its first column only, so refuse it).
    IF fk.n <> 1 THEN
      RAISE EXCEPTION 'references_check: % has more than one column', fk.conname;
    END IF;
    EXECUTE format($q$
      WITH keys AS MATERIALIZED (SELECT DISTINCT %1$I AS k FROM new_rows WHERE %1$I IS NOT NULL),
      locked AS MATERIALIZED (SELECT x.%3$I AS k FROM ONLY %2$s x WHERE x.%3$I = ANY (ARRAY(SELECT k FROM keys)) FOR KEY SHARE OF x)
      SELECT (SELECT count(*) FROM keys), (SELECT count(*) FROM locked),
             (SELECT k::text FROM keys WHERE k NOT IN (SELECT k FROM locked) LIMIT 1)$q$, fk.col, fk.ref, fk.ref_col)
    INTO v_keys, v_locked, v_missing;
    IF v_keys <> v_locked THEN
      RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, fk.conname
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = fk.conname, TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA,
              -- As PostgreSQL words it for a caller under row-level
              -- security (the application): without the key's value.
              DETAIL = CASE WHEN (SELECT relrowsecurity FROM pg_class WHERE oid = TG_RELID)
                         THEN format('Key is not present in table "%s".', fk.ref_name)
                         ELSE format('Key (%s)=(%s) is not present in table "%s".', fk.col, v_missing, fk.ref_name) END;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION references_check() FROM PUBLIC;

-- The table's reference checks (created once) and every trigger of the table
-- to its mode: the reference checks to replica only, the rest to always. As
-- the table's owner (a migration, the scale seed); run it again after adding
-- a trigger to the table.
CREATE FUNCTION bulk_insert_table(p_table regclass) RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  t record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = p_table AND tgname = 'references_insert') THEN
    EXECUTE format('CREATE TRIGGER references_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION references_check()', p_table);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = p_table AND tgname = 'references_update') THEN
    EXECUTE format('CREATE TRIGGER references_update AFTER UPDATE ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION references_check()', p_table);
  END IF;
  FOR t IN
    SELECT tgname, tgenabled, CASE WHEN tgname IN ('references_insert', 'references_update') THEN 'R' ELSE 'A' END AS mode
    FROM pg_trigger WHERE tgrelid = p_table AND NOT tgisinternal
  LOOP
    CONTINUE WHEN t.tgenabled = t.mode;
    EXECUTE format('ALTER TABLE %s ENABLE %s TRIGGER %I', p_table, CASE t.mode WHEN 'R' THEN 'REPLICA' ELSE 'ALWAYS' END, t.tgname);
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION bulk_insert_table(regclass) FROM PUBLIC;

SELECT bulk_insert_table('equipment');

-- Replica mode for the rest of the transaction, for an insert into p_table;
-- false (nothing changed) where the table has not opted in (or a trigger of
-- it is not in its mode: inside the scale seed's transaction, say) or the
-- migration's role may not set the mode.
CREATE FUNCTION enter_bulk_insert(p_table text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- Both checks in replica mode, every other trigger always.
  IF (SELECT count(*) FILTER (WHERE tgname IN ('references_insert', 'references_update') AND tgenabled = 'R') <> 2
          OR coalesce(bool_or(tgname NOT IN ('references_insert', 'references_update') AND tgenabled <> 'A'), false)
      FROM pg_trigger WHERE tgrelid = to_regclass(format('%I', p_table)) AND NOT tgisinternal) THEN
    RETURN false;
  END IF;
  BEGIN
    PERFORM set_config('session_replication_role', 'replica', true);
  EXCEPTION WHEN insufficient_privilege THEN
    RETURN false;
  END;
  RETURN true;
END
$$;
REVOKE ALL ON FUNCTION enter_bulk_insert(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION enter_bulk_insert(text) TO daicho_app;

-- Back to the origin mode (the default), after the insert.
CREATE FUNCTION leave_bulk_insert() RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM set_config('session_replication_role', 'origin', true);
END
$$;
REVOKE ALL ON FUNCTION leave_bulk_insert() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION leave_bulk_insert() TO daicho_app;
