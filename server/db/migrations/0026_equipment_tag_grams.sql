-- Asset tags in the equipment list's free text, answered by an index that
-- stays selective for them.
--
-- Asset tags are written in series ("GA-0001234"): every tag shares its
-- prefix and runs of zeros. The trigram index over all searched fields
-- (equipment_search, 0002) therefore holds the trigrams of a tag ("ga ",
-- "  0", " 00", "000", "001"...) in nearly every row, and a search for a tag
-- ("GA-00012", 100 rows of a million) read those posting lists whole:
-- 8.5 ms of GIN index for 384 candidates, the most of the search's time
-- (docs/benchmarks.md, seventh round).
--
-- Now the tag has an index of its own: every substring of 3 and of 5
-- characters of lower(asset_tag) (search_grams). A text of 5 or more
-- characters is looked up by its 5-grams, which are rare ("00012" is in a
-- few hundred tags), one of 3 or 4 by its 3-grams; shorter texts read the
-- tags through the (org_id, asset_tag, id) index. The grams are raw
-- substrings (punctuation kept), so "a-0" narrows as well as "ga0" would.
-- The trigram index keeps the other searched fields (name, model, serial
-- number), whose trigrams are spread. Per row the two indexes hold about as
-- many keys as the old one did (a tag's 11 trigrams out, 14 grams in).
--
-- equipment_search_ids keeps its contract (the ids of the caller's rows whose
-- searched fields, joined, contain the pattern's text, each once: a superset
-- the list statement then decides field by field,
-- server/modules/module/sql.ts). A row the tag branch finds is left out when
-- the other branch found it already (a UNION's de-duplication cost 10% on
-- broad texts such as "Mac", 77k rows). It is planned for each call
-- (EXECUTE), as the SQL function was: a cached generic plan could not see
-- that a pattern suits the trigram index.
--
-- Measured on the bench database (1M rows, psql, the function alone, ms):
-- "GA-00012" 0.7 (was 7.8), "00012" 1.8 (2.2), "APL-C4CA" 1.7 (1.5), "Mac"
-- 158 (170: 77k rows either way), "PC" 870 (over 1,000: no index narrows two
-- characters, and the tags are no longer part of that scan).

-- The 3- and 5-character substrings of lower(t), for a GIN index of code-like
-- text. Duplicates are left in: GIN keeps each key once per row.
CREATE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text := lower(t);
  n int := length(s);
  r text[] := '{}';
BEGIN
  FOR i IN 1 .. n - 2 LOOP
    r := r || substr(s, i, 3);
  END LOOP;
  FOR i IN 1 .. n - 4 LOOP
    r := r || substr(s, i, 5);
  END LOOP;
  RETURN r;
END
$$;

-- The grams a text searched for must find among a row's search_grams: its
-- 5-grams from 5 characters on, else its 3-grams; none below 3 characters
-- (an empty array: no index can narrow such a text).
CREATE FUNCTION search_grams_wanted(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text := lower(t);
  n int := length(s);
  k int := CASE WHEN length(s) >= 5 THEN 5 ELSE 3 END;
  r text[] := '{}';
BEGIN
  FOR i IN 1 .. n - k + 1 LOOP
    r := r || substr(s, i, k);
  END LOOP;
  RETURN r;
END
$$;

DROP INDEX equipment_search;
CREATE INDEX equipment_search ON equipment USING gin ((name || ' ' || coalesce(model, '') || ' ' || coalesce(serial_number, '')) gin_trgm_ops);
CREATE INDEX equipment_asset_tag_grams ON equipment USING gin (search_grams(asset_tag));

CREATE OR REPLACE FUNCTION equipment_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  -- The text inside the pattern: '%' || likeEscape(text) || '%'
  -- (server/db/like.ts), its escapes undone.
  v_text text := regexp_replace(substr(p_pattern, 2, length(p_pattern) - 2), '\\(.)', '\1', 'g');
  v_grams text[] := search_grams_wanted(v_text);
BEGIN
  IF cardinality(v_grams) > 0 THEN
    RETURN QUERY EXECUTE
      'SELECT id FROM equipment WHERE org_id = app_org_id()
         AND (name || '' '' || coalesce(model, '''') || '' '' || coalesce(serial_number, '''')) ILIKE $1
       UNION ALL
       SELECT id FROM equipment WHERE org_id = app_org_id()
         AND search_grams(asset_tag) @> $2 AND asset_tag ILIKE $1
         AND NOT (name || '' '' || coalesce(model, '''') || '' '' || coalesce(serial_number, '''')) ILIKE $1'
      USING p_pattern, v_grams;
  ELSE
    RETURN QUERY EXECUTE
      'SELECT id FROM equipment WHERE org_id = app_org_id()
         AND (name || '' '' || coalesce(model, '''') || '' '' || coalesce(serial_number, '''') || '' '' || coalesce(asset_tag, '''')) ILIKE $1'
      USING p_pattern;
  END IF;
END
$$;

-- After a bulk write (a CSV import's apply), the keys still waiting in each
-- GIN index's pending list (up to gin_pending_list_limit, 4 MB) are moved
-- into the index now, in bulk: every search reads the pending list whole
-- (2.8 MB of it added 2.4 ms to "GA-00012" at p50), and an insert-only table
-- is not vacuumed until a fifth of it is new. Then the statistics, as
-- before (0006). (Raising gin_pending_list_limit for the apply, for fewer
-- and larger flushes, saved 12% of a 100,000-row insert into the
-- million-row table but nothing in the CSV benchmark's import: not done.)
CREATE OR REPLACE FUNCTION refresh_table_stats(p_table text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_index regclass;
BEGIN
  IF p_table NOT IN ('equipment', 'equipment_types', 'equipment_items', 'places', 'devices', 'people', 'workers') THEN
    RAISE EXCEPTION 'refresh_table_stats: % is not a business table', p_table;
  END IF;
  FOR v_index IN
    SELECT i.indexrelid::regclass FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE i.indrelid = format('%I', p_table)::regclass AND a.amname = 'gin'
  LOOP
    PERFORM gin_clean_pending_list(v_index);
  END LOOP;
  EXECUTE format('ANALYZE %I', p_table);
END
$$;

ANALYZE equipment;
