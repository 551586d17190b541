-- An equipment row's device and item are optional, and most rows have
-- neither (every row of a typical CSV import). Their (fk, id) indexes need
-- no entry for a row without one: nothing looks for such rows through them.
-- Neither is a sort column (a sort by a reference reads the rows without
-- one through its index: the type's, the person's and the place's stay
-- whole, 0007), and every look-up by them names a value, which the planner
-- knows is not NULL: a filter (`equipment_item_id = ANY(…)`), a free-text
-- match on their labels, the foreign key's check when a device or an item
-- is deleted.
--
-- Inserting 100,000 rows without either: 0.73 s with the two whole
-- indexes, 0.18 s with these, 0.17 s with none (docs/benchmarks.md,
-- fourteenth round).
DROP INDEX equipment_device_id_id;
DROP INDEX equipment_item_id_id;
CREATE INDEX equipment_device_id_id ON equipment (device_id, id) WHERE device_id IS NOT NULL;
CREATE INDEX equipment_item_id_id ON equipment (equipment_item_id, id) WHERE equipment_item_id IS NOT NULL;
