-- Shadow IT (issue 6): which SaaS people use that no live integration covers.
--
-- traceable_apps: the product's catalogue of SaaS recognisable from a
--   browsing log (server/seed/app-catalogue.ts TRACEABLE_SAAS, grouped per
--   product), written at every migrate (server/db/reference-data.ts). Global
--   like `apps`: no org_id, read-only to the application role. Ids are
--   md5('traceable-app:' || slug) shaped as a version-4 uuid, so every
--   database names a product alike; rows are never removed (visits
--   reference them).
-- shadow_it_visits: one row per visit event an organisation's detector (a
--   browser extension, a proxy-log shipper) sent, kept only when its host is
--   a traceable app; idempotent per (org_id, event_id). Visits arrive by the
--   thousand: like app_users, no audit row per visit.
-- shadow_it_ingestion_tokens: the organisation's one ingestion token, as a
--   SHA-256 hash (the token itself is shown once, when created or rotated).
--   The ingestion call has no signed-in user: the SECURITY DEFINER function
--   shadow_it_org_by_token finds the organisation by the hash, as
--   invitation_by_code does for invitations.

CREATE TABLE traceable_apps (
  id uuid PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  category text NOT NULL,
  website_url text NOT NULL,
  domains text[] NOT NULL DEFAULT '{}',
  integratable_app_id text REFERENCES apps(id),
  avatar_url text,
  display_order integer NOT NULL DEFAULT 0
);
CREATE INDEX traceable_apps_integratable ON traceable_apps (integratable_app_id);
GRANT SELECT ON traceable_apps TO daicho_app;

-- A custom SaaS made from a shadow-IT app remembers it (the column came with 0009).
ALTER TABLE software ADD CONSTRAINT software_traceable_app FOREIGN KEY (traceable_app_id) REFERENCES traceable_apps(id);
CREATE INDEX software_traceable_app ON software (traceable_app_id) WHERE traceable_app_id IS NOT NULL;

CREATE TABLE shadow_it_visits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  event_id text NOT NULL,
  visited_at timestamptz NOT NULL,
  -- Lower-cased; person_id is the person it matched when the visit arrived
  -- (worker e-mail, else personal e-mail), NULL = an unknown user.
  user_email text NOT NULL,
  person_id uuid REFERENCES people(id),
  traceable_app_id uuid NOT NULL REFERENCES traceable_apps(id),
  url text NOT NULL,
  detection_tool text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, event_id)
);
CREATE INDEX shadow_it_visits_org_visited ON shadow_it_visits (org_id, visited_at DESC, id DESC);
CREATE INDEX shadow_it_visits_app_visited ON shadow_it_visits (org_id, traceable_app_id, visited_at);
CREATE INDEX shadow_it_visits_person ON shadow_it_visits (person_id);

CREATE TABLE shadow_it_ingestion_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL UNIQUE REFERENCES organizations(id),
  token_hash text NOT NULL UNIQUE,
  -- The first characters of the token, to tell which one a detector holds.
  hint text NOT NULL,
  created_by uuid REFERENCES accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shadow_it_visits', 'shadow_it_ingestion_tokens']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
  END LOOP;
END
$$;
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON shadow_it_ingestion_tokens FOR EACH ROW EXECUTE FUNCTION audit_row();

CREATE FUNCTION shadow_it_org_by_token(p_hash text)
RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
$$ SELECT org_id FROM shadow_it_ingestion_tokens WHERE token_hash = p_hash $$;
REVOKE ALL ON FUNCTION shadow_it_org_by_token(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION shadow_it_org_by_token(text) TO daicho_app;
