// The workforce rows kept by triggers (issue 7 at 100k people; migration
// 0020: worker_list_segments, workforce_rows). After every kind of write a
// row depends on — assignments (dated, a transfer planned ahead), unit
// versions, job types, places, devices (a return dated ahead), the names and
// orders of the master lists, the worker's and the person's own fields, a
// person gaining or losing a second worker — the kept rows equal a rebuild
// from the tables, and the list read from them equals the list built from
// the tables, on days before, at and after the dated changes ("today" moves
// without a write). Some values are also checked as the list shows them.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as P from '../../src/api/contracts/people.js';
import { enterScope, type Tx, withScope } from '../../server/db/tenant.js';
import { workforcePage } from '../../server/modules/people/people.routes.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { todayInJapan } from '../../src/api/contracts/dates.js';

let s: TestServer;
let orgId: string;
let hr: TestAccount;

const today = todayInJapan();
const DAY = 86_400_000;
const d = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** Days the lists are compared on: before, at and after the dated changes below. */
const DAYS = [d(-400), today, d(12), d(25), d(35)];

const id: Record<string, string> = {};
const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withScope(s.db, { orgId }, fn);
const run = (q: ReturnType<typeof sql>) => scoped((tx) => q.execute(tx));

/** Rolls back whatever fn did (as the connecting role, then in the organisation's scope if it enters it). */
async function rolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await s.db
    .transaction()
    .execute(async (tx) => {
      out = await fn(tx);
      throw new Error('rollback');
    })
    .catch((e: unknown) => {
      if ((e as Error).message !== 'rollback') throw e;
    });
  return out as T;
}

const segments = (tx: Tx) =>
  sql<Record<string, unknown>>`SELECT worker_id, valid_from::text, head, worker, types, titles, dates, departments::text, positions::text,
      job_types::text, places::text, devices::text, devices_returned_until::text
    FROM worker_list_segments WHERE org_id = ${orgId} ORDER BY worker_id, valid_from`
    .execute(tx)
    .then((r) => r.rows);

/** The kept rows, and the same rebuilt from the tables. */
async function keptAndRebuilt() {
  const kept = await s.db.transaction().execute((tx) => segments(tx));
  const rebuilt = await rolledBack(async (tx) => {
    await sql`SELECT worker_list_segments_refresh(ARRAY(SELECT id FROM workers WHERE org_id = ${orgId}))`.execute(tx);
    return segments(tx);
  });
  return { kept, rebuilt };
}

const query = P.workforceQuery.parse({ menu: 'All', category: 'all-all', pageSize: 1000 });
type Row = P.PersonRow & { ord: number };

/** The list on a day, from the kept rows or (none kept) from the tables. */
async function list(day: string, fromTables = false): Promise<{ items: Row[]; count: number }> {
  return rolledBack(async (tx) => {
    if (fromTables) await sql`DELETE FROM worker_list_segments WHERE org_id = ${orgId}`.execute(tx);
    await enterScope(tx, { orgId });
    return JSON.parse((await workforcePage(tx, query, day)).text) as { items: Row[]; count: number };
  });
}

async function expectConsistent() {
  const { kept, rebuilt } = await keptAndRebuilt();
  expect(kept).toEqual(rebuilt);
  for (const day of DAYS) expect(await list(day), day).toEqual(await list(day, true));
}

const rowOf = async (person: string, day = today) => (await list(day)).items.find((r) => r.personId === id[person])!;
const names = (xs: Array<{ name: string }>) => xs.map((x) => x.name);

async function master(table: string, name: string, order: number | null = null): Promise<string> {
  const r = await run(sql`INSERT INTO ${sql.table(table)} (org_id, name, display_order) VALUES (${orgId}, ${name}, ${order}) RETURNING id`);
  return (r.rows[0] as { id: string }).id;
}

async function person(key: string, family: string, workers: Array<{ type?: string; started?: string }>) {
  const p = await run(sql`INSERT INTO people (org_id, family_name, given_name, family_name_kana, given_name_kana, email)
    VALUES (${orgId}, ${family}, '太郎', 'テスト', 'タロウ', ${`${key}@example.jp`}) RETURNING id`);
  id[key] = (p.rows[0] as { id: string }).id;
  for (const [i, w] of workers.entries()) {
    const r = await run(sql`INSERT INTO workers (org_id, person_id, worker_type, worker_number, started_on)
      VALUES (${orgId}, ${id[key]}, ${w.type ?? 'EMPLOYEE'}, ${`${key}-${i}`}, ${w.started ?? '2020-04-01'}) RETURNING id`);
    id[`${key}.w${i}`] = (r.rows[0] as { id: string }).id;
  }
}

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  hr = await s.createAccount({ orgId, areas: ['HR'] });
  id.unitA = (await run(sql`INSERT INTO org_units (org_id, code) VALUES (${orgId}, 'A') RETURNING id`)).rows.map((r) => (r as { id: string }).id)[0]!;
  id.unitB = (await run(sql`INSERT INTO org_units (org_id, code) VALUES (${orgId}, 'B') RETURNING id`)).rows.map((r) => (r as { id: string }).id)[0]!;
  // Unit A is renamed from d(20).
  await run(sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from, valid_to) VALUES
    (${orgId}, ${id.unitA}, 'A部', '2000-01-01', ${d(20)}), (${orgId}, ${id.unitA}, 'A本部', ${d(20)}, NULL), (${orgId}, ${id.unitB}, 'B部', '2000-01-01', NULL)`);
  id.p1 = await master('positions', '課長', 10);
  id.p2 = await master('positions', '係長', 20);
  id.j1 = await master('job_types', 'エンジニア', 10);
  id.j2 = await master('job_types', '営業', 20);
  id.t1 = await master('job_titles', 'マネージャー', 10);
  id.l1 = (await run(sql`INSERT INTO places (org_id, code, name) VALUES (${orgId}, ${`L-${crypto.randomUUID().slice(0, 6)}`}, '東京本社') RETURNING id`)).rows.map((r) => (r as { id: string }).id)[0]!;
  const dv = await run(sql`INSERT INTO devices (org_id, name, genre) VALUES (${orgId}, 'PC-1', 'laptop'), (${orgId}, 'PC-2', 'laptop') RETURNING id`);
  const devices = dv.rows.map((r) => (r as { id: string }).id);
  id.d1 = devices[0]!;
  id.d2 = devices[1]!;
  // X: unit A as 課長 until d(30), then unit B as 係長 (a transfer planned ahead); a job type, a place, a device.
  await person('x', '佐藤', [{}]);
  await run(sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, valid_from, valid_to) VALUES
    (${orgId}, ${id['x.w0']}, ${id.unitA}, ${id.p1}, '2020-04-01', ${d(30)}), (${orgId}, ${id['x.w0']}, ${id.unitB}, ${id.p2}, ${d(30)}, NULL)`);
  await run(sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id) VALUES (${orgId}, ${id['x.w0']}, ${id.j1})`);
  await run(sql`INSERT INTO worker_places (org_id, worker_id, place_id) VALUES (${orgId}, ${id['x.w0']}, ${id.l1})`);
  await run(sql`INSERT INTO device_assignments (org_id, device_id, worker_id, assigned_on) VALUES (${orgId}, ${id.d1}, ${id['x.w0']}, '2020-04-01')`);
  // Y: an employee and a board member at once (one row, the union of both); Z: a worker without anything.
  await person('y', '鈴木', [{}, { type: 'BOARD_MEMBER', started: '2022-06-01' }]);
  await run(sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, valid_from) VALUES
    (${orgId}, ${id['y.w0']}, ${id.unitB}, ${id.p2}, '2020-04-01'), (${orgId}, ${id['y.w1']}, ${id.unitA}, ${id.p1}, '2022-06-01')`);
  await run(sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id) VALUES (${orgId}, ${id['y.w0']}, ${id.j2}), (${orgId}, ${id['y.w1']}, ${id.j1})`);
  await person('z', '高橋', [{}]);
}, 60_000);
afterAll(() => s?.close());

describe('kept workforce rows', () => {
  it('are kept for every worker and read as the tables say, on any day', async () => {
    const { kept } = await keptAndRebuilt();
    const workers = (await run(sql`SELECT id FROM workers WHERE org_id = ${orgId}`)).rows.map((r) => (r as { id: string }).id);
    expect(new Set(kept.map((k) => k.worker_id))).toEqual(new Set(workers));
    await expectConsistent();
    // A person with one matching worker is read from its kept row.
    const tampered = await rolledBack(async (tx) => {
      await sql`UPDATE worker_list_segments SET departments = '[{"id" : "k", "name" : "kept"}]' WHERE worker_id = ${id['x.w0']}`.execute(tx);
      await enterScope(tx, { orgId });
      return (JSON.parse((await workforcePage(tx, query, today)).text) as { items: Row[] }).items.find((r) => r.personId === id.x)!;
    });
    expect(tampered.departments).toEqual([{ id: 'k', name: 'kept' }]);
    // The unit's name and the transfer follow the day.
    expect(names((await rowOf('x')).departments)).toEqual(['A部']);
    expect(names((await rowOf('x', d(25))).departments)).toEqual(['A本部']);
    const later = await rowOf('x', d(35));
    expect([names(later.departments), names(later.positions)]).toEqual([['B部'], ['係長']]);
    // Two workers: one row, both types, the union of the lists.
    const y = await rowOf('y');
    expect(y.workerTypes).toEqual(['EMPLOYEE', 'BOARD_MEMBER']);
    expect([names(y.departments), names(y.jobTypes)]).toEqual([['A部', 'B部'], ['エンジニア', '営業']]);
    // The list through the API is the same (the client's contract keeps the declared fields).
    const api = await s.client(hr.token)(P.listWorkforce, { query: { menu: 'All', category: 'all-all', pageSize: 1000 } });
    expect(api.items).toEqual((await list(today)).items.map(({ ord: _, ...row }) => row));
  });

  it('follow job types: added, renamed, reordered', async () => {
    await run(sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id) VALUES (${orgId}, ${id['x.w0']}, ${id.j2})`);
    await expectConsistent();
    expect(names((await rowOf('x')).jobTypes)).toEqual(['エンジニア', '営業']);
    await run(sql`UPDATE job_types SET name = 'エンジニア職' WHERE id = ${id.j1}`);
    await expectConsistent();
    await run(sql`UPDATE job_types SET display_order = CASE WHEN id = ${id.j1} THEN 30 ELSE 20 END WHERE id IN (${id.j1}, ${id.j2})`);
    await expectConsistent();
    expect(names((await rowOf('x')).jobTypes)).toEqual(['営業', 'エンジニア職']);
    await run(sql`DELETE FROM worker_job_types WHERE worker_id = ${id['x.w0']} AND job_type_id = ${id.j2}`);
    await expectConsistent();
  });

  it('follow places and devices, a return dated ahead held until that day', async () => {
    await run(sql`UPDATE places SET name = '本社' WHERE id = ${id.l1}`);
    await expectConsistent();
    expect(names((await rowOf('x')).places)).toEqual(['本社']);
    await run(sql`INSERT INTO device_assignments (org_id, device_id, worker_id, assigned_on) VALUES (${orgId}, ${id.d2}, ${id['x.w0']}, ${today})`);
    await run(sql`UPDATE device_assignments SET returned_on = ${d(10)} WHERE device_id = ${id.d1}`);
    await expectConsistent();
    expect(names((await rowOf('x')).devices)).toEqual(['PC-1', 'PC-2']);
    expect(names((await rowOf('x', d(12))).devices)).toEqual(['PC-2']);
    await run(sql`UPDATE devices SET name = 'PC-2b' WHERE id = ${id.d2}`);
    await expectConsistent();
    expect(names((await rowOf('x')).devices)).toEqual(['PC-1', 'PC-2b']);
  });

  it('follow positions and units: renamed, reordered, a concurrent post, a version from a date', async () => {
    await run(sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, is_primary, valid_from) VALUES (${orgId}, ${id['x.w0']}, ${id.unitB}, ${id.p2}, false, '2021-01-01')`);
    await expectConsistent();
    expect(names((await rowOf('x')).positions)).toEqual(['課長', '係長']);
    await run(sql`UPDATE positions SET display_order = CASE WHEN id = ${id.p1} THEN 30 ELSE 20 END WHERE id IN (${id.p1}, ${id.p2})`);
    await expectConsistent();
    expect(names((await rowOf('x')).positions)).toEqual(['係長', '課長']);
    await run(sql`UPDATE positions SET name = '部長' WHERE id = ${id.p1}`);
    await expectConsistent();
    // Unit B renamed from d(5): the old version ends, a new one starts.
    await run(sql`UPDATE org_unit_versions SET valid_to = ${d(5)} WHERE unit_id = ${id.unitB} AND valid_to IS NULL`);
    await run(sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from) VALUES (${orgId}, ${id.unitB}, 'B本部', ${d(5)})`);
    await expectConsistent();
    expect(names((await rowOf('x')).departments)).toEqual(['A部', 'B部']);
    expect(names((await rowOf('x', d(12))).departments)).toEqual(['A部', 'B本部']);
    // The planned transfer is called off.
    await run(sql`DELETE FROM worker_assignments WHERE worker_id = ${id['x.w0']} AND valid_from = ${d(30)}`);
    await run(sql`UPDATE worker_assignments SET valid_to = NULL WHERE worker_id = ${id['x.w0']} AND unit_id = ${id.unitA}`);
    await expectConsistent();
    expect(names((await rowOf('x', d(35))).departments)).toEqual(['A本部', 'B本部']);
  });

  it('follow the worker’s and the person’s own fields and the title’s name', async () => {
    await run(sql`UPDATE workers SET job_title_id = ${id.t1}, worker_number = 'E-1', primary_email = 'x@corp.example', contract_start_on = '2020-04-01', contract_end_on = ${d(300)}
      WHERE id = ${id['x.w0']}`);
    await expectConsistent();
    await run(sql`UPDATE job_titles SET name = 'シニアマネージャー' WHERE id = ${id.t1}`);
    await expectConsistent();
    await run(sql`UPDATE people SET family_name = '佐藤（旧姓 田中）', family_name_kana = NULL, avatar_url = 'https://example.jp/x.png', email = 'x2@example.jp' WHERE id = ${id.x}`);
    await expectConsistent();
    const x = await rowOf('x');
    expect(x).toMatchObject({ name: '佐藤（旧姓 田中） 太郎', kana: 'タロウ', email: 'x@corp.example', jobTitle: { id: id.t1, name: 'シニアマネージャー' }, contractEndOn: d(300) });
    expect(x.workers).toEqual([{ workerId: id['x.w0'], workerType: 'EMPLOYEE', workerNumber: 'E-1', stage: 'ACTIVE' }]);
    // A joining date ahead: joining until then, the organisation as of that day.
    await run(sql`UPDATE workers SET started_on = ${d(25)} WHERE id = ${id['x.w0']}`);
    await expectConsistent();
    expect((await rowOf('x')).workers[0]!.stage).toBe('JOINING');
  });

  it('follow a person gaining and losing a second worker, and a worker that goes', async () => {
    const r = await run(sql`INSERT INTO workers (org_id, person_id, worker_type, started_on) VALUES (${orgId}, ${id.z}, 'CONTRACTOR', '2019-01-01') RETURNING id`);
    await expectConsistent();
    expect((await rowOf('z')).workerTypes).toEqual(['EMPLOYEE', 'CONTRACTOR']);
    await run(sql`DELETE FROM workers WHERE id = ${id['y.w1']}`);
    await expectConsistent();
    expect((await rowOf('y')).workerTypes).toEqual(['EMPLOYEE']);
    await run(sql`DELETE FROM workers WHERE id = ${(r.rows[0] as { id: string }).id}`);
    await expectConsistent();
  });

  it('are kept for a statement of more workers than one refresh takes at a time (5,000: migration 0025)', async () => {
    const n = 5_100;
    const counts = await rolledBack(async (tx) => {
      // One statement of 5,100 people and one of their workers, each in a unit: the triggers refresh them all at once.
      await sql`INSERT INTO people (org_id, family_name, given_name, email)
        SELECT ${orgId}, '大量', 'テスト' || i, 'bulk' || i || '@example.jp' FROM generate_series(1, ${n}) AS i`.execute(tx);
      await sql`INSERT INTO workers (org_id, person_id, worker_type, worker_number, started_on)
        SELECT ${orgId}, p.id, 'EMPLOYEE', 'B-' || p.given_name, '2021-04-01' FROM people p WHERE p.org_id = ${orgId} AND p.family_name = '大量'`.execute(tx);
      await sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, valid_from)
        SELECT ${orgId}, w.id, ${id.unitB}, '2021-04-01' FROM workers w WHERE w.org_id = ${orgId} AND w.worker_number LIKE 'B-%'`.execute(tx);
      const bulk = async () => (await segments(tx)).filter((r) => String(r.head).includes('"大量 テスト'));
      const kept = await bulk();
      await sql`SELECT worker_list_segments_refresh(ARRAY(SELECT id FROM workers WHERE org_id = ${orgId}))`.execute(tx);
      return { kept, rebuilt: await bulk() };
    });
    // Every one of them has segments from the assignment's start, in unit B: the last of them as the first.
    expect(new Set(counts.kept.map((r) => r.worker_id)).size).toBe(n);
    expect(counts.kept.every((r) => String(r.valid_from) >= '2021-04-01' && String(r.departments).includes(id.unitB!))).toBe(true);
    expect(counts.kept).toEqual(counts.rebuilt);
  }, 120_000);
});
