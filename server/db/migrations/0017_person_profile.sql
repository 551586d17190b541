-- The person profile (issue 7): what its tabs read from the audit trail.

-- App accounts a person held before. app_users has no trail per row (a
-- refresh writes thousands of rows, 0009), but the end of a person's link
-- is recorded: the account removed from its tenant, or linked to someone
-- else (or no one). Few rows, and the apps tab can list what a person had.
CREATE TRIGGER audit_person_link_removed AFTER DELETE ON app_users
  FOR EACH ROW WHEN (OLD.person_id IS NOT NULL) EXECUTE FUNCTION audit_row();
CREATE TRIGGER audit_person_link_changed AFTER UPDATE OF person_id ON app_users
  FOR EACH ROW WHEN (OLD.person_id IS NOT NULL AND OLD.person_id IS DISTINCT FROM NEW.person_id) EXECUTE FUNCTION audit_row();

-- The activity tab: what a person's accounts did, latest first.
CREATE INDEX audit_log_actor ON audit_log (org_id, actor_account_id, at DESC, id DESC) WHERE actor_account_id IS NOT NULL;

-- Equipment a worker held before: every change of equipment.assigned_worker_id
-- to or from the worker. jsonb's ->> is not leakproof, so under row-level
-- security PostgreSQL would not use these indexes ahead of the tenant
-- policy; the function runs as its owner, filters by the caller's
-- organisation itself, and matches the indexes' expressions (as the
-- <table>_search_ids functions of 0005 do).
CREATE INDEX audit_log_equipment_holder_after ON audit_log (org_id, (after ->> 'assigned_worker_id')) WHERE table_name = 'equipment';
CREATE INDEX audit_log_equipment_holder_before ON audit_log (org_id, (before ->> 'assigned_worker_id')) WHERE table_name = 'equipment';

CREATE FUNCTION equipment_holding_changes(p_workers text[])
RETURNS TABLE (audit_id bigint, equipment_id uuid, at timestamptz, action text, before_worker text, after_worker text, name text, after_has_worker boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT a.id, a.record_id::uuid, a.at, a.action, a.before ->> 'assigned_worker_id', a.after ->> 'assigned_worker_id',
         coalesce(a.after ->> 'name', a.before ->> 'name'), a.after ? 'assigned_worker_id'
  FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.table_name = 'equipment' AND (a.after ->> 'assigned_worker_id') = ANY(p_workers)
  UNION
  SELECT a.id, a.record_id::uuid, a.at, a.action, a.before ->> 'assigned_worker_id', a.after ->> 'assigned_worker_id',
         coalesce(a.after ->> 'name', a.before ->> 'name'), a.after ? 'assigned_worker_id'
  FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.table_name = 'equipment' AND (a.before ->> 'assigned_worker_id') = ANY(p_workers)
$$;
REVOKE ALL ON FUNCTION equipment_holding_changes(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION equipment_holding_changes(text[]) TO daicho_app;

-- A person's rows of the history tab that a join table names only in its
-- inserts (departments and positions, family): the record ids, found by the
-- owner's id in the recorded row.
CREATE INDEX audit_log_owner_worker ON audit_log (org_id, table_name, (after ->> 'worker_id')) WHERE action = 'INSERT';
CREATE INDEX audit_log_owner_person ON audit_log (org_id, table_name, (after ->> 'person_id')) WHERE action = 'INSERT';

CREATE FUNCTION person_history_records(p_person uuid)
RETURNS TABLE (table_name text, record_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT 'people', p_person::text
  UNION
  SELECT 'workers', w.id::text FROM workers w WHERE w.org_id = app_org_id() AND w.person_id = p_person
  UNION
  SELECT a.table_name, a.record_id FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.action = 'INSERT' AND a.table_name = 'worker_assignments'
    AND (a.after ->> 'worker_id') IN (SELECT w.id::text FROM workers w WHERE w.org_id = app_org_id() AND w.person_id = p_person)
  UNION
  SELECT a.table_name, a.record_id FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.action = 'INSERT' AND a.table_name = 'family_members' AND (a.after ->> 'person_id') = p_person::text
$$;
REVOKE ALL ON FUNCTION person_history_records(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION person_history_records(uuid) TO daicho_app;
