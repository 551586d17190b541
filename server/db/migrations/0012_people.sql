-- People and organisation (issue 7): the seventeen master-data lists, the
-- person's and the worker's fields, the lifecycle, dated organisation units
-- and memberships, and the devices a worker holds over time.
--
-- Dates are calendar dates in Japan time. A dated record is valid from
-- `valid_from` (inclusive) until `valid_to` (exclusive; NULL = open), so "as
-- of D" is `valid_from <= D AND (valid_to IS NULL OR valid_to > D)`.

-- The seventeen master-data lists of people settings (spec 2.3): one shape,
-- one table each (so a worker's reference to each is a real foreign key).
-- `code` and `rank` exist on every table; the module definitions
-- (src/api/modules/people-settings.ts) expose them where they apply.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['work_modes', 'retirement_reasons', 'positions', 'place_social_insurances',
    'job_types', 'job_titles', 'job_levels', 'job_grades', 'job_functions', 'job_competencies',
    'health_insurance_associations', 'grades', 'employment_types', 'contractor_types',
    'contract_end_reasons', 'collaborator_types', 'board_member_types']
  LOOP
    EXECUTE format($f$
      CREATE TABLE %1$I (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid NOT NULL REFERENCES organizations(id),
        name text NOT NULL,
        code text,
        rank integer,
        display_order integer,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )$f$, t);
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I (org_id, lower(name))', t || '_name', t);
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I (org_id, lower(code)) WHERE code IS NOT NULL', t || '_code', t);
    EXECUTE format('CREATE INDEX %I ON %I (org_id, display_order, id)', t || '_org_order', t);
    EXECUTE format('CREATE INDEX %I ON %I (org_id, name, id)', t || '_org_name_id', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;

-- The person (who someone is): personal information.
ALTER TABLE people
  ADD COLUMN birth_date date,
  ADD COLUMN gender text CHECK (gender IN ('MALE', 'FEMALE', 'OTHER', 'UNANSWERED')),
  ADD COLUMN personal_email text,
  ADD COLUMN personal_phone text,
  ADD COLUMN postal_code text,
  ADD COLUMN address text;

-- Family members of a person (`/person/{id}/family/{familyPersonId}`).
CREATE TABLE family_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  person_id uuid NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  family_name text NOT NULL,
  given_name text NOT NULL,
  family_name_kana text,
  given_name_kana text,
  relationship text NOT NULL CHECK (relationship IN ('SPOUSE', 'CHILD', 'PARENT', 'SIBLING', 'OTHER')),
  birth_date date,
  is_dependent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_members_person ON family_members (person_id);

-- The worker (one engagement of a person: employee, board member,
-- contractor or collaborator). Lifecycle dates (spec 4): the stage as of a
-- date D is worker_stage(w, D) below.
ALTER TABLE workers
  ADD COLUMN employment_type_id uuid REFERENCES employment_types(id),
  ADD COLUMN board_member_type_id uuid REFERENCES board_member_types(id),
  ADD COLUMN contractor_type_id uuid REFERENCES contractor_types(id),
  ADD COLUMN collaborator_type_id uuid REFERENCES collaborator_types(id),
  ADD COLUMN job_title_id uuid REFERENCES job_titles(id),
  ADD COLUMN job_level_id uuid REFERENCES job_levels(id),
  ADD COLUMN job_grade_id uuid REFERENCES job_grades(id),
  ADD COLUMN grade_id uuid REFERENCES grades(id),
  ADD COLUMN job_function_id uuid REFERENCES job_functions(id),
  ADD COLUMN job_competency_id uuid REFERENCES job_competencies(id),
  ADD COLUMN work_mode_id uuid REFERENCES work_modes(id),
  ADD COLUMN health_insurance_association_id uuid REFERENCES health_insurance_associations(id),
  ADD COLUMN place_social_insurance_id uuid REFERENCES place_social_insurances(id),
  ADD COLUMN contract_start_on date,
  ADD COLUMN contract_end_on date,
  ADD COLUMN contract_end_reason_id uuid REFERENCES contract_end_reasons(id),
  ADD COLUMN retirement_reason_id uuid REFERENCES retirement_reasons(id),
  -- Lifecycle: offered → offer accepted → joining (date fixed, onboarding)
  -- → active (started_on, the joining date; "new hire" for its first
  -- NEW_HIRE_MONTHS) → leaving (leaving_notified_on) → alumni (the day
  -- after ended_on, the last working day).
  ADD COLUMN offered_on date,
  ADD COLUMN offer_accepted_on date,
  ADD COLUMN joining_confirmed_on date,
  ADD COLUMN leaving_notified_on date;
CREATE INDEX workers_org_type ON workers (org_id, worker_type, person_id);
CREATE INDEX workers_org_ended ON workers (org_id, ended_on);
CREATE UNIQUE INDEX workers_worker_number ON workers (org_id, lower(worker_number)) WHERE worker_number IS NOT NULL;

-- The lifecycle stage of a worker on a date. NEW_HIRE: the first three
-- months after joining (src/api/contracts/people-lifecycle.ts NEW_HIRE_MONTHS).
CREATE FUNCTION worker_stage(w workers, d date) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN w.ended_on IS NOT NULL AND w.ended_on < d THEN 'ALUMNI'
    WHEN w.started_on IS NOT NULL AND w.started_on <= d THEN
      CASE
        WHEN w.leaving_notified_on IS NOT NULL AND w.leaving_notified_on <= d THEN 'LEAVING'
        WHEN d < (w.started_on + interval '3 months')::date THEN 'NEW_HIRE'
        ELSE 'ACTIVE'
      END
    WHEN w.joining_confirmed_on IS NOT NULL AND w.joining_confirmed_on <= d THEN 'JOINING'
    WHEN w.offer_accepted_on IS NOT NULL AND w.offer_accepted_on <= d THEN 'OFFER_ACCEPTED'
    WHEN w.offered_on IS NOT NULL AND w.offered_on <= d THEN 'OFFERED'
    ELSE NULL
  END
$$;

-- Each lifecycle transition as it was recorded (a command of the console):
-- the stage, the date it takes effect, who recorded it and when.
CREATE TABLE worker_lifecycle_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('OFFERED', 'OFFER_ACCEPTED', 'JOINING', 'ACTIVE', 'LEAVING', 'ALUMNI')),
  effective_on date NOT NULL,
  note text,
  recorded_by uuid DEFAULT app_account_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worker_lifecycle_events_worker ON worker_lifecycle_events (worker_id, effective_on);

CREATE TABLE worker_job_types (
  org_id uuid NOT NULL REFERENCES organizations(id),
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  job_type_id uuid NOT NULL REFERENCES job_types(id),
  PRIMARY KEY (worker_id, job_type_id)
);
CREATE INDEX worker_job_types_type ON worker_job_types (job_type_id);

CREATE TABLE worker_places (
  org_id uuid NOT NULL REFERENCES organizations(id),
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  place_id uuid NOT NULL REFERENCES places(id),
  is_primary boolean NOT NULL DEFAULT false,
  PRIMARY KEY (worker_id, place_id)
);
CREATE INDEX worker_places_place ON worker_places (place_id);

-- Organisation units (departments), dated: a unit's name and parent are
-- versions valid over a range of dates, so the chart can be drawn as of
-- any day, past or planned (a plan applied writes versions from its
-- effective date).
CREATE TABLE org_units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX org_units_code ON org_units (org_id, lower(code)) WHERE code IS NOT NULL;

CREATE TABLE org_unit_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  unit_id uuid NOT NULL REFERENCES org_units(id) ON DELETE CASCADE,
  name text NOT NULL,
  parent_unit_id uuid REFERENCES org_units(id),
  display_order integer NOT NULL DEFAULT 0,
  valid_from date NOT NULL,
  valid_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);
CREATE INDEX org_unit_versions_unit ON org_unit_versions (unit_id, valid_from);
CREATE INDEX org_unit_versions_org ON org_unit_versions (org_id, valid_from);

-- A worker's membership of a unit with a position, dated.
CREATE TABLE worker_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES org_units(id),
  position_id uuid REFERENCES positions(id),
  is_primary boolean NOT NULL DEFAULT true,
  valid_from date NOT NULL,
  valid_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);
CREATE INDEX worker_assignments_worker ON worker_assignments (worker_id, valid_from);
CREATE INDEX worker_assignments_unit ON worker_assignments (unit_id, valid_from);

-- Devices held by a worker over time (today's and earlier holders).
CREATE TABLE device_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  device_id uuid NOT NULL REFERENCES devices(id),
  worker_id uuid NOT NULL REFERENCES workers(id) ON DELETE CASCADE,
  assigned_on date NOT NULL,
  returned_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (returned_on IS NULL OR returned_on >= assigned_on)
);
CREATE INDEX device_assignments_worker ON device_assignments (worker_id, assigned_on);
CREATE INDEX device_assignments_device ON device_assignments (device_id, assigned_on);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['family_members', 'worker_lifecycle_events', 'worker_job_types', 'worker_places',
    'org_units', 'org_unit_versions', 'worker_assignments', 'device_assignments']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
  END LOOP;
  -- Join tables without an id are audited through their worker's history by the handlers.
  FOREACH t IN ARRAY ARRAY['family_members', 'worker_lifecycle_events', 'org_units', 'org_unit_versions', 'worker_assignments', 'device_assignments']
  LOOP
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;
