-- A bulk write's statistics in two steps: a small sample in the write's own
-- transaction, the full sample by the job that runs after its commit
-- (issue 5: a 100,000-row CSV import in 10 s end to end).
--
-- 0029 keeps an ANALYZE in the import's transaction, so that no list is
-- planned for the old row count once the new rows are visible (planned by
-- the old statistics, a search for 100,000 rows just imported chose a nested
-- loop and ran for minutes). That ANALYZE read the default sample, 30,000
-- rows, and computed the index expressions (the search texts' trigrams, the
-- asset tags' grams, PL/pgSQL) for each: 0.43-1.07 s of the import's
-- 10-20 s on the slower machines (docs/benchmarks.md, fifteenth to
-- forty-first rounds).
--
-- What the planner needs the moment the rows show is their number and their
-- rough shape, which a sample of 3,000 rows (statistics target 10) gives:
-- the table's row count, each column's null share, distinct count and a
-- coarse histogram and most-common list. analyze_table_sample takes that;
-- the GIN pending lists' job (server/modules/module/csv-job.ts), which
-- starts the moment the import commits, then takes the full sample with
-- analyze_table, so the fine statistics are as old as the merge.
--
-- A column or index expression given a statistics target of its own (ALTER
-- TABLE … SET STATISTICS) keeps it in both; none is set today.
--
-- analyze_table (0029) under the smaller target: a function's SET clause
-- holds for the calls it makes, and is undone when it returns.
CREATE FUNCTION analyze_table_sample(p_table text) RETURNS void
LANGUAGE sql VOLATILE SET search_path = public SET default_statistics_target = 10 AS $$
  SELECT analyze_table(p_table)
$$;
REVOKE ALL ON FUNCTION analyze_table_sample(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION analyze_table_sample(text) TO daicho_app;
