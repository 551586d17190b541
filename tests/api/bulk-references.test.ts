// A bulk insert's references checked once per statement (migration 0034): the
// CSV import's INSERT runs in replica mode, where the foreign keys' row
// triggers do not fire and the table's own statement checks do. What a user
// would notice if it went wrong: an import that loses its history, count or
// list version, that writes equipment pointing at a type someone deleted at
// the same moment, or a scale seed that leaves the table's triggers off.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleById } from '../../src/api/modules/index.js';
import type { DatabaseHandle } from '../../server/db/index.js';
import { enterScope, type Tx, withScope } from '../../server/db/tenant.js';
import { writeRows } from '../../server/modules/module/csv.js';
import { seedScaleEquipment } from '../../server/seed/scale.js';
import { createOrganization, openTestDatabase } from '../support/db.js';

const equipment = moduleById('equipment')!;
const FIELDS = ['name', 'equipmentTypeId', 'placementPlaceId'];

let h: DatabaseHandle;
let orgId: string;
let typeId: string;
let placeId: string;

const newType = (name: string) =>
  withScope(h.db, { orgId }, async (tx) => (await sql<{ id: string }>`INSERT INTO equipment_types (org_id, name) VALUES (${orgId}, ${name}) RETURNING id`.execute(tx)).rows[0]!.id);

/** n new equipment rows named `${prefix} i`, of the given type, as the CSV import writes them. */
function creates(prefix: string, n: number, type: string | null = typeId) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: crypto.randomUUID(), name: `${prefix} ${i + 1}`, equipment_type_id: type, placement_place_id: placeId }));
  return sql`json_populate_recordset(NULL::equipment, ${JSON.stringify(rows)}::json) AS r`;
}

const write = (tx: Tx, prefix: string, n: number, type?: string | null) => writeRows(tx, equipment, orgId, FIELDS, { creates: creates(prefix, n, type), updates: null });

const named = (prefix: string) =>
  withScope(h.db, { orgId }, async (tx) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM equipment WHERE name LIKE ${`${prefix} %`}`.execute(tx)).rows[0]!.n));

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<{ code?: string; constraint?: string; detail?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; constraint?: string; detail?: string; message: string };
  }
  throw new Error('expected a failure');
}

/** Runs `work` in a transaction of the organisation that stays open after
 * it: `ready` once it ran, `release()` to commit, `done` when committed. */
function heldOpen(work: (tx: Tx) => Promise<unknown>) {
  let ran!: () => void;
  let release!: () => void;
  const ready = new Promise<void>((r) => (ran = r));
  const held = new Promise<void>((r) => (release = r));
  const done = withScope(h.db, { orgId }, async (tx) => {
    await work(tx);
    ran();
    await held;
  });
  return { ready, release, done };
}

/** Whether p has neither resolved nor rejected after `ms`. */
async function stillPending(p: Promise<unknown>, ms = 300): Promise<boolean> {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, ms));
  return !settled;
}

const modes = async (table: string) =>
  Object.fromEntries(
    (await sql<{ tgname: string; tgenabled: string }>`SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal ORDER BY tgname`.execute(h.db)).rows.map((r) => [
      r.tgname,
      r.tgenabled,
    ]),
  );

beforeAll(async () => {
  h = await openTestDatabase();
  orgId = await createOrganization(h.db, `bulk-${crypto.randomUUID()}`);
  typeId = await newType('ノートPC');
  placeId = await withScope(h.db, { orgId }, async (tx) => (await sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'HQ', '本社') RETURNING id`.execute(tx)).rows[0]!.id);
});

afterAll(async () => {
  await h?.close();
});

describe('bulk inserts into equipment', () => {
  it('keep every trigger of the table firing in replica mode, and the reference checks in that mode only', async () => {
    const m = await modes('equipment');
    expect(m.references_insert).toBe('R');
    expect(m.references_update).toBe('R');
    const others = Object.entries(m).filter(([name]) => !name.startsWith('references_'));
    expect(others.map(([name]) => name)).toEqual(expect.arrayContaining(['audit_insert', 'row_counts_insert', 'table_versions_insert']));
    expect(others.filter(([, mode]) => mode !== 'A')).toEqual([]);
    // A table that has not opted in is written row by row.
    expect(await withScope(h.db, { orgId }, async (tx) => (await sql<{ on: boolean }>`SELECT enter_bulk_insert('people') AS on`.execute(tx)).rows[0]!.on)).toBe(false);
  });

  it('write the rows with their history, count and list version, and leave the mode after the insert', async () => {
    const before = await withScope(h.db, { orgId }, async (tx) => ({
      count: Number((await sql<{ n: string }>`SELECT coalesce(sum(n), 0) AS n FROM row_counts WHERE table_name = 'equipment'`.execute(tx)).rows[0]!.n),
      version: Number((await sql<{ v: string }>`SELECT coalesce(max(v), 0) AS v FROM table_versions WHERE table_name = 'equipment'`.execute(tx)).rows[0]?.v ?? 0),
    }));
    // Over a hundred rows: the audit trigger's many-row path (0019, 0033).
    const { bulk, mode } = await withScope(h.db, { orgId, requestId: 'bulk-test' }, async (tx) => {
      const r = await write(tx, '一括', 150);
      return { ...r, mode: (await sql<{ m: string }>`SELECT current_setting('session_replication_role') AS m`.execute(tx)).rows[0]!.m };
    });
    expect(bulk).toBe(true);
    expect(mode).toBe('origin');
    expect(await named('一括')).toBe(150);
    const after = await withScope(h.db, { orgId }, async (tx) => ({
      count: Number((await sql<{ n: string }>`SELECT coalesce(sum(n), 0) AS n FROM row_counts WHERE table_name = 'equipment'`.execute(tx)).rows[0]!.n),
      version: Number((await sql<{ v: string }>`SELECT coalesce(max(v), 0) AS v FROM table_versions WHERE table_name = 'equipment'`.execute(tx)).rows[0]?.v ?? 0),
      audit: (
        await sql<{ action: string; type: string }>`SELECT action, after ->> 'equipment_type_id' AS type FROM audit_log
          WHERE table_name = 'equipment' AND request_id = 'bulk-test'`.execute(tx)
      ).rows,
    }));
    expect(after.count - before.count).toBe(150);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.audit).toHaveLength(150);
    expect(after.audit.every((a) => a.action === 'INSERT' && a.type === typeId)).toBe(true);
  });

  it('refuse a reference to a row that does not exist, as the foreign key does, and write nothing', async () => {
    const missing = crypto.randomUUID();
    const bulkError = await failure(withScope(h.db, { orgId }, (tx) => write(tx, '欠落', 120, missing)));
    expect(bulkError.code).toBe('23503');
    expect(bulkError.constraint).toBe('equipment_equipment_type_id_fkey');
    expect(bulkError.message).toBe('insert or update on table "equipment" violates foreign key constraint "equipment_equipment_type_id_fkey"');
    // Under row-level security PostgreSQL leaves the value out.
    expect(bulkError.detail).toBe('Key is not present in table "equipment_types".');
    expect(await named('欠落')).toBe(0);

    // Where the mode may not be set (the function's owner without the
    // right, as on a managed database), the row checks give the same error.
    const rowError = await failure(
      h.db.transaction().execute(async (tx) => {
        await sql`ALTER FUNCTION enter_bulk_insert(text) OWNER TO daicho_app`.execute(tx);
        await enterScope(tx, { orgId });
        const { bulk } = await write(tx, '欠落', 1, typeId);
        expect(bulk).toBe(false);
        await write(tx, '欠落', 120, missing);
      }),
    );
    expect(rowError.code).toBe('23503');
    expect(rowError.constraint).toBe('equipment_equipment_type_id_fkey');
    expect(rowError.message).toBe(bulkError.message);
    expect(rowError.detail).toBe(bulkError.detail);
    expect(await named('欠落')).toBe(0);
    expect((await sql<{ owner: string }>`SELECT pg_get_userbyid(proowner) AS owner FROM pg_proc WHERE proname = 'enter_bulk_insert'`.execute(h.db)).rows[0]!.owner).not.toBe('daicho_app');
  });

  // Two connections: PostgreSQL only (PGlite has one).
  it.runIf(!!process.env.DATABASE_URL)('make a deleter of a referenced type wait for the import, then fail', async () => {
    const type = await newType(`削除待ち ${crypto.randomUUID().slice(0, 8)}`);
    const importing = heldOpen((tx) => write(tx, '待機', 130, type));
    await importing.ready;
    const deleting = withScope(h.db, { orgId }, (tx) => sql`DELETE FROM equipment_types WHERE id = ${type}`.execute(tx));
    // The import's check locked the type: the delete waits.
    expect(await stillPending(deleting)).toBe(true);
    importing.release();
    await importing.done;
    const e = await failure(deleting);
    expect(e.code).toBe('23503');
    expect(await named('待機')).toBe(130);
  });

  it.runIf(!!process.env.DATABASE_URL)('make an import wait for a delete of a type it references, then fail', async () => {
    const type = await newType(`削除中 ${crypto.randomUUID().slice(0, 8)}`);
    const deleting = heldOpen((tx) => sql`DELETE FROM equipment_types WHERE id = ${type}`.execute(tx));
    await deleting.ready;
    const importing = withScope(h.db, { orgId }, (tx) => write(tx, '後発', 130, type));
    expect(await stillPending(importing)).toBe(true);
    deleting.release();
    await deleting.done;
    const e = await failure(importing);
    expect(e.code).toBe('23503');
    expect(e.constraint).toBe('equipment_equipment_type_id_fkey');
    expect(await named('後発')).toBe(0);
  });
});

describe('the scale seed', () => {
  it('writes equipment with the triggers off and leaves them in their modes', async () => {
    const modesBefore = await modes('equipment');
    const name = `bulk-seed-${crypto.randomUUID().slice(0, 8)}`;
    const seeded = await seedScaleEquipment(h.db, { equipment: 300, orgName: name });
    expect(seeded.equipment).toBe(300);
    expect(await modes('equipment')).toEqual(modesBefore);
    const { audit, counted } = await withScope(h.db, { orgId: seeded.orgId }, async (tx) => ({
      audit: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE table_name = 'equipment'`.execute(tx)).rows[0]!.n),
      counted: Number((await sql<{ n: string }>`SELECT coalesce(sum(n), 0) AS n FROM row_counts WHERE table_name = 'equipment'`.execute(tx)).rows[0]!.n),
    }));
    // Triggers off (the test databases' role may): no synthetic history, and
    // the kept count added by the seed itself, once.
    expect(seeded.triggersOff).toBe(true);
    expect(audit).toBe(0);
    expect(counted).toBe(300);
    // A second call finds the rows there and changes nothing.
    expect((await seedScaleEquipment(h.db, { equipment: 300, orgName: name })).equipment).toBe(300);
    expect(await modes('equipment')).toEqual(modesBefore);
  });
});
