-- Foundation: organisations, people, accounts, invitations, permissions,
-- audit trail, job queue and MFA challenges.
--
-- Tenancy: every business row carries org_id. Requests run as the role
-- daicho_app (SET LOCAL ROLE in server/db/tenant.ts), which owns nothing and
-- cannot bypass row-level security; the policies below compare org_id with
-- the transaction setting app.org_id. The few look-ups that must happen
-- before the organisation is known (token subject, invitation code, job
-- claim) are SECURITY DEFINER functions that return exactly one row's worth.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'daicho_app') THEN
    CREATE ROLE daicho_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
GRANT daicho_app TO CURRENT_USER;
GRANT USAGE ON SCHEMA public TO daicho_app;

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION app_org_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $$;
CREATE FUNCTION app_account_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.account_id', true), '')::uuid $$;

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  mfa_email_enabled boolean NOT NULL DEFAULT false,
  -- Feature flags that differ from their defaults, e.g. {"NewFeature": false}.
  feature_flags jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  family_name text NOT NULL,
  given_name text NOT NULL,
  middle_name text,
  family_name_kana text,
  given_name_kana text,
  email text,
  avatar_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX people_org_idx ON people (org_id);

-- A person may hold several worker records over time (employee, then
-- contractor; board member and employee at once).
CREATE TABLE workers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  person_id uuid NOT NULL REFERENCES people(id),
  worker_type text NOT NULL CHECK (worker_type IN ('EMPLOYEE', 'BOARD_MEMBER', 'CONTRACTOR', 'COLLABORATOR')),
  worker_number text,
  primary_email text,
  started_on date,
  ended_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workers_person_idx ON workers (org_id, person_id);

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  email text NOT NULL,
  cognito_sub text UNIQUE,
  person_id uuid REFERENCES people(id),
  locale text NOT NULL DEFAULT 'ja-JP' CHECK (locale IN ('ja-JP', 'en-US')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_idx ON accounts (lower(email));

-- OPERATOR_MEMBERSHIP / INDIVIDUAL_MEMBERSHIP of the spec.
CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  account_id uuid NOT NULL REFERENCES accounts(id),
  kind text NOT NULL CHECK (kind IN ('OPERATOR', 'INDIVIDUAL')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, kind)
);

-- OPERATOR_INVITATION / INDIVIDUAL_INVITATION of the spec.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  kind text NOT NULL CHECK (kind IN ('OPERATOR', 'INDIVIDUAL')),
  code text NOT NULL UNIQUE,
  email text NOT NULL,
  given_name text NOT NULL,
  family_name text NOT NULL,
  middle_name text,
  person_id uuid REFERENCES people(id),
  invited_by uuid REFERENCES accounts(id),
  invited_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  account_id uuid REFERENCES accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_permissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  it boolean NOT NULL DEFAULT false,
  hr boolean NOT NULL DEFAULT false,
  ga boolean NOT NULL DEFAULT false,
  li boolean NOT NULL DEFAULT false,
  marketplace boolean NOT NULL DEFAULT false,
  settings boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE people_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  membership_employee boolean NOT NULL DEFAULT false,
  membership_board_member boolean NOT NULL DEFAULT false,
  membership_contractor boolean NOT NULL DEFAULT false,
  membership_collaborator boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE people_group_overrides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  people_group_id uuid NOT NULL REFERENCES people_groups(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people(id),
  mode text NOT NULL CHECK (mode IN ('INCLUDE', 'EXCLUDE')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (people_group_id, person_id)
);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_product_permissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  product_permission_id uuid NOT NULL REFERENCES product_permissions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (role_id, product_permission_id)
);

CREATE TABLE role_people_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  people_group_id uuid NOT NULL REFERENCES people_groups(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (role_id, people_group_id)
);

-- The audit trail, written by the trigger below in the changing transaction.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id uuid NOT NULL,
  actor_account_id uuid,
  request_id text,
  at timestamptz NOT NULL DEFAULT now(),
  table_name text NOT NULL,
  record_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('INSERT', 'UPDATE', 'DELETE')),
  before jsonb NOT NULL DEFAULT '{}'::jsonb,
  after jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_record_idx ON audit_log (org_id, table_name, record_id, at DESC);

-- Work that outlives a request. Claimed with FOR UPDATE SKIP LOCKED by any
-- replica (server/jobs/queue.ts); nothing about a job lives in memory.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id),
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 5,
  locked_by text,
  locked_until timestamptz,
  progress jsonb,
  result jsonb,
  last_error text,
  singleton_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_ready_idx ON jobs (run_at) WHERE state IN ('QUEUED', 'RUNNING');
-- At most one unfinished job per singleton key in an organisation (e.g. one refresh per integration).
CREATE UNIQUE INDEX jobs_singleton_idx ON jobs (org_id, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('QUEUED', 'RUNNING');

-- E-mail MFA: one row per code sent. session_key ties it to one sign-in.
CREATE TABLE mfa_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  account_id uuid NOT NULL REFERENCES accounts(id),
  session_key text NOT NULL,
  code_hash text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_challenges_session_idx ON mfa_challenges (account_id, session_key, created_at DESC);

-- Password reset by mailed code (our SMTP, the same on Cognito and the emulator).
CREATE TABLE password_reset_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  account_id uuid NOT NULL REFERENCES accounts(id),
  code_hash text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_codes_account_idx ON password_reset_codes (account_id, created_at DESC);

-- Audit trigger: records the changed fields only.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_any jsonb := coalesce(new_row, old_row);
  b jsonb := '{}'::jsonb;
  a jsonb := '{}'::jsonb;
  k text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    a := new_row - 'created_at' - 'updated_at';
  ELSIF TG_OP = 'DELETE' THEN
    b := old_row - 'created_at' - 'updated_at';
  ELSE
    FOR k IN SELECT jsonb_object_keys(new_row) LOOP
      IF k <> 'updated_at' AND (old_row -> k) IS DISTINCT FROM (new_row -> k) THEN
        b := b || jsonb_build_object(k, old_row -> k);
        a := a || jsonb_build_object(k, new_row -> k);
      END IF;
    END LOOP;
    IF a = '{}'::jsonb THEN
      RETURN NEW;
    END IF;
  END IF;
  INSERT INTO audit_log (org_id, actor_account_id, request_id, table_name, record_id, action, before, after)
  VALUES (
    coalesce((row_any ->> 'org_id')::uuid, app_org_id(), (row_any ->> 'id')::uuid),
    app_account_id(),
    nullif(current_setting('app.request_id', true), ''),
    TG_TABLE_NAME,
    row_any ->> 'id',
    TG_OP,
    b,
    a
  );
  RETURN coalesce(NEW, OLD);
END
$$;

-- Row-level security and audit on every business table.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['people', 'workers', 'accounts', 'memberships', 'invitations',
    'product_permissions', 'people_groups', 'people_group_overrides', 'roles',
    'role_product_permissions', 'role_people_groups', 'mfa_challenges', 'password_reset_codes', 'jobs', 'audit_log']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['people', 'workers', 'accounts', 'memberships', 'invitations',
    'product_permissions', 'people_groups', 'people_group_overrides', 'roles',
    'role_product_permissions', 'role_people_groups']
  LOOP
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;

ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON organizations USING (id = app_org_id()) WITH CHECK (id = app_org_id());
GRANT SELECT, UPDATE ON organizations TO daicho_app;
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION audit_row();
-- The audit log is append-only for the application.
REVOKE UPDATE, DELETE ON audit_log FROM daicho_app;

-- Look-ups before the organisation is known.
CREATE FUNCTION auth_account_by_sub(p_sub text)
RETURNS TABLE (account_id uuid, org_id uuid) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
$$ SELECT id, org_id FROM accounts WHERE cognito_sub = p_sub $$;

CREATE FUNCTION account_by_email(p_email text)
RETURNS TABLE (account_id uuid, org_id uuid) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
$$ SELECT id, org_id FROM accounts WHERE lower(email) = lower(p_email) $$;

CREATE FUNCTION invitation_by_code(p_code text)
RETURNS TABLE (id uuid, org_id uuid) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
$$ SELECT id, org_id FROM invitations WHERE code = p_code $$;

-- Claims up to p_limit ready jobs for a worker; any replica may call it.
CREATE FUNCTION claim_jobs(p_queues text[], p_worker text, p_limit int, p_lease_seconds int)
RETURNS SETOF jobs LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE jobs j SET state = 'RUNNING', attempts = j.attempts + 1, locked_by = p_worker,
    locked_until = now() + make_interval(secs => p_lease_seconds)
  WHERE j.id IN (
    SELECT id FROM jobs
    WHERE queue = ANY(p_queues)
      AND ((state = 'QUEUED' AND run_at <= now()) OR (state = 'RUNNING' AND locked_until < now()))
    ORDER BY run_at, id
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  )
  RETURNING j.*
$$;

REVOKE ALL ON FUNCTION auth_account_by_sub(text), account_by_email(text), invitation_by_code(text), claim_jobs(text[], text, int, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_account_by_sub(text), account_by_email(text), invitation_by_code(text), claim_jobs(text[], text, int, int) TO daicho_app;

-- Who is in a people group today: by current worker type, plus individual
-- inclusions, minus individual exclusions. security_invoker keeps RLS.
CREATE VIEW people_group_members WITH (security_invoker = true) AS
SELECT g.org_id, g.id AS people_group_id, p.id AS person_id
FROM people_groups g
JOIN people p ON p.org_id = g.org_id
WHERE (
    EXISTS (
      SELECT 1 FROM workers w
      WHERE w.person_id = p.id
        AND (w.started_on IS NULL OR w.started_on <= current_date)
        AND (w.ended_on IS NULL OR w.ended_on >= current_date)
        AND ((w.worker_type = 'EMPLOYEE' AND g.membership_employee)
          OR (w.worker_type = 'BOARD_MEMBER' AND g.membership_board_member)
          OR (w.worker_type = 'CONTRACTOR' AND g.membership_contractor)
          OR (w.worker_type = 'COLLABORATOR' AND g.membership_collaborator))
    )
    OR EXISTS (
      SELECT 1 FROM people_group_overrides o
      WHERE o.people_group_id = g.id AND o.person_id = p.id AND o.mode = 'INCLUDE'
    )
  )
  AND NOT EXISTS (
    SELECT 1 FROM people_group_overrides o
    WHERE o.people_group_id = g.id AND o.person_id = p.id AND o.mode = 'EXCLUDE'
  );
GRANT SELECT ON people_group_members TO daicho_app;
