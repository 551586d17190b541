-- The workforce rows of a page one row each (issue 5/7: the 1000-row page).
-- workforce_rows (0020) built the page as one string_agg of every row's
-- JSON in the page's order; as for the module lists (server/modules/module/
-- sql.ts rowsSql), the rows now leave one each, the page's place first
-- (page_ord), and the server joins them into the page's array (jsonArray,
-- server/db/row-bytes.ts). The rows are the same texts workforce_rows
-- joined; its callers (the list, the CSV export) read this one, and it goes.
CREATE FUNCTION workforce_rows_each(p_people uuid[], p_workers uuid[], p_persons uuid[], p_started date[], p_stages text[], p_as_of date[], p_today date, p_type_order text[])
RETURNS TABLE (page_ord bigint, row_json text) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
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
    SELECT rw.ord, (CASE WHEN s.worker_id IS NOT NULL THEN concat('{"ord" : ', rw.ord, ', ', s.head,
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
      END)::text
    FROM mw rw
    LEFT JOIN LATERAL (SELECT s.* FROM worker_list_segments s WHERE rw.c = 1 AND s.worker_id = rw.id AND s.valid_from <= rw.as_of ORDER BY s.valid_from DESC LIMIT 1) s ON true
    LEFT JOIN apps ON apps.person_id = rw.person_id
    WHERE rw.n = 1
    ORDER BY rw.ord;
END
$$;

DROP FUNCTION workforce_rows(uuid[], uuid[], uuid[], date[], text[], date[], date, text[]);
