-- Free text through a reference at scale (issue 5). A worker reference is
-- searched by its person's name; under row-level security PostgreSQL will
-- not use the trigram index people_name_search (0004) for a non-leakproof
-- ILIKE and scans every person (~300 ms at 100k people). Like
-- equipment_search_ids (0005), this runs as its owner, filters by the
-- caller's organisation itself, and matches the index's expression exactly.
-- It returns ids only (server/modules/module/sql.ts, REFS.worker.matching).
CREATE FUNCTION people_search_ids(p_pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM people
  WHERE org_id = app_org_id()
    AND (family_name || ' ' || given_name) ILIKE p_pattern
$$;
REVOKE ALL ON FUNCTION people_search_ids(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION people_search_ids(text) TO daicho_app;

-- Lists sorted by a reference (issue 5): the referenced rows are walked in
-- label order and each one's rows taken in id order
-- (server/modules/module/sql.ts, sortedIds), instead of joining a million
-- rows to their labels to sort them (~1 s a page).
CREATE INDEX equipment_types_org_name_id ON equipment_types (org_id, name, id);
CREATE INDEX equipment_items_org_name_id ON equipment_items (org_id, name, id);
CREATE INDEX places_org_name_id ON places (org_id, name, id);
CREATE INDEX devices_org_name_id ON devices (org_id, name, id);
CREATE INDEX people_org_name_id ON people (org_id, (family_name || ' ' || given_name), id);
-- (fk, id) serves the fk's look-ups as the single-column index did, and
-- gives each referenced row's rows in id order.
CREATE INDEX equipment_type_id_id ON equipment (equipment_type_id, id);
CREATE INDEX equipment_item_id_id ON equipment (equipment_item_id, id);
CREATE INDEX equipment_worker_id_id ON equipment (assigned_worker_id, id);
CREATE INDEX equipment_place_id_id ON equipment (placement_place_id, id);
CREATE INDEX equipment_device_id_id ON equipment (device_id, id);
DROP INDEX equipment_type;
DROP INDEX equipment_worker;
DROP INDEX equipment_place;
DROP INDEX equipment_item;
DROP INDEX equipment_device;
ANALYZE people;
