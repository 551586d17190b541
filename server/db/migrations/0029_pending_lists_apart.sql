-- A bulk write's two clean-ups, apart (server/modules/module/csv-job.ts):
--
--   * the statistics (ANALYZE) stay in the write's own transaction: a list
--     planned between the commit and a later ANALYZE plans the new rows by
--     the old statistics. Measured in the CSV benchmark: a search for the
--     100,000 rows just imported, planned in the half second before a
--     follow-up ANALYZE, chose a nested loop over the search's ids and was
--     still running after 5 minutes (with fresh statistics: milliseconds);
--   * the GIN pending lists are moved into their indexes by a job of its own
--     after the commit (gin-pending-lists queue): until it runs, searches read the
--     pending list (a few ms more, the same rows found), and the import is
--     done ~0.1 s sooner.
--
-- refresh_table_stats (0006, 0026), which did both, has no caller left and
-- is dropped.

-- The tables a bulk write may ask these for (both run as their owner).
CREATE FUNCTION require_business_table(p_table text) RETURNS void
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_table NOT IN ('equipment', 'equipment_types', 'equipment_items', 'places', 'devices', 'people', 'workers') THEN
    RAISE EXCEPTION '% is not a business table', p_table;
  END IF;
END
$$;

CREATE FUNCTION analyze_table(p_table text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM require_business_table(p_table);
  EXECUTE format('ANALYZE %I', p_table);
END
$$;
REVOKE ALL ON FUNCTION analyze_table(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION analyze_table(text) TO daicho_app;

CREATE FUNCTION clean_pending_lists(p_table text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_index regclass;
BEGIN
  PERFORM require_business_table(p_table);
  FOR v_index IN
    SELECT i.indexrelid::regclass FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE i.indrelid = format('%I', p_table)::regclass AND a.amname = 'gin'
  LOOP
    PERFORM gin_clean_pending_list(v_index);
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION clean_pending_lists(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION clean_pending_lists(text) TO daicho_app;

DROP FUNCTION refresh_table_stats(text);
