-- Four audit_log indexes of the person profile (0017) took an entry for
-- every audit row of their table (or of every table), though the profile
-- only ever looks up rows whose key is there: an import of 100,000
-- equipment rows wrote 400,000 entries of a NULL key (issue 5: the audit
-- rows were a third of a large import's final write). Each index now holds
-- only the rows its function can ask for, with the same answers:
-- - equipment a worker held: only records that name a worker before or
--   after (the functions' `= ANY(p_workers)` never matches a NULL);
-- - the history tab's join-table rows: only the one table each looks up
--   (worker_assignments by worker, family_members by person).
-- The functions state the indexes' conditions themselves, so the planner
-- uses them with any parameter.
DROP INDEX audit_log_equipment_holder_after;
DROP INDEX audit_log_equipment_holder_before;
DROP INDEX audit_log_owner_worker;
DROP INDEX audit_log_owner_person;

CREATE INDEX audit_log_equipment_holder_after ON audit_log (org_id, (after ->> 'assigned_worker_id'))
  WHERE table_name = 'equipment' AND (after ->> 'assigned_worker_id') IS NOT NULL;
CREATE INDEX audit_log_equipment_holder_before ON audit_log (org_id, (before ->> 'assigned_worker_id'))
  WHERE table_name = 'equipment' AND (before ->> 'assigned_worker_id') IS NOT NULL;
CREATE INDEX audit_log_assignment_worker ON audit_log (org_id, (after ->> 'worker_id'))
  WHERE action = 'INSERT' AND table_name = 'worker_assignments';
CREATE INDEX audit_log_family_person ON audit_log (org_id, (after ->> 'person_id'))
  WHERE action = 'INSERT' AND table_name = 'family_members';

CREATE OR REPLACE FUNCTION equipment_holding_changes(p_workers text[])
RETURNS TABLE (audit_id bigint, equipment_id uuid, at timestamptz, action text, before_worker text, after_worker text, name text, after_has_worker boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT a.id, a.record_id::uuid, a.at, a.action, a.before ->> 'assigned_worker_id', a.after ->> 'assigned_worker_id',
         coalesce(a.after ->> 'name', a.before ->> 'name'), a.after ? 'assigned_worker_id'
  FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.table_name = 'equipment' AND (a.after ->> 'assigned_worker_id') IS NOT NULL
    AND (a.after ->> 'assigned_worker_id') = ANY(p_workers)
  UNION
  SELECT a.id, a.record_id::uuid, a.at, a.action, a.before ->> 'assigned_worker_id', a.after ->> 'assigned_worker_id',
         coalesce(a.after ->> 'name', a.before ->> 'name'), a.after ? 'assigned_worker_id'
  FROM audit_log a
  WHERE a.org_id = app_org_id() AND a.table_name = 'equipment' AND (a.before ->> 'assigned_worker_id') IS NOT NULL
    AND (a.before ->> 'assigned_worker_id') = ANY(p_workers)
$$;
