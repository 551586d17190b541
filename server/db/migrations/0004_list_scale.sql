-- Lists at a million rows (issue 5, bench/suites/api.ts): indexes for every
-- sort column and filter of the equipment list, a trigram index for the
-- person a worker reference is searched by, and exact row counts per
-- organisation kept by statement-level triggers, so an unfiltered list's
-- total is one indexed row instead of a count(*) over the whole table.

-- Sort columns (spec 3): (org_id, column, id) answers ORDER BY column ASC
-- NULLS LAST, id ASC and its exact reverse (deep pages are read from the
-- nearer end) for the tenant's rows, id-only. name and created_at have theirs
-- (0002).
CREATE INDEX equipment_org_model ON equipment (org_id, model, id);
CREATE INDEX equipment_org_serial_id ON equipment (org_id, serial_number, id);
CREATE INDEX equipment_org_asset_tag_id ON equipment (org_id, asset_tag, id);
-- Category tabs and their counts.
CREATE INDEX equipment_org_usage_status ON equipment (org_id, usage_status);
CREATE INDEX equipment_org_placement_status ON equipment (org_id, placement_status);
-- References without an index yet (id-in filters; freeText through a label).
CREATE INDEX equipment_item ON equipment (equipment_item_id);
CREATE INDEX equipment_device ON equipment (device_id);

-- A worker reference is shown, sorted and searched as its person's name
-- (server/modules/module/sql.ts REFS.worker): the same expression here.
CREATE INDEX people_name_search ON people USING gin ((family_name || ' ' || given_name) gin_trgm_ops);

-- Exact row counts of the counted tables, per organisation. Readable by the
-- application under RLS; written only by the triggers (SECURITY DEFINER).
-- A table is counted when it has the two triggers below and is listed in
-- COUNTED_TABLES (server/modules/module/sql.ts).
CREATE TABLE row_counts (
  org_id uuid NOT NULL REFERENCES organizations(id),
  table_name text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (org_id, table_name)
);
ALTER TABLE row_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON row_counts USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id());
GRANT SELECT ON row_counts TO daicho_app;

-- Once per statement, from its transition table: a 10,000-row import adds
-- 10,000 in one upsert. The counter row is locked until the writing
-- transaction ends, like the rows themselves, so counts stay exact under
-- concurrent writers (who queue on it briefly).
CREATE FUNCTION row_counts_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO row_counts (org_id, table_name, n)
  SELECT org_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY org_id
  ON CONFLICT (org_id, table_name) DO UPDATE SET n = row_counts.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION row_counts_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO row_counts (org_id, table_name, n)
  SELECT org_id, TG_TABLE_NAME, -count(*) FROM old_rows GROUP BY org_id
  ON CONFLICT (org_id, table_name) DO UPDATE SET n = row_counts.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION row_counts_truncated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

CREATE TRIGGER row_counts_insert AFTER INSERT ON equipment REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added();
CREATE TRIGGER row_counts_delete AFTER DELETE ON equipment REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed();
CREATE TRIGGER row_counts_truncate AFTER TRUNCATE ON equipment FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
-- (org_id never changes: the tenant policy's WITH CHECK refuses it.)

INSERT INTO row_counts (org_id, table_name, n)
SELECT org_id, 'equipment', count(*) FROM equipment GROUP BY org_id;

-- Statistics for the new expression index (the planner's estimate of a name
-- search), rather than waiting for autovacuum.
ANALYZE people;
