-- The caller and a cacheable list's data version in one function call.
--
-- Every list request reads both as it begins (server/auth/access.ts): the
-- caller (auth_context, 0008) and the version of the list's tables
-- (data_version, 0021). As two functions in one statement they cost
-- PostgreSQL 0.31 ms a request (pgbench, simple protocol, the bench
-- database; `SELECT 1`: 0.045): data_version is a SECURITY DEFINER SQL
-- function, which is never inlined, so its query was planned again on every
-- call. Here the version is a sub-select of auth_context's own statement,
-- whose plan PL/pgSQL keeps per connection: 0.17 ms. A kept page is answered
-- after this one statement, so this is most of the database's share of one
-- (docs/benchmarks.md, twelfth round).
--
-- p_tables NULL (a request that keeps no page): version is NULL and no
-- version is read. data_version stays for the tools and tests that read it.

DROP FUNCTION auth_context(text, text);

CREATE FUNCTION auth_context(p_sub text, p_session_key text, p_tables text[] DEFAULT NULL)
RETURNS TABLE (
  account_id uuid, org_id uuid, email text, person_id uuid, locale text, mfa_email_enabled boolean,
  operator boolean, individual boolean, mfa_verified boolean, areas jsonb, version bigint
) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
-- PL/pgSQL keeps the statement's plan per connection: planning it (the
-- people_group_members view) on every request cost more than running it.
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT a.id, a.org_id, a.email, a.person_id, a.locale, o.mfa_email_enabled,
         EXISTS (SELECT 1 FROM memberships WHERE account_id = a.id AND kind = 'OPERATOR'),
         EXISTS (SELECT 1 FROM memberships WHERE account_id = a.id AND kind = 'INDIVIDUAL'),
         o.mfa_email_enabled AND EXISTS (
           SELECT 1 FROM mfa_challenges WHERE account_id = a.id AND session_key = p_session_key AND verified_at IS NOT NULL
         ),
         (SELECT jsonb_build_object(
                   'IT', coalesce(bool_or(pp.it), false), 'HR', coalesce(bool_or(pp.hr), false),
                   'GA', coalesce(bool_or(pp.ga), false), 'LI', coalesce(bool_or(pp.li), false),
                   'MARKETPLACE', coalesce(bool_or(pp.marketplace), false), 'SETTINGS', coalesce(bool_or(pp.settings), false))
          FROM people_group_members m
          JOIN role_people_groups rpg ON rpg.people_group_id = m.people_group_id
          JOIN role_product_permissions rpp ON rpp.role_id = rpg.role_id
          JOIN product_permissions pp ON pp.id = rpp.product_permission_id
          WHERE m.person_id = a.person_id),
         CASE WHEN p_tables IS NOT NULL THEN
           (SELECT coalesce(sum(t.v), 0)::bigint FROM table_versions t WHERE t.org_id = a.org_id AND t.table_name = ANY(p_tables))
         END
  FROM accounts a JOIN organizations o ON o.id = a.org_id
  WHERE a.cognito_sub = p_sub;
END
$$;
REVOKE ALL ON FUNCTION auth_context(text, text, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_context(text, text, text[]) TO daicho_app;
