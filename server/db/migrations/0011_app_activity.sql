-- Sign-in activity of app accounts, month by month (issue 6, the app
-- integration overview): which accounts an integration had in a month,
-- whether each was active, and whether it signed in. Monthly active users
-- and user growth of past months come from here; a tenant's connector only
-- tells the last sign-in, and a refresh removes accounts the tenant dropped.
--
-- Written by each refresh (server/modules/software/activity.ts,
-- recordActivity): every account it holds, for the current month (Japan
-- time), plus the month of an earlier last sign-in. A month is the calendar
-- month in Asia/Tokyo, stored as its first day.
CREATE TABLE app_user_months (
  org_id uuid NOT NULL REFERENCES organizations(id),
  app_integration_id uuid NOT NULL REFERENCES app_integrations(id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- The account's id in the tenant: stable across refreshes, unlike app_users.id.
  external_id text NOT NULL,
  -- Active at some refresh of the month.
  is_active boolean NOT NULL,
  -- Signed in during the month (its last sign-in fell in it).
  signed_in boolean NOT NULL DEFAULT false,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_integration_id, month, external_id)
);
CREATE INDEX app_user_months_org ON app_user_months (org_id);

-- Like app_users: thousands of rows per refresh, no audit trail per row.
ALTER TABLE app_user_months ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_user_months USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON app_user_months TO daicho_app;
