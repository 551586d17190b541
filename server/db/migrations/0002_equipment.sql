-- Equipment (the reference module) with its two master-data lists, and the
-- minimal place and device records its pickers read (the places and devices
-- issues extend these tables). Every table: org_id with row-level security,
-- and the audit trigger, which is where a record's history comes from.

CREATE TABLE places (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  code text NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('PLANNED', 'ACTIVE', 'TEMPORARILY_CLOSED', 'CLOSED', 'UNDER_CONSTRUCTION', 'UNDER_RENOVATION', 'PLANNED_CLOSURE', 'SUSPENDED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, code)
);

CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  genre text NOT NULL DEFAULT 'other' CHECK (genre IN ('workstation', 'laptop', 'mobile', 'tablet', 'monitor', 'server', 'other')),
  model text,
  device_tag text,
  asset_tag text,
  serial_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX devices_tag ON devices (org_id, device_tag) WHERE device_tag IS NOT NULL;

CREATE TABLE equipment_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  code text,
  display_order integer,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX equipment_types_name ON equipment_types (org_id, lower(name));
CREATE UNIQUE INDEX equipment_types_code ON equipment_types (org_id, lower(code)) WHERE code IS NOT NULL;

CREATE TABLE equipment_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  code text,
  equipment_type_id uuid REFERENCES equipment_types(id),
  display_order integer,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX equipment_items_name ON equipment_items (org_id, lower(name));
CREATE UNIQUE INDEX equipment_items_code ON equipment_items (org_id, lower(code)) WHERE code IS NOT NULL;

CREATE TABLE equipment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  equipment_type_id uuid REFERENCES equipment_types(id),
  equipment_item_id uuid REFERENCES equipment_items(id),
  model text,
  serial_number text,
  asset_tag text,
  management_type text CHECK (management_type IN ('INVENTORY_MANAGEMENT', 'DISTRIBUTION_LOG_MANAGEMENT', 'UNMANAGED')),
  usage_status text CHECK (usage_status IN ('IN_USE', 'RETURNED', 'UNDER_REPAIR', 'DISPOSED', 'STORED', 'SCHEDULED_FOR_LENDING')),
  usage_purpose text CHECK (usage_purpose IN ('PERSONAL_ASSIGNMENT', 'SHARED_USE', 'SHORT_TERM_LENDING', 'WORK_FROM_HOME')),
  storage_kind text CHECK (storage_kind IN ('STORED', 'FIXED', 'FREE', 'MOVING')),
  placement_status text CHECK (placement_status IN ('IN_USE', 'STORED', 'MOVING', 'TO_BE_DISPOSED', 'NOT_PLACED')),
  assigned_worker_id uuid REFERENCES workers(id),
  placement_place_id uuid REFERENCES places(id),
  device_id uuid REFERENCES devices(id),
  purchase_date date,
  purchase_price integer CHECK (purchase_price >= 0),
  lending_status text CHECK (lending_status IN ('ACTIVE', 'STOPPED', 'ON_LOAN')),
  verification_result text CHECK (verification_result IN ('OK', 'MISMATCH', 'UNVERIFIED')),
  verification_method text CHECK (verification_method IN ('PHYSICAL_CHECK', 'SCAN', 'PHOTO_RECORD')),
  verified_on date,
  disposal_method text CHECK (disposal_method IN ('RECYCLING', 'PHYSICAL_DESTRUCTION', 'VENDOR_REQUEST')),
  data_erasure_method text CHECK (data_erasure_method IN ('PHYSICAL_DESTRUCTION', 'DOD_STANDARD', 'ENCRYPTION_DELETION')),
  disposed_on date,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX equipment_org_created ON equipment (org_id, created_at, id);
CREATE INDEX equipment_org_name ON equipment (org_id, name, id);
CREATE INDEX equipment_type ON equipment (equipment_type_id);
CREATE INDEX equipment_worker ON equipment (assigned_worker_id);
CREATE INDEX equipment_place ON equipment (placement_place_id);
CREATE INDEX equipment_search ON equipment USING gin ((name || ' ' || coalesce(model, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(asset_tag, '')) gin_trgm_ops);
CREATE INDEX equipment_serial ON equipment (org_id, serial_number);
CREATE INDEX equipment_asset_tag ON equipment (org_id, asset_tag);

-- One row per uploaded file imported: the same key imports once. Large files
-- import as background jobs (server/modules/module/csv-job.ts): each run
-- stages a chunk of rows into csv_import_rows (committed: the progress the
-- wizard shows), and the last run applies them all in one transaction.
CREATE TABLE csv_imports (
  org_id uuid NOT NULL REFERENCES organizations(id),
  upload_key text NOT NULL,
  module text NOT NULL,
  account_id uuid,
  job_id bigint,
  encoding text NOT NULL DEFAULT 'auto',
  locale text NOT NULL DEFAULT 'ja-JP',
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  rows_done integer NOT NULL DEFAULT 0,
  rows_total integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, upload_key)
);
CREATE INDEX csv_imports_job ON csv_imports (job_id);

CREATE TABLE csv_import_rows (
  org_id uuid NOT NULL REFERENCES organizations(id),
  upload_key text NOT NULL,
  seq integer NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update')),
  row_id uuid,
  -- Column name → value, as jsonb_populate_record reads them.
  "values" jsonb NOT NULL,
  PRIMARY KEY (org_id, upload_key, seq)
);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['places', 'devices', 'equipment_types', 'equipment_items', 'equipment', 'csv_imports', 'csv_import_rows']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO daicho_app', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['places', 'devices', 'equipment_types', 'equipment_items', 'equipment']
  LOOP
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
  END LOOP;
END
$$;
