-- A worker may be limited to some organisations (a dedicated worker for one
-- large tenant; a test file on a shared database that must not run another
-- file's jobs). NULL means every organisation, as claim_jobs/4 does.
CREATE FUNCTION claim_jobs(p_queues text[], p_worker text, p_limit int, p_lease_seconds int, p_orgs uuid[])
RETURNS SETOF jobs LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE jobs j SET state = 'RUNNING', attempts = j.attempts + 1, locked_by = p_worker,
    locked_until = now() + make_interval(secs => p_lease_seconds)
  WHERE j.id IN (
    SELECT id FROM jobs
    WHERE queue = ANY(p_queues)
      AND (p_orgs IS NULL OR org_id = ANY(p_orgs))
      AND ((state = 'QUEUED' AND run_at <= now()) OR (state = 'RUNNING' AND locked_until < now()))
    ORDER BY run_at, id
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  )
  RETURNING j.*
$$;

REVOKE ALL ON FUNCTION claim_jobs(text[], text, int, int, uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION claim_jobs(text[], text, int, int, uuid[]) TO daicho_app;
