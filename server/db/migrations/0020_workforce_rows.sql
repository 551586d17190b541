-- The workforce list's rows at 100k people (issue 7: /v2/people;
-- server/modules/people/sql.ts, workforceRowsSql).
--
-- A row is a person: names, the row worker's fields, five lists (departments
-- and positions as of the worker's day, job types, places, devices held
-- today), its workers with their stage, its app accounts. Built from the
-- tables on every page, that is some ten look-ups per worker and a JSON build
-- of every value: most of a 1000-row page. So each worker's row is kept here
-- already rendered as the list shows it when that worker is its person's
-- only matching worker (nearly always), and a page reads one kept row per
-- person and fills in what depends on the day of the request: the stage,
-- the devices (below) and the app count.
--
-- Dates: "today" moves without a write, so nothing kept depends on it.
-- Departments and positions are kept per *segment*: the worker's timeline
-- cut at every date where one of them can change (an assignment's start or
-- end, a version of an assigned unit starting or ending while assigned),
-- from its first assignment (from -infinity without any). The lists as of
-- any day D are those of the segment with the latest valid_from <= D (a day
-- before the first has none kept). Devices are held on D while not returned
-- or returned after D: the kept list is the devices not returned, exact for
-- every day on or after `devices_returned_until` (the latest return date of
-- the worker's devices; null: none returned). The reader builds from the
-- tables what is not kept: a person with several matching workers (the
-- union of their lists), a device return dated ahead, a worker without kept
-- rows for the day.
--
-- Kept by statement triggers (one refresh per statement, from its
-- transition tables) on every table a kept value is read from: the workers,
-- their people, the link tables (a job type, place or device link refreshes
-- that list only), unit versions, the names (and list orders) of positions,
-- job types, places, devices, job titles, grades and competencies. A
-- refresh first locks the workers' segments (in worker order), then
-- computes in a new statement, so two transactions refreshing one worker
-- end with what the later one saw committed. Rows written with triggers off
-- (the scale seed) are rebuilt with worker_list_segments_refresh.
CREATE TABLE worker_list_segments (
  org_id uuid NOT NULL,
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  valid_from date NOT NULL,
  -- The members of the row's JSON object, in the list's order: `head` is
  -- personId … email; `worker` the worker's entry up to its stage;
  -- `types` workerTypes; `titles` jobTitle … jobCompetency; `dates`
  -- joinedOn … contractEndOn.
  head text NOT NULL,
  worker text NOT NULL,
  types text NOT NULL,
  titles text NOT NULL,
  dates text NOT NULL,
  departments json NOT NULL,
  positions json NOT NULL,
  job_types json NOT NULL,
  places json NOT NULL,
  devices json NOT NULL,
  devices_returned_until date,
  PRIMARY KEY (worker_id, valid_from)
);
ALTER TABLE worker_list_segments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON worker_list_segments USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT ON worker_list_segments TO daicho_app;

-- `{"a" : 1, "b" : 2}` → `"a" : 1, "b" : 2`: members to concatenate.
CREATE FUNCTION json_members(j json) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT substr(j::text, 2, length(j::text) - 2) $$;

-- Some workers' segments, recomputed: every value as the list renders it
-- (workforce_rows below, listsCtes in sql.ts): list entries distinct,
-- ordered by display order (positions, job types; blanks last), name, id.
-- Runs as the owner, so row-level security is written out: only rows of
-- the worker's own organisation count. p_lists: 'all', or the one list
-- that changed ('job_types', 'places', 'devices': the same in every
-- segment, so that column only; a worker without segments stays without).
CREATE FUNCTION worker_list_segments_refresh(p_workers uuid[], p_lists text DEFAULT 'all') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF cardinality(p_workers) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM worker_list_segments WHERE worker_id = ANY(p_workers) ORDER BY worker_id, valid_from FOR UPDATE;
  IF p_lists = 'job_types' THEN
    UPDATE worker_list_segments s SET job_types = x.j FROM (
      SELECT w.id, coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.o NULLS LAST, x.name, x.id)
        FROM (SELECT DISTINCT j.job_type_id AS id, n.name, n.display_order AS o FROM worker_job_types j
          LEFT JOIN job_types n ON n.id = j.job_type_id AND n.org_id = w.org_id WHERE j.worker_id = w.id AND j.org_id = w.org_id) x), '[]') AS j
      FROM workers w WHERE w.id = ANY(p_workers)) x
    WHERE s.worker_id = x.id;
    RETURN;
  ELSIF p_lists = 'places' THEN
    UPDATE worker_list_segments s SET places = x.j FROM (
      SELECT w.id, coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id)
        FROM (SELECT DISTINCT j.place_id AS id, n.name FROM worker_places j
          LEFT JOIN places n ON n.id = j.place_id AND n.org_id = w.org_id WHERE j.worker_id = w.id AND j.org_id = w.org_id) x), '[]') AS j
      FROM workers w WHERE w.id = ANY(p_workers)) x
    WHERE s.worker_id = x.id;
    RETURN;
  ELSIF p_lists = 'devices' THEN
    UPDATE worker_list_segments s SET devices = x.j, devices_returned_until = x.until FROM (
      SELECT w.id, coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id)
        FROM (SELECT DISTINCT d.id, d.name FROM device_assignments da JOIN devices d ON d.id = da.device_id AND d.org_id = w.org_id
          WHERE da.worker_id = w.id AND da.org_id = w.org_id AND da.returned_on IS NULL) x), '[]') AS j,
        (SELECT max(da.returned_on) FROM device_assignments da WHERE da.worker_id = w.id AND da.org_id = w.org_id) AS until
      FROM workers w WHERE w.id = ANY(p_workers)) x
    WHERE s.worker_id = x.id;
    RETURN;
  END IF;
  WITH w AS MATERIALIZED (SELECT w.* FROM workers w WHERE w.id = ANY(p_workers)),
  a AS MATERIALIZED (SELECT a.worker_id, a.unit_id, a.position_id, a.valid_from, a.valid_to, w.org_id
    FROM worker_assignments a JOIN w ON w.id = a.worker_id AND a.org_id = w.org_id),
  -- Where a segment starts: each assignment's start and end, each start
  -- or end of a version of its unit while assigned. Before the first start
  -- there are no departments or positions: a worker without assignments
  -- has one segment from -infinity, any other none before its first.
  b AS MATERIALIZED (
    SELECT w.id AS worker_id, '-infinity'::date AS d FROM w WHERE NOT EXISTS (SELECT 1 FROM a WHERE a.worker_id = w.id)
    UNION SELECT a.worker_id, a.valid_from FROM a
    UNION SELECT a.worker_id, a.valid_to FROM a WHERE a.valid_to IS NOT NULL
    UNION SELECT a.worker_id, x.d FROM a
      JOIN org_unit_versions v ON v.unit_id = a.unit_id AND v.org_id = a.org_id
      CROSS JOIN LATERAL (VALUES (v.valid_from), (v.valid_to)) AS x(d)
      WHERE x.d > a.valid_from AND (a.valid_to IS NULL OR x.d < a.valid_to)
  ),
  -- The assignments in force at each segment's start.
  ab AS MATERIALIZED (SELECT b.worker_id, b.d, a.unit_id, a.position_id, a.org_id FROM b
    JOIN a ON a.worker_id = b.worker_id AND a.valid_from <= b.d AND (a.valid_to IS NULL OR a.valid_to > b.d)),
  dep AS (SELECT x.worker_id, x.d, json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id) AS j
    FROM (SELECT DISTINCT ab.worker_id, ab.d, ab.unit_id AS id, v.name FROM ab
      LEFT JOIN org_unit_versions v ON v.unit_id = ab.unit_id AND v.org_id = ab.org_id AND v.valid_from <= ab.d AND (v.valid_to IS NULL OR v.valid_to > ab.d)) x
    GROUP BY x.worker_id, x.d),
  pos AS (SELECT x.worker_id, x.d, json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.o NULLS LAST, x.name, x.id) AS j
    FROM (SELECT DISTINCT ab.worker_id, ab.d, ab.position_id AS id, n.name, n.display_order AS o FROM ab
      LEFT JOIN positions n ON n.id = ab.position_id AND n.org_id = ab.org_id WHERE ab.position_id IS NOT NULL) x
    GROUP BY x.worker_id, x.d),
  jt AS (SELECT x.worker_id, json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.o NULLS LAST, x.name, x.id) AS j
    FROM (SELECT DISTINCT j.worker_id, j.job_type_id AS id, n.name, n.display_order AS o FROM worker_job_types j
      JOIN w ON w.id = j.worker_id AND j.org_id = w.org_id LEFT JOIN job_types n ON n.id = j.job_type_id AND n.org_id = w.org_id) x
    GROUP BY x.worker_id),
  pl AS (SELECT x.worker_id, json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id) AS j
    FROM (SELECT DISTINCT j.worker_id, j.place_id AS id, n.name FROM worker_places j
      JOIN w ON w.id = j.worker_id AND j.org_id = w.org_id LEFT JOIN places n ON n.id = j.place_id AND n.org_id = w.org_id) x
    GROUP BY x.worker_id),
  da AS MATERIALIZED (SELECT da.worker_id, da.device_id, da.returned_on, w.org_id FROM device_assignments da JOIN w ON w.id = da.worker_id AND da.org_id = w.org_id),
  dv AS (SELECT x.worker_id, json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id) AS j
    FROM (SELECT DISTINCT da.worker_id, d.id, d.name FROM da JOIN devices d ON d.id = da.device_id AND d.org_id = da.org_id WHERE da.returned_on IS NULL) x
    GROUP BY x.worker_id),
  dr AS (SELECT da.worker_id, max(da.returned_on) AS until FROM da GROUP BY da.worker_id),
  -- What does not depend on the day, once per worker.
  one AS (SELECT w.id AS worker_id,
      json_members(json_build_object('personId', p.id, 'name', p.family_name || ' ' || p.given_name,
        'kana', nullif(trim(coalesce(p.family_name_kana, '') || ' ' || coalesce(p.given_name_kana, '')), ''), 'avatarUrl', p.avatar_url,
        'email', coalesce(w.primary_email, p.email))) AS head,
      left(json_build_object('workerId', w.id, 'workerType', w.worker_type, 'workerNumber', w.worker_number)::text, -1) AS worker,
      json_build_array(w.worker_type)::text AS types,
      json_members(json_build_object(
        'jobTitle', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_titles t WHERE t.id = w.job_title_id AND t.org_id = w.org_id),
        'jobGrade', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_grades t WHERE t.id = w.job_grade_id AND t.org_id = w.org_id),
        'jobCompetency', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_competencies t WHERE t.id = w.job_competency_id AND t.org_id = w.org_id))) AS titles,
      json_members(json_build_object('joinedOn', w.started_on, 'leftOn', w.ended_on, 'contractStartOn', w.contract_start_on, 'contractEndOn', w.contract_end_on)) AS dates
    FROM w JOIN people p ON p.id = w.person_id AND p.org_id = w.org_id),
  seg AS MATERIALIZED (
    SELECT w.org_id, b.worker_id, b.d AS valid_from, one.head, one.worker, one.types, one.titles, one.dates,
      coalesce(dep.j, '[]') AS departments, coalesce(pos.j, '[]') AS positions,
      coalesce(jt.j, '[]') AS job_types, coalesce(pl.j, '[]') AS places, coalesce(dv.j, '[]') AS devices, dr.until AS devices_returned_until
    FROM b JOIN w ON w.id = b.worker_id
    JOIN one ON one.worker_id = b.worker_id
    LEFT JOIN dep ON dep.worker_id = b.worker_id AND dep.d = b.d
    LEFT JOIN pos ON pos.worker_id = b.worker_id AND pos.d = b.d
    LEFT JOIN jt ON jt.worker_id = b.worker_id
    LEFT JOIN pl ON pl.worker_id = b.worker_id
    LEFT JOIN dv ON dv.worker_id = b.worker_id
    LEFT JOIN dr ON dr.worker_id = b.worker_id
  ),
  up AS (
    INSERT INTO worker_list_segments (org_id, worker_id, valid_from, head, worker, types, titles, dates, departments, positions, job_types, places, devices, devices_returned_until)
    SELECT * FROM seg
    ON CONFLICT (worker_id, valid_from) DO UPDATE SET org_id = excluded.org_id, head = excluded.head, worker = excluded.worker, types = excluded.types,
      titles = excluded.titles, dates = excluded.dates, departments = excluded.departments, positions = excluded.positions,
      job_types = excluded.job_types, places = excluded.places, devices = excluded.devices, devices_returned_until = excluded.devices_returned_until
  )
  DELETE FROM worker_list_segments s WHERE s.worker_id = ANY(p_workers)
    AND NOT EXISTS (SELECT 1 FROM seg WHERE seg.worker_id = s.worker_id AND seg.valid_from = s.valid_from);
END
$$;
REVOKE ALL ON FUNCTION worker_list_segments_refresh(uuid[], text) FROM PUBLIC;

-- The workers (a new one; a change of a kept value) and their link tables
-- (worker_id): a job type, place or device link refreshes that list, an
-- assignment every segment.
CREATE FUNCTION worker_list_segments_workers() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  lists text := CASE TG_TABLE_NAME WHEN 'worker_job_types' THEN 'job_types' WHEN 'worker_places' THEN 'places' WHEN 'device_assignments' THEN 'devices' ELSE 'all' END;
BEGIN
  IF TG_TABLE_NAME = 'workers' AND TG_OP = 'INSERT' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_TABLE_NAME = 'workers' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.org_id, n.person_id, n.worker_type, n.worker_number, n.primary_email, n.started_on, n.ended_on, n.contract_start_on, n.contract_end_on,
          n.job_title_id, n.job_grade_id, n.job_competency_id)
        IS DISTINCT FROM (o.org_id, o.person_id, o.worker_type, o.worker_number, o.primary_email, o.started_on, o.ended_on, o.contract_start_on, o.contract_end_on,
          o.job_title_id, o.job_grade_id, o.job_competency_id)));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT worker_id FROM new_rows), lists);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT worker_id FROM old_rows UNION SELECT worker_id FROM new_rows), lists);
  ELSE
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT worker_id FROM old_rows), lists);
  END IF;
  RETURN NULL;
END
$$;

-- A person's names, reading, avatar or e-mail: their workers.
CREATE FUNCTION worker_list_segments_people() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM worker_list_segments_refresh(ARRAY(SELECT w.id FROM workers w WHERE w.person_id IN (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.family_name, n.given_name, n.family_name_kana, n.given_name_kana, n.avatar_url, n.email)
      IS DISTINCT FROM (o.family_name, o.given_name, o.family_name_kana, o.given_name_kana, o.avatar_url, o.email))));
  RETURN NULL;
END
$$;

-- Unit versions (names as of a day; a version starting or ending cuts a
-- segment): the workers ever assigned to the units.
CREATE FUNCTION worker_list_segments_units() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  units uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    units := ARRAY(SELECT DISTINCT unit_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    units := ARRAY(SELECT x.unit_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.unit_id), (n.unit_id)) AS x(unit_id)
      WHERE (o.unit_id, o.name, o.valid_from, o.valid_to) IS DISTINCT FROM (n.unit_id, n.name, n.valid_from, n.valid_to));
  ELSE
    units := ARRAY(SELECT DISTINCT unit_id FROM old_rows);
  END IF;
  IF cardinality(units) > 0 THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT a.worker_id FROM worker_assignments a WHERE a.unit_id = ANY(units)));
  END IF;
  RETURN NULL;
END
$$;

-- A name of a position, job type, place, device, job title, grade or
-- competency: the workers linked to it. A display order (positions, job
-- types) orders a list only beside another entry: the workers with one more.
CREATE FUNCTION worker_list_segments_names() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  renamed uuid[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name);
  moved uuid[];
BEGIN
  IF TG_TABLE_NAME = 'positions' THEN
    moved := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.display_order IS DISTINCT FROM o.display_order);
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT a.worker_id FROM worker_assignments a WHERE a.position_id = ANY(renamed)
      OR (a.position_id = ANY(moved) AND EXISTS (SELECT 1 FROM worker_assignments x WHERE x.worker_id = a.worker_id AND x.position_id <> a.position_id))));
  ELSIF TG_TABLE_NAME = 'job_types' THEN
    moved := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.display_order IS DISTINCT FROM o.display_order);
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT j.worker_id FROM worker_job_types j WHERE j.job_type_id = ANY(renamed)
      OR (j.job_type_id = ANY(moved) AND EXISTS (SELECT 1 FROM worker_job_types x WHERE x.worker_id = j.worker_id AND x.job_type_id <> j.job_type_id))), 'job_types');
  ELSIF TG_TABLE_NAME = 'places' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT worker_id FROM worker_places WHERE place_id = ANY(renamed)), 'places');
  ELSIF TG_TABLE_NAME = 'devices' THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT DISTINCT worker_id FROM device_assignments WHERE device_id = ANY(renamed)), 'devices');
  ELSIF cardinality(renamed) > 0 THEN
    PERFORM worker_list_segments_refresh(ARRAY(SELECT id FROM workers WHERE job_title_id = ANY(renamed) OR job_grade_id = ANY(renamed) OR job_competency_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END
$$;

-- A truncated source: the kept rows go (pages build from the tables until
-- a worker's rows are refreshed).
CREATE FUNCTION worker_list_segments_truncated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM worker_list_segments;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['worker_assignments', 'worker_job_types', 'worker_places', 'device_assignments'] LOOP
    EXECUTE format('CREATE TRIGGER worker_list_segments_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_workers()', t);
    EXECUTE format('CREATE TRIGGER worker_list_segments_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_workers()', t);
    EXECUTE format('CREATE TRIGGER worker_list_segments_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_workers()', t);
  END LOOP;
  CREATE TRIGGER worker_list_segments_insert AFTER INSERT ON workers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_workers();
  CREATE TRIGGER worker_list_segments_update AFTER UPDATE ON workers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_workers();
  CREATE TRIGGER worker_list_segments_update AFTER UPDATE ON people REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_people();
  CREATE TRIGGER worker_list_segments_insert AFTER INSERT ON org_unit_versions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_units();
  CREATE TRIGGER worker_list_segments_update AFTER UPDATE ON org_unit_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_units();
  CREATE TRIGGER worker_list_segments_delete AFTER DELETE ON org_unit_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_units();
  FOREACH t IN ARRAY ARRAY['positions', 'job_types', 'places', 'devices', 'job_titles', 'job_grades', 'job_competencies'] LOOP
    EXECUTE format('CREATE TRIGGER worker_list_segments_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_names()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['workers', 'people', 'worker_assignments', 'worker_job_types', 'worker_places', 'device_assignments', 'org_unit_versions',
    'positions', 'job_types', 'places', 'devices', 'job_titles', 'job_grades', 'job_competencies'] LOOP
    EXECUTE format('CREATE TRIGGER worker_list_segments_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION worker_list_segments_truncated()', t);
  END LOOP;
END
$$;

-- The workforce rows of a page (PersonRow, src/api/contracts/people.ts) as
-- JSON texts joined by commas (the caller's array: one copy less of a large
-- page), in the order of p_people (each row's `ord` its place). The caller chose the page's
-- people and their matching workers (the list's menu, category and
-- filters), given as parallel arrays: worker, person, joining date (the row
-- worker is the first by joining date, undated last, then id), stage and
-- the day its organisation is read as of (stageSql, asOfSql in sql.ts);
-- then today (the devices held) and the order of the worker types
-- (WORKER_TYPES). A person with one matching worker is its kept row for
-- that day with the stage, devices and app count filled in; any other is
-- built from the tables as the list always built it. A function so that
-- its plan is made once per connection (a generic plan: every look-up is
-- per person, whatever the page's size).
CREATE FUNCTION workforce_rows(p_people uuid[], p_workers uuid[], p_persons uuid[], p_started date[], p_stages text[], p_as_of date[], p_today date, p_type_order text[])
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    WITH pg AS (SELECT x.id, x.ord FROM unnest(p_people) WITH ORDINALITY AS x(id, ord)),
    mw AS MATERIALIZED (
      SELECT pg.ord, m.*,
        row_number() OVER (PARTITION BY pg.ord ORDER BY m.started_on NULLS LAST, m.id) AS n,
        count(*) OVER (PARTITION BY pg.ord) AS c
      FROM unnest(p_workers, p_persons, p_started, p_stages, p_as_of) AS m(id, person_id, started_on, stage, as_of)
      JOIN pg ON pg.id = m.person_id),
    -- The workers of the people with several (built from the tables).
    mo AS MATERIALIZED (SELECT * FROM mw WHERE c > 1),
    -- App accounts person by person (app_users_person): an organisation's accounts can outnumber its people.
    apps AS MATERIALIZED (SELECT au.person_id, count(*)::int AS n FROM unnest(p_people) AS x(id)
      JOIN app_users au ON au.person_id = x.id JOIN app_integrations ai ON ai.id = au.app_integration_id AND ai.deleted_at IS NULL
      GROUP BY au.person_id)
    SELECT coalesce(string_agg(CASE WHEN s.worker_id IS NOT NULL THEN concat('{"ord" : ', rw.ord, ', ', s.head,
        ', "workers" : [', s.worker, ', "stage" : ', coalesce(to_json(rw.stage)::text, 'null'), '}], "workerTypes" : ', s.types,
        ', "departments" : ', s.departments, ', "positions" : ', s.positions, ', ', s.titles, ', "jobTypes" : ', s.job_types, ', "places" : ', s.places, ', ', s.dates,
        ', "devices" : ', CASE WHEN s.devices_returned_until IS NULL OR s.devices_returned_until <= p_today THEN s.devices ELSE (
          SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]') FROM (
            SELECT DISTINCT d.id, d.name FROM device_assignments da JOIN devices d ON d.id = da.device_id
            WHERE da.worker_id = rw.id AND (da.returned_on IS NULL OR da.returned_on > p_today)) x) END,
        ', "appCount" : ', coalesce(apps.n, 0), '}')
      ELSE (
        -- Several matching workers (or none kept): from the tables.
        SELECT json_build_object('ord', rw.ord, 'personId', p.id, 'name', p.family_name || ' ' || p.given_name,
          'kana', nullif(trim(coalesce(p.family_name_kana, '') || ' ' || coalesce(p.given_name_kana, '')), ''), 'avatarUrl', p.avatar_url,
          'email', coalesce(w.primary_email, p.email),
          'workers', (SELECT json_agg(json_build_object('workerId', o.id, 'workerType', x.worker_type, 'workerNumber', x.worker_number, 'stage', o.stage) ORDER BY o.n)
            FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n) JOIN workers x ON x.id = o.id),
          'workerTypes', to_json(ARRAY(SELECT t.v FROM unnest(p_type_order) WITH ORDINALITY AS t(v, o)
            WHERE t.v IN (SELECT x.worker_type FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n) JOIN workers x ON x.id = o.id) ORDER BY t.o)),
          'departments', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]') FROM (
            SELECT DISTINCT a.unit_id AS id, v.name FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n)
            JOIN worker_assignments a ON a.worker_id = o.id AND a.valid_from <= o.as_of AND (a.valid_to IS NULL OR a.valid_to > o.as_of)
            LEFT JOIN org_unit_versions v ON v.unit_id = a.unit_id AND v.valid_from <= o.as_of AND (v.valid_to IS NULL OR v.valid_to > o.as_of)) x),
          'positions', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.o NULLS LAST, x.name, x.id), '[]') FROM (
            SELECT DISTINCT a.position_id AS id, n.name, n.display_order AS o FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n)
            JOIN worker_assignments a ON a.worker_id = o.id AND a.position_id IS NOT NULL AND a.valid_from <= o.as_of AND (a.valid_to IS NULL OR a.valid_to > o.as_of)
            LEFT JOIN positions n ON n.id = a.position_id) x),
          'jobTitle', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_titles t WHERE t.id = w.job_title_id),
          'jobGrade', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_grades t WHERE t.id = w.job_grade_id),
          'jobCompetency', (SELECT json_build_object('id', t.id, 'name', t.name) FROM job_competencies t WHERE t.id = w.job_competency_id),
          'jobTypes', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.o NULLS LAST, x.name, x.id), '[]') FROM (
            SELECT DISTINCT j.job_type_id AS id, n.name, n.display_order AS o FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n)
            JOIN worker_job_types j ON j.worker_id = o.id LEFT JOIN job_types n ON n.id = j.job_type_id) x),
          'places', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]') FROM (
            SELECT DISTINCT j.place_id AS id, n.name FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n)
            JOIN worker_places j ON j.worker_id = o.id LEFT JOIN places n ON n.id = j.place_id) x),
          'joinedOn', w.started_on, 'leftOn', w.ended_on, 'contractStartOn', w.contract_start_on, 'contractEndOn', w.contract_end_on,
          'devices', (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]') FROM (
            SELECT DISTINCT d.id, d.name FROM unnest(pw.ids, pw.days, pw.stages) WITH ORDINALITY AS o(id, as_of, stage, n)
            JOIN device_assignments da ON da.worker_id = o.id AND (da.returned_on IS NULL OR da.returned_on > p_today)
            JOIN devices d ON d.id = da.device_id) x),
          'appCount', coalesce(apps.n, 0))::text
        FROM workers w JOIN people p ON p.id = w.person_id
        -- The person's matching workers: the row worker alone, or those of mo.
        CROSS JOIN LATERAL (SELECT array_agg(o.id ORDER BY o.n) AS ids, array_agg(o.as_of ORDER BY o.n) AS days, array_agg(o.stage ORDER BY o.n) AS stages
          FROM (SELECT o.id, o.as_of, o.stage, o.n FROM mo o WHERE o.ord = rw.ord UNION ALL SELECT rw.id, rw.as_of, rw.stage, rw.n WHERE rw.c = 1) o) pw
        WHERE w.id = rw.id)
      END, ', ' ORDER BY rw.ord), '')
    FROM mw rw
    LEFT JOIN LATERAL (SELECT s.* FROM worker_list_segments s WHERE rw.c = 1 AND s.worker_id = rw.id AND s.valid_from <= rw.as_of ORDER BY s.valid_from DESC LIMIT 1) s ON true
    LEFT JOIN apps ON apps.person_id = rw.person_id
    WHERE rw.n = 1
  );
END
$$;

-- Free text for the lists (people_list_search_ids, 0015, deciding field by
-- field the same way), each person with their name as the lists sort it
-- (family, a space, given): a page in name order sorts the matches
-- themselves instead of walking every name before the first match, and
-- reads no person twice. p_caseless: the pattern has no letter with a case
-- (kanji, kana, digits; the caller decides), so the name, by far the most
-- matched field, is compared with LIKE, which need not fold case. The
-- organisation is read once (a sub-select), not for every candidate.
CREATE FUNCTION people_list_search(p_pattern text, p_caseless boolean) RETURNS TABLE (id uuid, name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id, family_name || ' ' || given_name FROM people
  WHERE p_caseless AND org_id = (SELECT app_org_id()) AND (family_name || ' ' || given_name) LIKE p_pattern
  UNION ALL
  SELECT id, family_name || ' ' || given_name FROM people
  WHERE NOT p_caseless AND org_id = (SELECT app_org_id()) AND (family_name || ' ' || given_name) ILIKE p_pattern
  UNION
  SELECT id, family_name || ' ' || given_name FROM people
  WHERE org_id = (SELECT app_org_id())
    AND (family_name || given_name || ' ' || coalesce(family_name_kana, '') || coalesce(given_name_kana, '')
      || ' ' || coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '') || ' ' || coalesce(email, '') || ' ' || coalesce(personal_email, '')) ILIKE p_pattern
    AND ((family_name || given_name) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR (coalesce(family_name_kana, '') || ' ' || coalesce(given_name_kana, '')) ILIKE p_pattern
      OR email ILIKE p_pattern OR personal_email ILIKE p_pattern)
  UNION
  SELECT p.id, p.family_name || ' ' || p.given_name FROM workers w JOIN people p ON p.id = w.person_id AND p.org_id = w.org_id
  WHERE w.org_id = (SELECT app_org_id())
    AND (coalesce(w.worker_number, '') || ' ' || coalesce(w.primary_email, '')) ILIKE p_pattern
    AND (w.worker_number ILIKE p_pattern OR w.primary_email ILIKE p_pattern)
$$;
REVOKE ALL ON FUNCTION people_list_search(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION people_list_search(text, boolean) TO daicho_app;

-- The unit and position filters (resolveFilters in sql.ts): an
-- assignment's worker, dates and organisation in the index, so the
-- assignments are chosen (a unit's current members: those not ended) without
-- reading the table.
DROP INDEX worker_assignments_unit;
CREATE INDEX worker_assignments_unit ON worker_assignments (unit_id, valid_from) INCLUDE (valid_to, worker_id, org_id);
DROP INDEX worker_assignments_position;
CREATE INDEX worker_assignments_position ON worker_assignments (position_id, valid_from) INCLUDE (valid_to, worker_id, org_id);

-- The lists in name order walk people by name (0007): with the name's
-- parts in the index, the walk reads no table row.
DROP INDEX people_org_name_id;
CREATE INDEX people_org_name_id ON people (org_id, (family_name || ' ' || given_name), id) INCLUDE (family_name, given_name);

-- The workers there are.
SELECT worker_list_segments_refresh(ARRAY(SELECT id FROM workers));
ANALYZE worker_list_segments;
