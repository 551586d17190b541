-- A free-text search that matches through a reference (a person's, a
-- place's or a type's name) selects the equipment rows pointing at the
-- matching rows: `assigned_worker_id = ANY(…)` and the like (searchCondition
-- in server/modules/module/sql.ts). Its page walks the list's order and
-- stops after a page; its count reads every match. Through the (fk, id)
-- index (0007, 0031) alone that count could not check the row's
-- organisation, which row-level security asks for, so it read each matching
-- row from the table: "佐藤 翔" (15,498 rows held by 2,083 people) took 68 ms
-- of a 75 ms page statement at a million rows; a search for a place's name
-- (55,555 rows) or a type's took 220–230 ms a call. With the organisation
-- in each index's entries the count is an index-only scan (the same
-- "佐藤 翔" count 11–20 ms; docs/benchmarks.md, nineteenth round).
--
-- INCLUDE, not a leading org_id: the foreign keys' checks (a worker, place
-- or type deleted) look rows up by the reference alone.
DROP INDEX equipment_type_id_id;
CREATE INDEX equipment_type_id_id ON equipment (equipment_type_id, id) INCLUDE (org_id);
DROP INDEX equipment_worker_id_id;
CREATE INDEX equipment_worker_id_id ON equipment (assigned_worker_id, id) INCLUDE (org_id);
DROP INDEX equipment_place_id_id;
CREATE INDEX equipment_place_id_id ON equipment (placement_place_id, id) INCLUDE (org_id);
DROP INDEX equipment_device_id_id;
CREATE INDEX equipment_device_id_id ON equipment (device_id, id) INCLUDE (org_id) WHERE device_id IS NOT NULL;
DROP INDEX equipment_item_id_id;
CREATE INDEX equipment_item_id_id ON equipment (equipment_item_id, id) INCLUDE (org_id) WHERE equipment_item_id IS NOT NULL;
