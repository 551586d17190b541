-- The workforce's free-text search in name order reads what the list
-- filters on from the rows it finds (issue 5: "佐藤 翔" ≤ 30 ms at 100k
-- people). textMatchesCte (server/modules/people/sql.ts) finds the people
-- whose name or other fields match (people_list_search, 0020) and keeps
-- those with a worker the list selects (worker type, lifecycle stage on the
-- day, filters). That check was one index probe of workers per match: at
-- 100k people "佐藤 翔" matched 2,083 of them, and their probes took about
-- 12 ms of a 25–29 ms statement on the bench machine, against ~7 ms for the
-- search itself. Each person now carries their workers' lifecycle columns
-- (worker_lifecycles, kept by the triggers below in the same transaction as
-- any write to workers), which the search's bitmap heap scan reads with the
-- row it already fetches: the same check, no probe (the search and the
-- check together 11–13 ms in psql, against 19–22).
--
-- The column is derived data, not the person's: the audit trail leaves it
-- out (audit_rows, 0019, again with that one column skipped), so a worker's
-- change shows in the worker's history only, as before. Writing it updates
-- the person's row, which bumps the people table's data version as well as
-- the workers' (lists that read people are built again after a worker's
-- change too: a cost of the rare write, for the frequent search).
--
-- audit_rows also
-- builds each row's JSON once now (OFFSET 0 keeps its sub-select from being
-- pulled up): the planner had copied to_jsonb(row) into every place the
-- sub-select's column was read, so an update's comparison key by key made
-- it 2 × 18 times a people row; the 5,100 person rows a worker import
-- touches took 1.49 s in that trigger on PostgreSQL. And it pairs an
-- update's old and new rows by hash or merge, never by a nested loop: the
-- planner, knowing nothing of the two transition tables, chose a nested
-- loop on PGlite, 5,100 × 5,100 comparisons, 11.5 s for the same update
-- (0.27 s without; enable_nestloop is off for this function only, and the
-- key-by-key comparison, a lateral function call, is a loop either way).

CREATE TYPE worker_lifecycle AS (
  id uuid, worker_type text, offered_on date, offer_accepted_on date, joining_confirmed_on date,
  started_on date, leaving_notified_on date, ended_on date
);

ALTER TABLE people ADD COLUMN worker_lifecycles worker_lifecycle[] NOT NULL DEFAULT '{}';

-- The people's worker_lifecycles from their workers as they are now (in
-- worker id order); a row already right is not written (each array built
-- once: OFFSET 0 keeps the sub-select from being pulled up into both the
-- comparison and the SET). PL/pgSQL with a
-- custom plan each call (as worker_list_segments_refresh_batch, 0025): the
-- planner sees how many people the array holds. As a SQL function, planned
-- for an array of unknown size, the 5,100 people of one worker import took
-- 6.3 s on PGlite against 0.6 s.
--
-- The people are locked first, in id order, and their workers read by the
-- next statement: two transactions adding a worker to the same person each
-- read only their own new worker, and the second one's UPDATE, once the
-- first committed, would have written its array over the first's (an
-- UPDATE re-checks the row it waited for, not what it computed for it).
-- After the lock (READ COMMITTED: a statement of its own, a snapshot of its
-- own) the second one reads both workers.
CREATE FUNCTION people_worker_lifecycles_refresh(p_people uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  PERFORM 1 FROM people WHERE id = ANY(p_people) ORDER BY id FOR NO KEY UPDATE;
  UPDATE people p SET worker_lifecycles = b.v
  FROM (SELECT x.id, coalesce((SELECT array_agg(ROW(w.id, w.worker_type, w.offered_on, w.offer_accepted_on, w.joining_confirmed_on,
      w.started_on, w.leaving_notified_on, w.ended_on)::worker_lifecycle ORDER BY w.id) FROM workers w WHERE w.person_id = x.id), '{}') AS v
    FROM (SELECT DISTINCT u.id FROM unnest(p_people) AS u(id) WHERE u.id IS NOT NULL) x OFFSET 0) b
  WHERE p.id = b.id AND p.worker_lifecycles IS DISTINCT FROM b.v;
END
$$;

CREATE FUNCTION people_worker_lifecycles_workers() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM people_worker_lifecycles_refresh(ARRAY(SELECT person_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM people_worker_lifecycles_refresh(ARRAY(SELECT person_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    -- A worker moved to another person changes both. EXECUTE: the join of
    -- the two transition tables planned for this statement's rows (below).
    EXECUTE $q$SELECT people_worker_lifecycles_refresh(ARRAY(
      SELECT x.person_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.person_id), (o.person_id)) AS x(person_id)
      WHERE (n.person_id, n.worker_type, n.offered_on, n.offer_accepted_on, n.joining_confirmed_on, n.started_on, n.leaving_notified_on, n.ended_on)
        IS DISTINCT FROM (o.person_id, o.worker_type, o.offered_on, o.offer_accepted_on, o.joining_confirmed_on, o.started_on, o.leaving_notified_on, o.ended_on)))$q$;
  ELSE
    UPDATE people SET worker_lifecycles = '{}' WHERE worker_lifecycles <> '{}';
  END IF;
  RETURN NULL;
END
$$;

-- A person's name change refreshes their workers' kept rows (0020). Its
-- join of the update's old and new rows is now planned for each statement
-- (EXECUTE): PL/pgSQL keeps one plan per statement for the session's life,
-- and a statement without parameters keeps the first one made. A
-- connection whose first people update was one row kept a nested loop over
-- the two transition tables, and every worker import on it then paid 5,100
-- × 5,100 comparisons when its people were written (about 4 s on PGlite;
-- found by tests/api/people-list-rows.test.ts, "more workers than one
-- refresh takes at a time").
CREATE OR REPLACE FUNCTION worker_list_segments_people() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  EXECUTE $q$SELECT worker_list_segments_refresh(ARRAY(SELECT w.id FROM workers w WHERE w.person_id IN (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.family_name, n.given_name, n.family_name_kana, n.given_name_kana, n.avatar_url, n.email)
      IS DISTINCT FROM (o.family_name, o.given_name, o.family_name_kana, o.given_name_kana, o.avatar_url, o.email))))$q$;
  RETURN NULL;
END
$$;

CREATE TRIGGER people_worker_lifecycles_insert AFTER INSERT ON workers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_worker_lifecycles_workers();
CREATE TRIGGER people_worker_lifecycles_update AFTER UPDATE ON workers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_worker_lifecycles_workers();
CREATE TRIGGER people_worker_lifecycles_delete AFTER DELETE ON workers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_worker_lifecycles_workers();
CREATE TRIGGER people_worker_lifecycles_truncate AFTER TRUNCATE ON workers FOR EACH STATEMENT EXECUTE FUNCTION people_worker_lifecycles_workers();

CREATE OR REPLACE FUNCTION audit_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET enable_nestloop = off AS $$
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
    WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped AND a.attname NOT IN ('created_at', 'updated_at', 'worker_lifecycles');
    EXECUTE format($q$
      INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
      SELECT coalesce((x.j ->> 'org_id')::uuid, $1, (x.j ->> 'id')::uuid), $2, $3, %L, x.j ->> 'id', 'INSERT', '{}'::jsonb, x.j
      FROM (SELECT to_jsonb(tr_rec.*) AS j FROM (SELECT %s FROM new_rows tr_new) tr_rec OFFSET 0) x$q$, TG_TABLE_NAME, v_cols)
    USING v_org, v_actor, v_req;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((x.j ->> 'org_id')::uuid, v_org, (x.j ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, x.j ->> 'id', 'INSERT',
           '{}'::jsonb, x.j - '{created_at,updated_at,worker_lifecycles}'::text[]
    FROM (SELECT to_jsonb(tr_new.*) AS j FROM new_rows tr_new OFFSET 0) x;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((x.j ->> 'org_id')::uuid, v_org, (x.j ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, x.j ->> 'id', 'DELETE',
           x.j - '{created_at,updated_at,worker_lifecycles}'::text[], '{}'::jsonb
    FROM (SELECT to_jsonb(tr_old.*) AS j FROM old_rows tr_old OFFSET 0) x;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The fields whose value changed (updated_at aside), before and after.
    INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
    SELECT coalesce((p.nj ->> 'org_id')::uuid, v_org, (p.nj ->> 'id')::uuid), v_actor, v_req, TG_TABLE_NAME, p.nj ->> 'id', 'UPDATE', d.b, d.a
    FROM (SELECT to_jsonb(tr_old.*) AS oj, to_jsonb(tr_new.*) AS nj FROM old_rows tr_old JOIN new_rows tr_new ON tr_new.id = tr_old.id OFFSET 0) p
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(k, p.oj -> k) AS b, jsonb_object_agg(k, p.nj -> k) AS a
      FROM jsonb_object_keys(p.nj) k
      WHERE k NOT IN ('updated_at', 'worker_lifecycles') AND (p.oj -> k) IS DISTINCT FROM (p.nj -> k)
    ) d
    WHERE d.a IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

-- The people there are (the audit trail skips the column already).
SELECT people_worker_lifecycles_refresh(ARRAY(SELECT DISTINCT person_id FROM workers));

-- The search returns each match's worker_lifecycles (textMatchesCte checks
-- them); otherwise as in 0020.
DROP FUNCTION people_list_search(text, boolean);
CREATE FUNCTION people_list_search(p_pattern text, p_caseless boolean) RETURNS TABLE (id uuid, name text, workers worker_lifecycle[])
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id, family_name || ' ' || given_name, worker_lifecycles FROM people
  WHERE p_caseless AND org_id = (SELECT app_org_id()) AND (family_name || ' ' || given_name) LIKE p_pattern
  UNION ALL
  SELECT id, family_name || ' ' || given_name, worker_lifecycles FROM people
  WHERE NOT p_caseless AND org_id = (SELECT app_org_id()) AND (family_name || ' ' || given_name) ILIKE p_pattern
  UNION
  SELECT id, family_name || ' ' || given_name, worker_lifecycles FROM people
  WHERE org_id = (SELECT app_org_id())
    AND (family_name || given_name || ' ' || coalesce(family_name_kana, '') || coalesce(given_name_kana, '')
      || ' ' || coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '') || ' ' || coalesce(email, '') || ' ' || coalesce(personal_email, '')) ILIKE p_pattern
    AND ((family_name || given_name) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR email ILIKE p_pattern OR personal_email ILIKE p_pattern)
  UNION
  SELECT p.id, p.family_name || ' ' || p.given_name, p.worker_lifecycles FROM workers w JOIN people p ON p.id = w.person_id AND p.org_id = w.org_id
  WHERE w.org_id = (SELECT app_org_id())
    AND (coalesce(w.worker_number, '') || ' ' || coalesce(w.primary_email, '')) ILIKE p_pattern
    AND (w.worker_number ILIKE p_pattern OR w.primary_email ILIKE p_pattern)
$$;
REVOKE ALL ON FUNCTION people_list_search(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION people_list_search(text, boolean) TO daicho_app;
