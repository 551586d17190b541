// The contract suite every module gets: it loops over MODULES, so a new
// module is covered by adding its definition. For each: create with a sample
// of every writable field, get, list (paging, sort, freeText), update, the
// localized validation errors, count per category, enable/disable, history,
// and that another organisation sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleContracts } from '../../src/api/modules/contracts.js';
import type { FieldDef, ModuleDef } from '../../src/api/modules/define.js';
import { MODULES } from '../../src/api/modules/index.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { DECLARATIONS } from '../support/declarations.js';
import { sql } from 'kysely';

let s: TestServer;
let orgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let other: TestAccount;
/** A row of each reference target, in the test organisation. */
const refRow: Record<string, string> = {};
/** A second row of each target, whose label sorts before the first's in any
 * collation (Latin before kana and kanji). */
const refRowA: Record<string, string> = {};

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  // Every module's area (equipment GA, software IT, people settings HR).
  admin = await s.createAccount({ orgId, areas: ['GA', 'IT', 'HR'] });
  adminEn = await s.createAccount({ orgId, areas: ['GA', 'IT', 'HR'], locale: 'en-US' });
  other = await s.createAccount({ orgId: await s.createOrg(), areas: ['GA', 'IT', 'HR'] });
  await withScope(s.db, { orgId }, async (tx) => {
    const one = async (q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(tx)).rows[0]!.id;
    refRow.place = await one(sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'P-1', '本社') RETURNING id`);
    refRow.device = await one(sql<{ id: string }>`INSERT INTO devices (org_id, name, device_tag) VALUES (${orgId}, 'PC 1', 'DEV-1') RETURNING id`);
    refRow.equipmentType = await one(sql<{ id: string }>`INSERT INTO equipment_types (org_id, name) VALUES (${orgId}, '机') RETURNING id`);
    refRow.equipmentItem = await one(sql<{ id: string }>`INSERT INTO equipment_items (org_id, name) VALUES (${orgId}, '昇降デスク') RETURNING id`);
    refRow.worker = await one(sql<{ id: string }>`SELECT id FROM workers WHERE person_id = ${admin.personId}`);
    refRowA.place = await one(sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'P-2', 'A Annex') RETURNING id`);
    refRowA.device = await one(sql<{ id: string }>`INSERT INTO devices (org_id, name, device_tag) VALUES (${orgId}, 'A PC', 'DEV-2') RETURNING id`);
    refRowA.equipmentType = await one(sql<{ id: string }>`INSERT INTO equipment_types (org_id, name) VALUES (${orgId}, 'A Desk') RETURNING id`);
    refRowA.equipmentItem = await one(sql<{ id: string }>`INSERT INTO equipment_items (org_id, name) VALUES (${orgId}, 'A Chair') RETURNING id`);
    const person = await one(sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name) VALUES (${orgId}, 'Abe', 'Ann') RETURNING id`);
    refRowA.worker = await one(sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type) VALUES (${orgId}, ${person}, 'EMPLOYEE') RETURNING id`);
  });
});
afterAll(() => s?.close());

function sample(f: FieldDef, n: number): unknown {
  switch (f.kind) {
    case 'text':
      return `サンプル ${n}`.slice(0, f.max);
    case 'enum':
      return f.values[n % f.values.length];
    case 'date':
      return `2024-0${1 + (n % 9)}-1${n % 10}`;
    case 'integer':
      return (f.min ?? 0) + n;
    case 'ref':
      return refRow[f.to];
  }
}
const sampleBody = (m: ModuleDef, n: number) =>
  Object.fromEntries(Object.entries(m.fields).filter(([, f]) => !f.readOnly).map(([name, f]) => [name, sample(f, n)]));
const requiredText = (m: ModuleDef) => Object.entries(m.fields).find(([, f]) => f.required && f.kind === 'text')?.[0];

// The people master lists are declarations of one factory: the suite runs
// in full on one of them, each other gets the smoke test at the end of this
// file (tests/support/declarations.ts).
describe.each(MODULES.filter((m) => !DECLARATIONS.has(m.id)).map((m) => [m.id, m] as const))('module %s', (_id, m) => {
  const c = moduleContracts(m);
  // Lists here read every row: the category without conditions (equipment's
  // default ALL; software's default is SAAS), and the list's own direction key.
  const cat = m.list.categories;
  const everything = cat ? { [cat.key]: Object.keys(cat.values).find((k) => cat.values[k]!.length === 0)! } : {};
  const dirKey = m.list.directionKey ?? 'orderDirection';
  const q = (query: Record<string, unknown>) => {
    const { orderDirection, ...rest } = query;
    return { ...everything, ...rest, ...(orderDirection ? { [dirKey]: orderDirection } : {}) } as never;
  };
  const params = (id: string) => ({ [m.api.idParam]: id }) as never;

  it('creates, reads, lists, updates and records history', async () => {
    const call = s.client(admin.token);
    const body = sampleBody(m, 1);
    const created = await call(c.create, { body: body as never });
    for (const [k, v] of Object.entries(body)) expect(created[k], k).toEqual(v);
    // References come back as their joined objects too.
    for (const [name, f] of Object.entries(m.fields)) if (f.kind === 'ref') expect(created[f.as], name).not.toBeNull();

    expect(await call(c.get, { params: params(created.id) })).toEqual(created);

    const title = requiredText(m)!;
    const list = await call(c.list, { query: q({ freeText: String(body[title]) }) });
    expect(list.items.map((r) => r.id)).toContain(created.id);

    const changed = await call(c.update, { params: params(created.id), body: { [title]: '変更後の名前' } as never });
    expect(changed[title]).toBe('変更後の名前');
    const history = await call(c.history, { params: params(created.id) });
    expect(history.items[0]?.action).toBe('UPDATE');
    expect(history.items[0]?.changes).toContainEqual({ field: title, before: String(body[title]), after: '変更後の名前' });
    expect(history.items.at(-1)?.action).toBe('INSERT');

    // Another organisation sees nothing of it.
    const stranger = s.client(other.token);
    expect((await apiFailure(stranger(c.get, { params: params(created.id) }))).status).toBe(404);
  });

  it('pages and sorts by every sort column', async () => {
    const call = s.client(admin.token);
    for (let i = 2; i < 6; i++) await call(c.create, { body: sampleBody(m, i) as never });
    const all = await call(c.list, { query: q({ pageSize: 1000 }) });
    expect(all.count).toBeGreaterThanOrEqual(4);
    const page = await call(c.list, { query: q({ pageSize: 2, pageIndex: 1 }) });
    expect(page.items).toHaveLength(2);
    expect(page.count).toBe(all.count);
    for (const sortColumn of Object.keys(m.list.sort)) {
      const asc = await call(c.list, { query: q({ sortColumn, orderDirection: 'asc', pageSize: 1000 }) });
      const desc = await call(c.list, { query: q({ sortColumn, orderDirection: 'desc', pageSize: 1000 }) });
      expect(asc.count, sortColumn).toBe(all.count);
      // Blanks sort last both ways; the rest reverse exactly.
      const field = m.list.sort[sortColumn]!;
      const filled = (rows: typeof asc.items) => rows.filter((r) => r[field] !== null).map((r) => r.id);
      expect(filled(desc.items), sortColumn).toEqual(filled(asc.items).reverse());
      const blanks = asc.items.map((r) => r[field] === null);
      expect(blanks, sortColumn).toEqual([...blanks].sort((a, b) => Number(a) - Number(b)));
    }
    const tooBig = await apiFailure(call(c.list, { query: q({ pageSize: m.list.maxPageSize + 1 }) }));
    expect(tooBig.status).toBe(400);
  });

  it('pages join up into the whole list in every sort, read from either end; references sort by their labels', async () => {
    const call = s.client(admin.token);
    const refFields = Object.entries(m.fields).filter((e): e is [string, FieldDef & { kind: 'ref' }] => e[1].kind === 'ref' && !e[1].readOnly);
    // References alternate between the two targets and none, so pages cross
    // from rows with a reference to rows without one.
    for (let i = 0; i < 10; i++) {
      const body = sampleBody(m, 30 + i);
      for (const [name, f] of refFields) body[name] = f.required ? refRow[f.to] : [refRow[f.to], refRowA[f.to], null][i % 3];
      await call(c.create, { body: body as never });
    }
    const label = (v: unknown) => {
      const o = v as { name?: string; placeLabel?: string } | null;
      return o ? (o.name ?? o.placeLabel ?? '') : null;
    };
    for (const sortColumn of Object.keys(m.list.sort)) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        const what = `${sortColumn} ${orderDirection}`;
        const whole = await call(c.list, { query: q({ sortColumn, orderDirection, pageSize: 1000 }) });
        // Pages of 4: those past the middle are read from the end.
        const paged: string[] = [];
        for (let pageIndex = 0; pageIndex * 4 < whole.count; pageIndex++) {
          const page = await call(c.list, { query: q({ sortColumn, orderDirection, pageSize: 4, pageIndex }) });
          expect(page.count, what).toBe(whole.count);
          paged.push(...page.items.map((r) => r.id));
        }
        expect(paged, what).toEqual(whole.items.map((r) => r.id));
        const f = m.fields[m.list.sort[sortColumn]!];
        if (f?.kind === 'ref') {
          const labels = whole.items.map((r) => label(r[f.as]));
          const named = labels.filter((l): l is string => l !== null);
          const sorted = [...named].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(named, what).toEqual(orderDirection === 'asc' ? sorted : sorted.reverse());
          // Rows without a reference come last, both ways.
          expect(labels.slice(named.length).every((l) => l === null), what).toBe(true);
        }
      }
    }
  });

  it('rejects bad input field by field, in the caller’s language', async () => {
    const title = requiredText(m)!;
    const blank = { ...sampleBody(m, 7), [title]: '   ' };
    const ja = await apiFailure(s.client(admin.token)(c.create, { body: blank as never }));
    expect(ja.status).toBe(400);
    expect(ja.body.fieldErrors?.[title]?.[0]).toMatch(/入力/);
    const en = await apiFailure(s.client(adminEn.token)(c.create, { body: blank as never }));
    expect(en.body.fieldErrors?.[title]?.[0]).toMatch(/Enter a value/);

    for (const [name, f] of Object.entries(m.fields)) {
      const bad = f.kind === 'enum' ? 'NOT_A_VALUE' : f.kind === 'date' ? '2024-13-45x' : f.kind === 'integer' ? 1.5 : f.kind === 'ref' ? 'not-an-id' : 'x'.repeat(f.max + 1);
      const e = await apiFailure(s.client(adminEn.token)(c.create, { body: { ...sampleBody(m, 8), [name]: bad } as never }));
      expect(e.status, name).toBe(400);
      expect(Object.keys(e.body.fieldErrors ?? {}), name).toContain(name);
    }
    // A reference to a row the caller cannot see is "not found", not a leak.
    const ref = Object.entries(m.fields).find(([, f]) => f.kind === 'ref');
    if (ref) {
      const e = await apiFailure(s.client(adminEn.token)(c.create, { body: { ...sampleBody(m, 9), [ref[0]]: crypto.randomUUID() } as never }));
      expect(e.body.fieldErrors?.[ref[0]]?.[0]).toBe('The selected item does not exist.');
    }
  });

  it.runIf(!!m.disableable)('disables and enables a row', async () => {
    const call = s.client(admin.token);
    const row = await call(c.create, { body: sampleBody(m, 10) as never });
    expect(row.disabled).toBe(false);
    expect((await call(c.disable!, { params: params(row.id) })).disabled).toBe(true);
    const enabledOnly = await call(c.list, { query: q({ includeDisabled: 'false', pageSize: 1000 }) });
    expect(enabledOnly.items.map((r) => r.id)).not.toContain(row.id);
    expect((await call(c.enable!, { params: params(row.id) })).disabled).toBe(false);
  });

  it.runIf(!!m.list.categories)('counts rows per category, matching the list', async () => {
    const call = s.client(admin.token);
    const { counts } = await call(c.count!, { query: {} as never });
    for (const category of Object.keys(m.list.categories!.values)) {
      const list = await call(c.list, { query: { [m.list.categories!.key]: category, pageSize: 1 } as never });
      expect(counts[category], category).toBe(list.count);
    }
  });

  it('is closed to operators without the area', async () => {
    const outsider = await s.createAccount({ orgId, areas: [m.area === 'IT' ? 'GA' : 'IT'] });
    expect((await apiFailure(s.client(outsider.token)(c.list, { query: {} as never }))).status).toBe(403);
  });
});

describe('each people master list (smoke: the mechanism is tested in depth above)', () => {
  let outsider: TestAccount;
  beforeAll(async () => {
    outsider = await s.createAccount({ orgId, areas: ['GA', 'IT'] });
  });

  it.each(MODULES.filter((m) => DECLARATIONS.has(m.id)).map((m) => [m.id, m] as const))('%s creates, lists, updates, disables; HR only', async (_id, m) => {
    const c = moduleContracts(m);
    const call = s.client(admin.token);
    const params = { [m.api.idParam]: '' } as Record<string, string>;
    const body = sampleBody(m, 1);
    const created = await call(c.create, { body: body as never });
    for (const [k, v] of Object.entries(body)) expect(created[k], k).toEqual(v);
    params[m.api.idParam] = created.id;
    const found = await call(c.list, { query: { freeText: String(body.name) } as never });
    expect(found.items.map((r) => r.id)).toEqual([created.id]);
    expect((await call(c.update, { params: params as never, body: { name: `${m.id} 変更後` } as never })).name).toBe(`${m.id} 変更後`);
    expect((await call(c.disable!, { params: params as never })).disabled).toBe(true);
    const enabled = await call(c.list, { query: { includeDisabled: 'false' } as never });
    expect(enabled.items.map((r) => r.id)).not.toContain(created.id);
    expect((await apiFailure(s.client(outsider.token)(c.list, { query: {} as never }))).status).toBe(403);
  });
});
