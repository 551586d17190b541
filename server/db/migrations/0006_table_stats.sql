-- Fresh planner statistics after a bulk write. A large CSV import adds
-- thousands of rows in one statement; until autovacuum analyzes the table
-- (a minute or more later) the planner still believes the old row count and
-- can pick a plan that is quadratic in the new rows (seen: a free-text count
-- joined the search function's 100,000 ids by nested loop, minutes instead of
-- a fraction of a second). The application role does not own the tables, so
-- it asks this function, which analyzes only the business tables it names.
CREATE FUNCTION refresh_table_stats(p_table text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF p_table NOT IN ('equipment', 'equipment_types', 'equipment_items', 'places', 'devices', 'people', 'workers') THEN
    RAISE EXCEPTION 'refresh_table_stats: % is not a business table', p_table;
  END IF;
  EXECUTE format('ANALYZE %I', p_table);
END
$$;
REVOKE ALL ON FUNCTION refresh_table_stats(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION refresh_table_stats(text) TO daicho_app;
