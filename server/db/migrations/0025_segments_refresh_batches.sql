-- worker_list_segments_refresh (0020) is linear in its workers up to a few
-- thousand (about 0.1 ms each), but its last step, removing segments that
-- no longer exist, is an anti-join against the statement's own result,
-- which the planner may run as a nested loop: at 100,000 workers at once
-- (the scale seed; an import or a trigger over a large statement) it ran
-- for more than ten minutes. The work is now done 5,000 workers at a time
-- by the same function under another name; every caller keeps calling
-- worker_list_segments_refresh.
--
-- And its statements are planned for the workers of each call: after five
-- calls in one session PL/pgSQL would keep a generic plan, made without
-- knowing how many workers the array holds, and that plan took minutes for
-- a batch a custom plan does in half a second (a pooled connection runs
-- the triggers' calls for as long as it lives).
ALTER FUNCTION worker_list_segments_refresh(uuid[], text) RENAME TO worker_list_segments_refresh_batch;
ALTER FUNCTION worker_list_segments_refresh_batch(uuid[], text) SET plan_cache_mode = force_custom_plan;

CREATE FUNCTION worker_list_segments_refresh(p_workers uuid[], p_lists text DEFAULT 'all') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  n int := coalesce(cardinality(p_workers), 0);
  i int := 1;
BEGIN
  WHILE i <= n LOOP
    PERFORM worker_list_segments_refresh_batch(p_workers[i:i + 4999], p_lists);
    i := i + 5000;
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION worker_list_segments_refresh(uuid[], text) FROM PUBLIC;
