-- A person's areas, kept: the caller's statement reads them by one key
-- instead of joining the people groups, roles and product permissions on
-- every request (issue 5: the caller's statement is the database's whole
-- share of a kept page, and part of every other request).
--
-- auth_context (0030) worked the areas out through the people_group_members
-- view on each call: 0.1 of its 0.3 ms on the bench database (pgbench, one
-- connection), with one people group and one role there; in an organisation
-- with dozens of groups the view tests each group's membership rules per
-- request. Now:
--
--   * person_areas holds, per person, the areas worked out, the day they
--     were worked out on (membership follows the workers' start and end
--     dates, so today's answer may not be tomorrow's) and the organisation's
--     areas version then;
--   * the areas version is the sum of the organisation's
--     data versions (table_versions, 0021) of every table the answer
--     depends on: people_groups, people_group_overrides, role_people_groups,
--     role_product_permissions, product_permissions (any write to them),
--     and worker_memberships, a version of its own bumped when a worker is
--     added or removed or its person, type, start or end date changes (not
--     on the workers' other writes, which an HR team makes all day);
--   * auth_context takes the kept areas when their day is today and their
--     version the current one, and works them out as before otherwise,
--     saying so (areas_kept false). The server then keeps them
--     (keep_person_areas, server/auth/access.ts), in a statement of its own
--     after the request's, not in it: a read stays a read.
--
-- A write and a keep racing: the keep's areas and version are read in one
-- statement, from one snapshot, so a pair it stores is always consistent;
-- a pair older than a write that committed since carries the version
-- before that write, which is no longer current, and is worked out again.
-- A person deleted takes their row along.

-- The tables a person's areas depend on (the areas version is the sum of
-- the organisation's data versions of these). A constant, inlined where used.
CREATE FUNCTION areas_tables() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT '{people_groups,people_group_overrides,role_people_groups,role_product_permissions,product_permissions,worker_memberships}'::text[]
$$;

-- A person's areas today (the union of the product permissions over the
-- roles of their people groups), as the caller's row names them.
CREATE FUNCTION person_areas_now(p_person uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
           'IT', coalesce(bool_or(pp.it), false), 'HR', coalesce(bool_or(pp.hr), false),
           'GA', coalesce(bool_or(pp.ga), false), 'LI', coalesce(bool_or(pp.li), false),
           'MARKETPLACE', coalesce(bool_or(pp.marketplace), false), 'SETTINGS', coalesce(bool_or(pp.settings), false))
  FROM people_group_members m
  JOIN role_people_groups rpg ON rpg.people_group_id = m.people_group_id
  JOIN role_product_permissions rpp ON rpp.role_id = rpg.role_id
  JOIN product_permissions pp ON pp.id = rpp.product_permission_id
  WHERE m.person_id = p_person
$$;

CREATE TABLE person_areas (
  person_id uuid PRIMARY KEY REFERENCES people(id) ON DELETE CASCADE,
  org_id uuid NOT NULL REFERENCES organizations(id),
  as_of date NOT NULL,
  version bigint NOT NULL,
  areas jsonb NOT NULL
);
-- Read and written only by the SECURITY DEFINER functions below.
ALTER TABLE person_areas ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_areas USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());

-- The five tables' data versions.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['people_groups', 'people_group_overrides', 'role_people_groups', 'role_product_permissions', 'product_permissions'] LOOP
    PERFORM track_table_versions(t::regclass);
  END LOOP;
END
$$;

-- worker_memberships: the workers' writes that can change a membership.
CREATE FUNCTION worker_memberships_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO table_versions (org_id, table_name, v)
    SELECT DISTINCT n.org_id, 'worker_memberships', 1
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.person_id, n.worker_type, n.started_on, n.ended_on) IS DISTINCT FROM (o.person_id, o.worker_type, o.started_on, o.ended_on)
    ON CONFLICT (org_id, table_name) DO UPDATE SET v = table_versions.v + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO table_versions (org_id, table_name, v)
    SELECT DISTINCT org_id, 'worker_memberships', 1 FROM new_rows
    ON CONFLICT (org_id, table_name) DO UPDATE SET v = table_versions.v + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO table_versions (org_id, table_name, v)
    SELECT DISTINCT org_id, 'worker_memberships', 1 FROM old_rows
    ON CONFLICT (org_id, table_name) DO UPDATE SET v = table_versions.v + 1;
  ELSE
    UPDATE table_versions SET v = v + 1 WHERE table_name = 'worker_memberships';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER worker_memberships_insert AFTER INSERT ON workers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_memberships_bump();
CREATE TRIGGER worker_memberships_update AFTER UPDATE ON workers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_memberships_bump();
CREATE TRIGGER worker_memberships_delete AFTER DELETE ON workers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_memberships_bump();
CREATE TRIGGER worker_memberships_truncate AFTER TRUNCATE ON workers FOR EACH STATEMENT EXECUTE FUNCTION worker_memberships_bump();
INSERT INTO table_versions (org_id, table_name, v) SELECT DISTINCT org_id, 'worker_memberships', 1 FROM workers ON CONFLICT DO NOTHING;

-- Works a person's areas out and keeps them (the server, after a request
-- whose caller's areas were not kept). One statement: one snapshot.
CREATE FUNCTION keep_person_areas(p_person uuid) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO person_areas (person_id, org_id, as_of, version, areas)
  SELECT p.id, p.org_id, current_date,
         (SELECT coalesce(sum(t.v), 0)::bigint FROM table_versions t WHERE t.org_id = p.org_id AND t.table_name = ANY (areas_tables())),
         person_areas_now(p.id)
  FROM people p WHERE p.id = p_person
  ON CONFLICT (person_id) DO UPDATE
    SET org_id = EXCLUDED.org_id, as_of = EXCLUDED.as_of, version = EXCLUDED.version, areas = EXCLUDED.areas
    WHERE (person_areas.as_of, person_areas.version) IS DISTINCT FROM (EXCLUDED.as_of, EXCLUDED.version)
$$;
REVOKE ALL ON FUNCTION keep_person_areas(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION keep_person_areas(uuid) TO daicho_app;

DROP FUNCTION auth_context(text, text, text[]);

CREATE FUNCTION auth_context(p_sub text, p_session_key text, p_tables text[] DEFAULT NULL)
RETURNS TABLE (
  account_id uuid, org_id uuid, email text, person_id uuid, locale text, mfa_email_enabled boolean,
  operator boolean, individual boolean, mfa_verified boolean, areas jsonb, areas_kept boolean, version bigint
) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
-- PL/pgSQL keeps the statement's plan per connection (0030). The kept
-- areas when current, else worked out (coalesce runs its second argument
-- only when the first is NULL).
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT a.id, a.org_id, a.email, a.person_id, a.locale, o.mfa_email_enabled,
         EXISTS (SELECT 1 FROM memberships WHERE account_id = a.id AND kind = 'OPERATOR'),
         EXISTS (SELECT 1 FROM memberships WHERE account_id = a.id AND kind = 'INDIVIDUAL'),
         o.mfa_email_enabled AND EXISTS (
           SELECT 1 FROM mfa_challenges WHERE account_id = a.id AND session_key = p_session_key AND verified_at IS NOT NULL
         ),
         coalesce(k.areas, person_areas_now(a.person_id)),
         k.areas IS NOT NULL,
         CASE WHEN p_tables IS NOT NULL THEN
           (SELECT coalesce(sum(t.v), 0)::bigint FROM table_versions t WHERE t.org_id = a.org_id AND t.table_name = ANY(p_tables))
         END
  FROM accounts a JOIN organizations o ON o.id = a.org_id
  LEFT JOIN LATERAL (
    SELECT pa.areas FROM person_areas pa
    WHERE pa.person_id = a.person_id AND pa.as_of = current_date
      AND pa.version = (SELECT coalesce(sum(t.v), 0)::bigint FROM table_versions t WHERE t.org_id = a.org_id AND t.table_name = ANY (areas_tables()))
  ) k ON true
  WHERE a.cognito_sub = p_sub;
END
$$;
REVOKE ALL ON FUNCTION auth_context(text, text, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_context(text, text, text[]) TO daicho_app;
