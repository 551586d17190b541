-- Every request resolves its caller; each statement is a round trip, which
-- costs (issue 5). This one function returns what server/auth/access.ts
-- needs: the account of a token's subject, its memberships, whether this
-- sign-in (session key) has passed the e-mail code, and its areas (the union
-- of the product permissions of the roles whose people groups hold the
-- account's person today). It runs as its owner, before the organisation is
-- known, and reads only the rows of that one account and person; the caller
-- enters the organisation's scope in the same statement.
CREATE FUNCTION auth_context(p_sub text, p_session_key text)
RETURNS TABLE (
  account_id uuid, org_id uuid, email text, person_id uuid, locale text, mfa_email_enabled boolean,
  operator boolean, individual boolean, mfa_verified boolean, areas jsonb
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
          WHERE m.person_id = a.person_id)
  FROM accounts a JOIN organizations o ON o.id = a.org_id
  WHERE a.cognito_sub = p_sub;
END
$$;
REVOKE ALL ON FUNCTION auth_context(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_context(text, text) TO daicho_app;

-- The view people_group_members finds a person's workers by person_id; in
-- auth_context no tenant policy adds org_id, so (org_id, person_id) cannot
-- serve it (a scan of every worker, ~5 ms at 100k).
CREATE INDEX workers_person_id ON workers (person_id);

-- auth_context replaces it.
DROP FUNCTION auth_account_by_sub(text);
