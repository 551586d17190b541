-- People from an external HR system (issue 7, /person/external-hr-saas):
-- each applied sync preview, so the HR SaaS list can say when an
-- integration last brought people in and what it did. The people and workers
-- it wrote carry their own audit trail (audit_row on people, workers,
-- worker_assignments, worker_lifecycle_events); this row ties them to one
-- apply and its preview's fingerprint.
CREATE TABLE hr_sync_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id),
  app_integration_id uuid NOT NULL REFERENCES app_integrations(id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  created_count integer NOT NULL,
  updated_count integer NOT NULL,
  applied_by uuid DEFAULT app_account_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hr_sync_runs_integration ON hr_sync_runs (app_integration_id, created_at);
ALTER TABLE hr_sync_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_sync_runs USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT, INSERT ON hr_sync_runs TO daicho_app;
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON hr_sync_runs FOR EACH ROW EXECUTE FUNCTION audit_row();
