-- Software and apps (issue 6): the marketplace catalogue, the organisation's
-- software registry, its app integrations (connected SaaS tenants), the
-- accounts read from each tenant, and who should hold an account there.
--
-- The catalogue (apps) is the product's, not an organisation's: no org_id, no
-- row-level security, read-only to the application role; the server writes it
-- from server/seed/app-catalogue.ts at start (server/modules/software/catalogue.ts).

CREATE TABLE apps (
  id text PRIMARY KEY,
  name text NOT NULL,
  vendor text NOT NULL,
  category text NOT NULL,
  website_url text NOT NULL,
  domains text[] NOT NULL DEFAULT '{}',
  description_ja text NOT NULL,
  description_en text NOT NULL,
  connectors text[] NOT NULL DEFAULT '{CSV}',
  logo_url text NOT NULL,
  display_order integer NOT NULL DEFAULT 0
);
GRANT SELECT ON apps TO daicho_app;

-- The registry: every piece of software the organisation has, installed or SaaS.
CREATE TABLE software (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  software_type text NOT NULL CHECK (software_type IN ('INSTALLED', 'MW_OS', 'SCRATCH', 'PRODUCT', 'SAAS', 'CUSTOM_SAAS')),
  app_id text REFERENCES apps(id),
  custom_saas_type text,
  traceable_app_id uuid,
  vendor_name text,
  category text,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'TRIAL', 'DEACTIVATED', 'DISCONTINUED')),
  description text,
  website_url text,
  version text,
  deployment text CHECK (deployment IN ('CLOUD', 'ON_PREMISE', 'HYBRID')),
  auth_method text CHECK (auth_method IN ('SAML', 'OAUTH', 'SELF', 'OTHER')),
  patch_status text CHECK (patch_status IN ('PATCHED', 'SCHEDULED', 'NOT_PATCHED')),
  compliance text CHECK (compliance IN ('COMPLIANT', 'IN_PROGRESS', 'NON_COMPLIANT')),
  environment text,
  install_method text,
  data_location text,
  logo_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX software_org_name ON software (org_id, name, id);
CREATE INDEX software_org_created ON software (org_id, created_at, id);
CREATE UNIQUE INDEX software_app ON software (org_id, app_id) WHERE app_id IS NOT NULL;

-- A connected tenant of an app (or of a custom app, app_id NULL). The
-- contract (pricing) lives here: what the organisation pays for this tenant.
CREATE TABLE app_integrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  app_id text REFERENCES apps(id),
  software_id uuid REFERENCES software(id),
  name text NOT NULL,
  custom_app boolean NOT NULL DEFAULT false,
  custom_saas_type text,
  tenant_name text,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DEACTIVATED')),
  deleted_at timestamptz,
  parent_integration_id uuid REFERENCES app_integrations(id),
  -- Where accounts come from: SCIM (base URL + bearer token) or CSV imports.
  connector text NOT NULL DEFAULT 'CSV' CHECK (connector IN ('SCIM', 'CSV')),
  scim_base_url text,
  -- A secret: never sent back to the console (settings say only whether one is set).
  scim_token text,
  authenticated_at timestamptz,
  user_provisioning boolean NOT NULL DEFAULT false,
  mdm_activated_at timestamptz,
  pricing_model text CHECK (pricing_model IN ('FREE', 'FIXED', 'LINEAR')),
  billing_cycle_unit text CHECK (billing_cycle_unit IN ('MONTH', 'YEAR', 'WEEK', 'DAY')),
  billing_cycle_length integer CHECK (billing_cycle_length BETWEEN 1 AND 120),
  price_of_unit_per_billing_cycle numeric(14, 2) CHECK (price_of_unit_per_billing_cycle >= 0),
  currency_code text CHECK (currency_code IN ('JPY', 'USD', 'IDR', 'THB', 'VND', 'CNY')),
  unit text CHECK (unit IN ('BILLABLE_USER', 'LICENSE_SEAT')),
  plan_name text,
  contract_anchor_month integer CHECK (contract_anchor_month BETWEEN 1 AND 12),
  contract_anchor_day integer CHECK (contract_anchor_day BETWEEN 1 AND 31),
  -- Last refresh of the accounts (the run itself is a job: jobs.singleton_key 'app-refresh:<id>').
  refresh_requested_at timestamptz,
  refreshed_at timestamptz,
  refresh_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_integrations_org_name ON app_integrations (org_id, name, id);
CREATE INDEX app_integrations_software ON app_integrations (software_id);
CREATE INDEX app_integrations_parent ON app_integrations (parent_integration_id);

-- Accounts in an integrated tenant, as its connector last read them, each
-- linked to the person it belongs to (matched by e-mail or worker number, or
-- chosen by an operator: link_manual).
CREATE TABLE app_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  app_integration_id uuid NOT NULL REFERENCES app_integrations(id) ON DELETE CASCADE,
  external_id text NOT NULL,
  user_name text NOT NULL,
  display_name text,
  email text,
  avatar_url text,
  role_name text,
  status_name text,
  groups text[] NOT NULL DEFAULT '{}',
  employee_number text,
  is_active boolean NOT NULL DEFAULT true,
  configured_mfa boolean,
  last_signed_in_at timestamptz,
  app_created_at timestamptz,
  deactivated_at timestamptz,
  source text NOT NULL CHECK (source IN ('SCIM', 'CSV', 'SEED')),
  person_id uuid REFERENCES people(id),
  link_manual boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_integration_id, external_id)
);
CREATE INDEX app_users_integration_name ON app_users (app_integration_id, user_name, id);
CREATE INDEX app_users_person ON app_users (person_id);
CREATE INDEX app_users_email ON app_users (org_id, lower(email));

-- Who should hold an account in an integration, with which role: the rule
-- accounts are checked against (violated, violated-role, no-user).
CREATE TABLE app_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  app_integration_id uuid NOT NULL REFERENCES app_integrations(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people(id),
  role_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_integration_id, person_id)
);

-- Matching reads people by e-mail and worker number.
CREATE INDEX people_org_email ON people (org_id, lower(email));
CREATE INDEX workers_org_email ON workers (org_id, lower(primary_email));
CREATE INDEX workers_org_number ON workers (org_id, worker_number);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['software', 'app_integrations', 'app_users', 'app_assignments']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
  END LOOP;
  -- Accounts are refreshed thousands at a time: their history is the
  -- integration's refresh, not a trail per row.
  FOREACH t IN ARRAY ARRAY['software', 'app_integrations', 'app_assignments']
  LOOP
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;
