// The people master-data lists beyond the generic module suite
// (tests/api/modules.test.ts tests one list in depth and each other one
// lightly): the seventeen declarations and their pages, names and codes
// unique per organisation, rank only on ladders, a new row last, moving rows
// up and down (renumbering, filters, ends, audit trail, concurrent moves),
// HR only, and every list closed to another organisation.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleContracts, type ModuleRow } from '../../src/api/modules/contracts.js';
import { PEOPLE_SETTINGS_MODULES } from '../../src/api/modules/people-settings.js';
import { PEOPLE_SETTINGS_LISTS, STATIC_PAGES } from '../../src/routes/catalogue.js';
import { SEARCH_SCHEMAS } from '../../src/routes/search-schemas.js';
import { fieldLabel } from '../../server/modules/module/labels.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';

const byId = (id: string) => PEOPLE_SETTINGS_MODULES.find((m) => m.id === id)!;
const employmentTypes = byId('employmentTypes');
const et = moduleContracts(employmentTypes);
const positions = moduleContracts(byId('positions'));

let s: TestServer;
let orgId: string;
let otherOrg: string;
let admin: TestAccount;
let adminEn: TestAccount;

const ja = () => s.client(admin.token);
const tag = () => crypto.randomUUID().slice(0, 6);
const add = (name: string, extra: Record<string, unknown> = {}) => ja()(et.create, { body: { name, ...extra } as never });
const move = (id: string, direction: 'up' | 'down', filters: Record<string, unknown> = {}) =>
  ja()(et.move!, { params: { id } as never, body: { direction, ...filters } as never });
/** The list in its own order (what the grid shows sorted by display order), names only. */
const names = async (freeText?: string) =>
  (await ja()(et.list, { query: { sortColumn: 'DISPLAY_ORDER', pageSize: 1000, ...(freeText ? { freeText } : {}) } as never })).items.map((r) => String(r.name));

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  otherOrg = await s.createOrg();
  admin = await s.createAccount({ orgId, areas: ['HR'] });
  adminEn = await s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' });
});
afterAll(() => s?.close());

describe('the seventeen lists', () => {
  it('are the spec’s settings pages, each with its own title, the shared field labels and the master-data URL contract', () => {
    expect(PEOPLE_SETTINGS_MODULES.map((m) => m.paths.list)).toEqual(PEOPLE_SETTINGS_LISTS.map((l) => `/people/settings/${l}`));
    const pages = new Set(STATIC_PAGES.map((p) => p.path));
    for (const m of PEOPLE_SETTINGS_MODULES) {
      expect(pages.has(m.paths.list), m.id).toBe(true);
      expect(m.area).toBe('HR');
      // The URL: sorted by display order unless it says otherwise; NAME and CODE too.
      const search = SEARCH_SCHEMAS[m.paths.list]!.parse({ sortColumn: 'CODE' }) as Record<string, unknown>;
      expect(search.sortColumn, m.id).toBe('CODE');
      expect(SEARCH_SCHEMAS[m.paths.list]!.parse({}), m.id).toMatchObject({ sortColumn: 'DISPLAY_ORDER', orderDirection: 'asc', pageSize: m.id === 'jobFunctions' ? 2000 : 100 });
    }
    // The job-functions page and its call both default to 2000 rows.
    expect(moduleContracts(byId('jobFunctions')).list.query!.parse({})).toMatchObject({ pageSize: 2000 });
    expect(fieldLabel(byId('grades'), 'ja-JP', 'displayOrder')).toBe('表示順');
    expect(fieldLabel(byId('grades'), 'en-US', 'rank')).toBe('Rank');
  });

  it('names and codes are unique per organisation (any case), with the error under the field in the caller’s language', async () => {
    const t = tag();
    await add(`正社員 ${t}`, { code: `FT-${t}` });
    const dupName = await apiFailure(add(`正社員 ${t}`));
    expect(dupName.status).toBe(400);
    expect(dupName.body.fieldErrors?.name).toEqual(['この値は他のレコードで使われています。']);
    const dupCode = await apiFailure(s.client(adminEn.token)(et.create, { body: { name: `契約 ${t}`, code: `ft-${t}` } as never }));
    expect(dupCode.body.fieldErrors?.code).toEqual(['This value is already used by another record.']);
    // Another organisation may use the same words.
    const stranger = await s.createAccount({ orgId: otherOrg, areas: ['HR'] });
    expect((await s.client(stranger.token)(et.create, { body: { name: `正社員 ${t}`, code: `FT-${t}` } as never })).name).toBe(`正社員 ${t}`);
  });

  it('has a rank only on ladders (positions, job levels, job grades, grades)', async () => {
    const ranked = PEOPLE_SETTINGS_MODULES.filter((m) => 'rank' in m.fields).map((m) => m.id);
    expect(ranked).toEqual(['positions', 'jobLevels', 'jobGrades', 'grades']);
    const gm = await ja()(positions.create, { body: { name: `部長 ${tag()}`, code: `GM-${tag()}`, rank: 1 } as never });
    expect(gm.rank).toBe(1);
    const sorted = await ja()(positions.list, { query: { sortColumn: 'RANK' } as never });
    expect(sorted.items[0]?.id).toBe(gm.id);
    expect((await apiFailure(add(`x ${tag()}`, { rank: 1 }))).status).toBe(400);
  });

  it('is HR’s: 403 to an operator without the area, on reads and moves alike', async () => {
    const ga = await s.createAccount({ orgId, areas: ['GA', 'IT'] });
    const row = await add(`HR only ${tag()}`);
    expect((await apiFailure(s.client(ga.token)(et.list, { query: {} as never }))).status).toBe(403);
    expect((await apiFailure(s.client(ga.token)(et.move!, { params: { id: row.id } as never, body: { direction: 'up' } as never }))).status).toBe(403);
  });

  it('every list: another organisation’s row cannot be read, changed, moved or disabled', async () => {
    const theirs = await withScope(s.db, { orgId: otherOrg }, async (tx) => {
      const out: Record<string, string> = {};
      for (const m of PEOPLE_SETTINGS_MODULES) {
        out[m.id] = (await sql<{ id: string }>`INSERT INTO ${sql.table(m.table)} (org_id, name, display_order) VALUES (${otherOrg}, 'B の行', 1) RETURNING id`.execute(tx)).rows[0]!.id;
      }
      return out;
    });
    for (const m of PEOPLE_SETTINGS_MODULES) {
      const c = moduleContracts(m);
      const params = { id: theirs[m.id] } as never;
      const calls = [
        () => ja()(c.get, { params }),
        () => ja()(c.update, { params, body: { name: 'changed' } as never }),
        () => ja()(c.move!, { params, body: { direction: 'up' } as never }),
        () => ja()(c.disable!, { params }),
      ];
      for (const call of calls) expect((await apiFailure(call())).status, m.id).toBe(404);
      expect((await ja()(c.list, { query: {} as never })).items.map((r) => r.name), m.id).not.toContain('B の行');
    }
    const rows = await s.db.selectFrom('positions').where('org_id', '=', otherOrg).select(['name', 'display_order', 'disabled_at']).execute();
    expect(rows).toEqual([{ name: 'B の行', display_order: 1, disabled_at: null }]);
  });
});

describe('moving rows (employment types)', () => {
  // Each test starts from an empty list.
  async function freshList(rows: string[]) {
    await withScope(s.db, { orgId }, (tx) => sql`DELETE FROM employment_types`.execute(tx));
    const out: Record<string, ModuleRow> = {};
    for (const name of rows) out[name] = await add(name);
    return out;
  }

  it('a new row goes last; a move swaps it with its neighbour, writes two rows, and is in the history', async () => {
    const r = await freshList(['A', 'B', 'C', 'D']);
    expect(Object.values(r).map((x) => x.displayOrder)).toEqual([1, 2, 3, 4]);
    const moved = await move(r.C!.id, 'up');
    expect(moved).toMatchObject({ moved: true, position: 1, count: 4 });
    expect(moved.item.displayOrder).toBe(2);
    expect(await names()).toEqual(['A', 'C', 'B', 'D']);
    await move(r.A!.id, 'down');
    expect(await names()).toEqual(['C', 'A', 'B', 'D']);
    // Only the two rows that changed places were written, each once per move.
    const history = (id: string) => ja()(et.history, { params: { id } as never });
    expect((await history(r.D!.id)).items.map((h) => h.action)).toEqual(['INSERT']);
    expect((await history(r.C!.id)).items[0]).toMatchObject({ action: 'UPDATE', changes: [{ field: 'displayOrder', before: 2, after: 1 }] });
    expect((await history(r.B!.id)).items[0]).toMatchObject({ action: 'UPDATE', changes: [{ field: 'displayOrder', before: 2, after: 3 }] });
  });

  it('at either end nothing moves and nothing is written', async () => {
    const r = await freshList(['A', 'B', 'C']);
    expect(await move(r.A!.id, 'up')).toMatchObject({ moved: false, position: 0, count: 3 });
    expect(await move(r.C!.id, 'down')).toMatchObject({ moved: false, position: 2, count: 3 });
    expect(await names()).toEqual(['A', 'B', 'C']);
    expect((await ja()(et.history, { params: { id: r.A!.id } as never })).items).toHaveLength(1);
  });

  it('renumbers a list with blanks and ties 1..n in the order it showed', async () => {
    const r = await freshList(['A', 'B', 'C', 'D', 'E']);
    // Orders set by hand: ties (10, 10), a blank (last), out of sequence.
    await ja()(et.update, { params: { id: r.A!.id } as never, body: { displayOrder: 10 } as never });
    await ja()(et.update, { params: { id: r.B!.id } as never, body: { displayOrder: 10 } as never });
    await ja()(et.update, { params: { id: r.C!.id } as never, body: { displayOrder: null } as never });
    await ja()(et.update, { params: { id: r.D!.id } as never, body: { displayOrder: 50 } as never });
    await ja()(et.update, { params: { id: r.E!.id } as never, body: { displayOrder: 3 } as never });
    const before = await names();
    expect(before.slice(0, 1)).toEqual(['E']);
    expect(before.at(-1)).toBe('C');
    await move(r.C!.id, 'up');
    const after = await ja()(et.list, { query: { sortColumn: 'DISPLAY_ORDER' } as never });
    expect(after.items.map((x) => x.displayOrder)).toEqual([1, 2, 3, 4, 5]);
    expect(after.items.map((x) => x.name)).toEqual([...before.slice(0, 3), 'C', before[3]]);
  });

  it('in a filtered list, moves past the next row shown and keeps hidden rows in place', async () => {
    const r = await freshList(['A x', 'B', 'C x', 'D', 'E x']);
    const moved = await move(r['E x']!.id, 'up', { freeText: 'x' });
    expect(moved).toMatchObject({ moved: true, position: 1, count: 3 });
    expect(await names()).toEqual(['A x', 'B', 'E x', 'C x', 'D']);
    expect(await names('x')).toEqual(['A x', 'E x', 'C x']);
    // Disabled rows hidden from the list (includeDisabled=false) are skipped the same way.
    await ja()(et.disable!, { params: { id: r.B!.id } as never });
    await move(r['A x']!.id, 'down', { includeDisabled: 'false' });
    expect(await names()).toEqual(['B', 'E x', 'A x', 'C x', 'D']);
  });

  it('moves sent at once are applied one after another: the order stays a permutation numbered 1..n', async () => {
    const r = await freshList(['A', 'B', 'C', 'D', 'E', 'F']);
    const ids = Object.values(r).map((x) => x.id);
    const outcomes = await Promise.all(ids.flatMap((id, i) => [move(id, i % 2 ? 'up' : 'down'), move(id, 'up')]));
    expect(outcomes.every((o) => o.item.id)).toBe(true);
    const after = await ja()(et.list, { query: { sortColumn: 'DISPLAY_ORDER' } as never });
    expect(after.items.map((x) => x.displayOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(after.items.map((x) => x.id))).toEqual(new Set(ids));
  });
});
