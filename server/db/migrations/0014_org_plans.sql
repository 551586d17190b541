-- Organisation plans (issue 7): a draft future structure, applied on its
-- effective date. A plan holds one row per unit it touches:
--   ADD     a new unit (its id is chosen when drafted and becomes the
--           org_units id when the plan is applied, so a planned unit can be
--           the parent of another planned unit and has a page of its own);
--   CHANGE  an existing unit's name, parent and/or display order;
--   CLOSE   an existing unit ends on the effective date.
-- Applying (server/modules/organization/apply.ts) closes the affected
-- versions of org_unit_versions at effective_on and writes new versions from
-- it, in one transaction; the plan becomes APPLIED and read-only.
CREATE TABLE org_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  effective_on date NOT NULL,
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'APPLIED')),
  applied_at timestamptz,
  applied_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'APPLIED') = (applied_at IS NOT NULL))
);
CREATE INDEX org_plans_org ON org_plans (org_id, effective_on DESC, id);

CREATE TABLE org_plan_units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  plan_id uuid NOT NULL REFERENCES org_plans(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ADD', 'CHANGE', 'CLOSE')),
  -- ADD: the id the new unit will have; CHANGE / CLOSE: the existing unit.
  -- No foreign key: a planned unit does not exist yet (the handlers check).
  unit_id uuid NOT NULL,
  -- ADD: the new unit's values; CHANGE: the values from the effective date
  -- (NULL name / display order = unchanged; parent_set says whether the
  -- parent changes, since NULL is also "no parent").
  name text,
  code text,
  parent_unit_id uuid,
  parent_set boolean NOT NULL DEFAULT false,
  display_order integer,
  -- CHANGE / CLOSE: the unit's version on the effective date when the row
  -- was drafted. Applying refuses when that version is no longer the one
  -- in force (the organisation changed under the plan).
  base_version_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'ADD' OR name IS NOT NULL),
  CHECK (kind = 'ADD' OR base_version_id IS NOT NULL)
);
CREATE UNIQUE INDEX org_plan_units_unit ON org_plan_units (plan_id, unit_id);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['org_plans', 'org_plan_units']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;
