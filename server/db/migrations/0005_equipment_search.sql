-- Free text over a large table, under row-level security. ILIKE and || are
-- not leakproof, so PostgreSQL will not use the trigram index
-- (equipment_search) ahead of the tenant policy and scans the table: ~16 s at
-- a million rows. This function runs as its owner (no RLS), filters by the
-- caller's organisation itself, and matches the index's expression exactly,
-- so the index answers it. It returns ids only; the list statement then
-- decides field by field (server/modules/module/sql.ts, SEARCH_FUNCTIONS).
-- A module whose list needs the same adds `<table>_search_ids` in its own
-- migration, over its own search index.
CREATE FUNCTION equipment_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM equipment
  WHERE org_id = app_org_id()
    AND (name || ' ' || coalesce(model, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(asset_tag, '')) ILIKE p_pattern
$$;
REVOKE ALL ON FUNCTION equipment_search_ids(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION equipment_search_ids(text) TO daicho_app;
