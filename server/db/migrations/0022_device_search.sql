-- Free text over a list that points at devices (equipment's device column)
-- matched device names with ILIKE on the devices table, under RLS: a scan of
-- every device (~25 ms at 34,000 devices, most of a free-text search of the
-- equipment list). As people_search_ids (0007) does for people: a trigram
-- index on the name and a function that filters by the caller's organisation
-- itself, so the index answers it (server/modules/module/sql.ts, REFS.device).
CREATE INDEX devices_name_trgm ON devices USING gin (name gin_trgm_ops);

CREATE FUNCTION devices_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM devices WHERE org_id = app_org_id() AND name ILIKE p_pattern
$$;
REVOKE ALL ON FUNCTION devices_search_ids(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION devices_search_ids(text) TO daicho_app;

ANALYZE devices;

-- Two indexes that (org_id, serial_number, id) and (org_id, asset_tag, id)
-- (0007) already serve, kept up to date on every equipment write for
-- nothing: about 4% of a large import's apply.
DROP INDEX IF EXISTS equipment_serial;
DROP INDEX IF EXISTS equipment_asset_tag;
