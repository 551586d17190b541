// Equipment behaviour a user notices, beyond the generic module suite
// (tests/api/modules.test.ts): the list's joined references, the category
// tabs and their counts, id-in filters, freeText over references, the list's
// limits, PATCH semantics, bulk changes (all or nothing, with history), the
// settings lists (types and items) and the pickers the forms use.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesForSelect, placeSelect, workersForSelect } from '../../src/api/contracts/pickers.js';
import { moduleContracts, type ModuleRow } from '../../src/api/modules/contracts.js';
import { equipment, equipmentItems, equipmentTypes } from '../../src/api/modules/equipment.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';

const eq = moduleContracts(equipment);
const types = moduleContracts(equipmentTypes);
const items = moduleContracts(equipmentItems);

let s: TestServer;
let orgId: string;
let otherOrgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let other: TestAccount;

const marker = () => crypto.randomUUID().slice(0, 8);
const ja = () => s.client(admin.token);
const en = () => s.client(adminEn.token);

/** A raw request to the app as `acc` (the JSON exactly as the server sends it). */
const raw = (path: string, acc: TestAccount, init: RequestInit = {}) =>
  s.app.request(path, { ...init, headers: { authorization: `Bearer ${acc.token}`, ...(init.headers ?? {}) } });

async function insertPlace(org: string, code: string, name: string): Promise<string> {
  return withScope(s.db, { orgId: org }, async (tx) => {
    const r = await sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${org}, ${code}, ${name}) RETURNING id`.execute(tx);
    return r.rows[0]!.id;
  });
}
async function insertDevice(org: string, name: string, tag: string | null, serial: string | null): Promise<string> {
  return withScope(s.db, { orgId: org }, async (tx) => {
    const r = await sql<{ id: string }>`INSERT INTO devices (org_id, name, device_tag, serial_number) VALUES (${org}, ${name}, ${tag}, ${serial}) RETURNING id`.execute(tx);
    return r.rows[0]!.id;
  });
}
/** A worker (from createAccount) renamed and numbered so that it can be found. */
async function worker(org: string, o: { family: string; given: string; number?: string; avatar?: string | null }) {
  const acc = await s.createAccount({ orgId: org, signIn: false });
  return withScope(s.db, { orgId: org }, async (tx) => {
    await sql`UPDATE people SET family_name = ${o.family}, given_name = ${o.given}, avatar_url = ${o.avatar ?? null} WHERE id = ${acc.personId}`.execute(tx);
    const w = await sql<{ id: string }>`UPDATE workers SET worker_number = ${o.number ?? null} WHERE person_id = ${acc.personId} RETURNING id`.execute(tx);
    return { workerId: w.rows[0]!.id, personId: acc.personId, email: acc.email };
  });
}

const create = (body: Record<string, unknown>) => ja()(eq.create, { body: body as never });
const list = (query: Record<string, unknown>) => ja()(eq.list, { query: { pageSize: 1000, ...query } as never });
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const get = (id: string) => ja()(eq.get, { params: { equipmentId: id } as never });
const history = (id: string) => ja()(eq.history, { params: { equipmentId: id } as never });

const tokyoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  otherOrgId = await s.createOrg();
  [admin, adminEn, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['GA'] }),
    s.createAccount({ orgId, areas: ['GA'], locale: 'en-US' }),
    s.createAccount({ orgId: otherOrgId, areas: ['GA'] }),
  ]);
});
afterAll(() => s?.close());

describe('the equipment list', () => {
  it('returns the spec’s fields, references joined, for rows created through the API', async () => {
    const m = marker();
    const placeId = await insertPlace(orgId, `P-${m}`, `本社 ${m}`);
    const deviceId = await insertDevice(orgId, `PC ${m}`, `DEV-${m}`, null);
    const holder = await worker(orgId, { family: '山田', given: `太郎${m}`, avatar: 'https://img.example.test/yamada.png' });
    const type = await ja()(types.create, { body: { name: `机 ${m}` } as never });
    const item = await ja()(items.create, { body: { name: `昇降デスク ${m}`, equipmentTypeId: type.id } as never });
    const before = Date.now();
    const created = await create({
      name: `備品 ${m}`,
      equipmentTypeId: type.id,
      equipmentItemId: item.id,
      model: 'FLX-1400',
      serialNumber: `SN-${m}`,
      assetTag: `GA-${m}`,
      assignedWorkerId: holder.workerId,
      placementPlaceId: placeId,
      deviceId,
    });

    // As the server sends it (not through the contract's parser, which strips extra keys).
    const res = await raw(`/v2/equipment?freeText=${encodeURIComponent(m)}&pageSize=10`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[]; count: number };
    expect(body.count).toBe(1);
    const row = body.items[0]!;
    expect(row).toMatchObject({
      id: created.id,
      name: `備品 ${m}`,
      equipmentType: { id: type.id, name: `机 ${m}` },
      equipmentItem: { id: item.id, name: `昇降デスク ${m}` },
      // Spec 3 names the labels flat too.
      equipmentTypeName: `机 ${m}`,
      equipmentItemName: `昇降デスク ${m}`,
      model: 'FLX-1400',
      serialNumber: `SN-${m}`,
      assetTag: `GA-${m}`,
      assignedPerson: { personId: holder.personId, workerId: holder.workerId, name: `山田 太郎${m}`, avatarUrl: 'https://img.example.test/yamada.png' },
      assignedPlace: { placeId, placeLabel: `本社 ${m}` },
      device: { id: deviceId, name: `PC ${m}` },
    });
    // The joined objects carry exactly their keys.
    expect(Object.keys(row.equipmentType as object).sort()).toEqual(['id', 'name']);
    expect(Object.keys(row.assignedPerson as object).sort()).toEqual(['avatarUrl', 'name', 'personId', 'workerId']);
    expect(Object.keys(row.assignedPlace as object).sort()).toEqual(['placeId', 'placeLabel']);
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(row.createdAt as string) - before)).toBeLessThan(60_000);

    // No references: the joined objects are null, not half-empty.
    const bare = await create({ name: `裸 ${m}` });
    const bareRow = (await list({ freeText: `裸 ${m}` })).items[0]!;
    expect(bareRow.id).toBe(bare.id);
    expect(bareRow).toMatchObject({ equipmentType: null, equipmentItem: null, equipmentTypeName: null, equipmentItemName: null, assignedPerson: null, assignedPlace: null, model: null });
  });

  it('categories: DISPOSED is usageStatus DISPOSED; PENDING_DISPOSAL is to be disposed and not disposed; counts agree', async () => {
    const m = marker();
    const t1 = await ja()(types.create, { body: { name: `種別A ${m}` } as never });
    const t2 = await ja()(types.create, { body: { name: `種別B ${m}` } as never });
    const disposed = await create({ name: `廃棄済 ${m}`, usageStatus: 'DISPOSED', placementStatus: 'NOT_PLACED', equipmentTypeId: t1.id });
    const disposedStillFlagged = await create({ name: `廃棄済予定 ${m}`, usageStatus: 'DISPOSED', placementStatus: 'TO_BE_DISPOSED', equipmentTypeId: t2.id });
    const pending = await create({ name: `予定 ${m}`, usageStatus: 'IN_USE', placementStatus: 'TO_BE_DISPOSED', equipmentTypeId: t1.id });
    const pendingNoUsage = await create({ name: `予定空 ${m}`, placementStatus: 'TO_BE_DISPOSED', equipmentTypeId: t2.id });
    const inUse = await create({ name: `使用中 ${m}`, usageStatus: 'IN_USE', placementStatus: 'IN_USE', equipmentTypeId: t1.id });

    const cat = async (category: string, extra: Record<string, unknown> = {}) => ids((await list({ freeText: m, category, ...extra })).items);
    expect(await cat('ALL')).toEqual(ids([disposed, disposedStillFlagged, pending, pendingNoUsage, inUse]));
    expect(await cat('DISPOSED')).toEqual(ids([disposed, disposedStillFlagged]));
    expect(await cat('PENDING_DISPOSAL')).toEqual(ids([pending, pendingNoUsage]));
    // The default tab is ALL.
    expect(ids((await list({ freeText: m })).items)).toEqual(await cat('ALL'));

    const count = (query: Record<string, unknown>) => ja()(eq.count!, { query: query as never });
    expect((await count({ freeText: m })).counts).toEqual({ ALL: 5, DISPOSED: 2, PENDING_DISPOSAL: 2 });
    expect((await count({ freeText: m, equipmentTypeIdIn: [t1.id] })).counts).toEqual({ ALL: 3, DISPOSED: 1, PENDING_DISPOSAL: 1 });
    expect((await count({ freeText: m, equipmentTypeIdIn: [t2.id] })).counts).toEqual({ ALL: 2, DISPOSED: 1, PENDING_DISPOSAL: 1 });
    expect((await count({ freeText: m, equipmentTypeIdIn: [t1.id, t2.id] })).counts).toEqual({ ALL: 5, DISPOSED: 2, PENDING_DISPOSAL: 2 });
    expect((await count({ freeText: `予定空 ${m}` })).counts).toEqual({ ALL: 1, DISPOSED: 0, PENDING_DISPOSAL: 1 });
    expect((await count({ freeText: `廃棄済予定 ${m}` })).counts).toEqual({ ALL: 1, DISPOSED: 1, PENDING_DISPOSAL: 0 });
    // A category in the query does not narrow the counts (they are per category).
    const res = await raw(`/v2/equipment-count?freeText=${encodeURIComponent(m)}&category=DISPOSED`, admin);
    expect((await res.json()).counts).toEqual({ ALL: 5, DISPOSED: 2, PENDING_DISPOSAL: 2 });
    // The list and the count agree with combined filters.
    expect(await cat('DISPOSED', { equipmentTypeIdIn: [t1.id] })).toEqual([disposed.id]);
  });

  it('id-in filters narrow the list, with one id (a plain string in the query) or several', async () => {
    const m = marker();
    const [p1, p2] = [await insertPlace(orgId, `A-${m}`, `倉庫A ${m}`), await insertPlace(orgId, `B-${m}`, `倉庫B ${m}`)];
    const w1 = await worker(orgId, { family: '佐藤', given: `一郎${m}` });
    const w2 = await worker(orgId, { family: '鈴木', given: `二郎${m}` });
    const type = await ja()(types.create, { body: { name: `種別 ${m}` } as never });
    const type2 = await ja()(types.create, { body: { name: `種別2 ${m}` } as never });
    const i1 = await ja()(items.create, { body: { name: `品目1 ${m}` } as never });
    const i2 = await ja()(items.create, { body: { name: `品目2 ${m}` } as never });
    const a = await create({ name: `x1 ${m}`, placementPlaceId: p1, assignedWorkerId: w1.workerId, equipmentTypeId: type.id, equipmentItemId: i1.id });
    const b = await create({ name: `x2 ${m}`, placementPlaceId: p2, assignedWorkerId: w2.workerId, equipmentTypeId: type2.id, equipmentItemId: i2.id });
    const c = await create({ name: `x3 ${m}` });

    const via = async (qs: string) => {
      const res = await raw(`/v2/equipment?freeText=${encodeURIComponent(m)}&pageSize=1000&${qs}`, admin);
      expect(res.status, qs).toBe(200);
      return ids(((await res.json()) as { items: { id: string }[] }).items);
    };
    expect(await via('')).toEqual(ids([a, b, c]));
    // One value arrives as a string, several as an array.
    expect(await via(`placementPlaceIdIn=${p1}`)).toEqual([a.id]);
    expect(await via(`placementPlaceIdIn=${p1}&placementPlaceIdIn=${p2}`)).toEqual(ids([a, b]));
    expect(await via(`assignedWorkerIdIn=${w2.workerId}`)).toEqual([b.id]);
    expect(await via(`assignedWorkerIdIn=${w1.workerId}&assignedWorkerIdIn=${w2.workerId}`)).toEqual(ids([a, b]));
    expect(await via(`equipmentTypeIdIn=${type.id}`)).toEqual([a.id]);
    expect(await via(`equipmentItemIdIn=${i2.id}`)).toEqual([b.id]);
    expect(await via(`equipmentItemIdIn=${i1.id}&equipmentItemIdIn=${i2.id}`)).toEqual(ids([a, b]));
    // Filters combine (AND).
    expect(await via(`equipmentTypeIdIn=${type.id}&placementPlaceIdIn=${p2}`)).toEqual([]);
    // Through the typed client as well.
    expect(ids((await list({ freeText: m, placementPlaceIdIn: [p2] })).items)).toEqual([b.id]);
    // A malformed id is a 400, not a server error.
    const bad = await raw(`/v2/equipment?equipmentTypeIdIn=not-a-uuid`, adminEn);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fieldErrors ?? {}).join()).toMatch(/equipmentTypeIdIn/);
  });

  it('freeText matches name, model, serial number, asset tag and the references’ labels; % and _ are literal', async () => {
    const m = marker();
    const place = await insertPlace(orgId, `PL-${m}`, `横浜ベース${m}`);
    const holder = await worker(orgId, { family: `高橋${m}`, given: '花子' });
    const type = await ja()(types.create, { body: { name: `プロジェクター${m}` } as never });
    const byName = await create({ name: `名前で探す${m}` });
    const byModel = await create({ name: 'a', model: `MDL-${m}-X` });
    const bySerial = await create({ name: 'b', serialNumber: `SER${m}99` });
    const byTag = await create({ name: 'c', assetTag: `TAG/${m}` });
    const byType = await create({ name: 'd', equipmentTypeId: type.id });
    const byPerson = await create({ name: 'e', assignedWorkerId: holder.workerId });
    const byPlace = await create({ name: 'f', placementPlaceId: place });

    const find = async (freeText: string) => ids((await list({ freeText })).items);
    expect(await find(`名前で探す${m}`)).toEqual([byName.id]);
    expect(await find(`mdl-${m}`)).toEqual([byModel.id]); // case-insensitive
    expect(await find(`SER${m}`)).toEqual([bySerial.id]);
    expect(await find(`TAG/${m}`)).toEqual([byTag.id]);
    expect(await find(`プロジェクター${m}`)).toEqual([byType.id]);
    expect(await find(`高橋${m} 花子`)).toEqual([byPerson.id]);
    expect(await find(`横浜ベース${m}`)).toEqual([byPlace.id]);
    // Surrounding and repeated white space is not part of the search.
    expect(await find(`  高橋${m}   花子  `)).toEqual([byPerson.id]);
    // Matched through a reference alone, and through a reference and a
    // field at once: the list's count is the rows it lists.
    expect((await list({ freeText: `高橋${m} 花子` })).count).toBe(1);
    const alsoByName = await create({ name: `高橋${m} 花子の予備` });
    const both = await list({ freeText: `高橋${m} 花子` });
    expect(ids(both.items)).toEqual(ids([byPerson, alsoByName]));
    expect(both.count).toBe(2);
    expect((await list({ freeText: `横浜ベース${m}` })).count).toBe(1);

    // Wildcards are literal.
    const pct = await create({ name: `50%OFF-${m}` });
    const notPct = await create({ name: `50xOFF-${m}` });
    const und = await create({ name: `a_b-${m}` });
    const notUnd = await create({ name: `axb-${m}` });
    const back = await create({ name: `c\\d-${m}` });
    expect(await find(`50%OFF-${m}`)).toEqual([pct.id]);
    expect(await find(`a_b-${m}`)).toEqual([und.id]);
    expect(await find(`c\\d-${m}`)).toEqual([back.id]);
    expect(ids((await list({ freeText: `OFF-${m}` })).items)).toEqual(ids([pct, notPct]));
    // '%' alone matches only rows holding a '%'.
    expect((await list({ freeText: '%' })).items.every((r) => [r.name, r.model, r.serialNumber, r.assetTag].some((v) => String(v ?? '').includes('%')))).toBe(true);
    expect((await list({ freeText: '_' })).items.map((r) => r.id)).toContain(und.id);
    expect((await list({ freeText: '_' })).items.map((r) => r.id)).not.toContain(notUnd.id);
  });

  it('asset tags in series: any part of a tag finds it, in any case and at any length, each row once (migration 0026)', async () => {
    const m = marker();
    // Letters rare in other rows (hex serials, names): even two of them find few.
    const code = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => 'JKQVXZ'[b % 6]).join('');
    const tagged = (tail: string, name = 'tagged') => create({ name, assetTag: `GA-${code}-${m}-${tail}` });
    const inSeries = [await tagged('0001200'), await tagged('0001299')];
    const nearMiss = [await tagged('0000120'), await tagged('0012000')];
    // Found by its tag and by its name: listed once.
    const twice = await tagged('0001234', `名札 GA-${code}-${m}-0001234`);
    const find = async (freeText: string) => ids((await list({ freeText })).items);

    expect(await find(`GA-${code}-${m}-00012`)).toEqual(ids([...inSeries, twice]));
    expect(await find(`ga-${code.toLowerCase()}-${m}-00012`)).toEqual(ids([...inSeries, twice]));
    expect(await find(`${m}-00001`)).toEqual(ids([nearMiss[0]!]));
    expect(await find(`${m}-0012000`)).toEqual(ids([nearMiss[1]!]));
    expect(await find(`${m}-0001234`)).toEqual([twice.id]);
    expect((await list({ freeText: `${m}-0001234` })).count).toBe(1);
    // Five characters and more, four, three, two: each length finds the tag.
    const all = ids([...inSeries, ...nearMiss, twice]);
    for (const text of [`${code}-`, code, code.slice(1).toLowerCase(), code.slice(2)]) {
      const found = (await list({ freeText: text })).items;
      expect(ids(found.filter((r) => String(r.assetTag).startsWith(`GA-${code}-`))), text).toEqual(all);
      // Whatever else is found holds the text somewhere.
      const lower = text.toLowerCase();
      for (const r of found) expect([r.name, r.model, r.serialNumber, r.assetTag].some((v) => String(v ?? '').toLowerCase().includes(lower)), text).toBe(true);
    }
    // Punctuation in a tag is matched as typed, not as a word break.
    const slash = await create({ name: 'slash', assetTag: `${code}/${m}` });
    expect(await find(`${code}/${m}`)).toEqual([slash.id]);
    expect(await find(`${code}.${m}`)).toEqual([]);
    // A tag that changes is found by its new value only.
    await ja()(eq.update, { params: { equipmentId: slash.id }, body: { assetTag: `NEW-${m}` } as never });
    expect(await find(`${code}/${m}`)).toEqual([]);
    expect(await find(`new-${m}`)).toEqual([slash.id]);
  });

  it('pageSize 1000 is accepted, 1001 and pageIndex -1 are 400; an unknown sortColumn is 400 in the caller’s language', async () => {
    expect((await list({ pageSize: 1000 })).items.length).toBeLessThanOrEqual(1000);
    const big = await apiFailure(en()(eq.list, { query: { pageSize: 1001 } as never }));
    expect(big.status).toBe(400);
    expect(big.body.fieldErrors?.pageSize).toEqual(['Enter a number of at most 1000.']);
    const zero = await apiFailure(en()(eq.list, { query: { pageSize: 0 } as never }));
    expect(zero.status).toBe(400);
    const neg = await apiFailure(en()(eq.list, { query: { pageIndex: -1 } as never }));
    expect(neg.status).toBe(400);
    expect(neg.body.fieldErrors?.pageIndex).toEqual(['Enter a number of at least 0.']);

    const sortJa = await raw('/v2/equipment?sortColumn=PRICE', admin);
    expect(sortJa.status).toBe(400);
    const bodyJa = await sortJa.json();
    expect(bodyJa.code).toBe('VALIDATION_ERROR');
    expect(bodyJa.message).toBe('入力内容に誤りがあります。該当する項目を確認してください。');
    expect(bodyJa.fieldErrors.sortColumn[0]).toMatch(/^次のいずれかを選択してください: NAME, .*CREATED_AT/);
    // The account's language wins over the browser's.
    const sortEn = await raw('/v2/equipment?sortColumn=PRICE', adminEn, { headers: { 'accept-language': 'ja-JP' } });
    expect(sortEn.status).toBe(400);
    const bodyEn = await sortEn.json();
    expect(bodyEn.message).toBe('Some values are not valid. Check the highlighted fields.');
    expect(bodyEn.fieldErrors.sortColumn[0]).toMatch(/^Choose one of: NAME, .*CREATED_AT/);
    // Sort direction too.
    expect((await raw('/v2/equipment?orderDirection=up', adminEn)).status).toBe(400);
    expect((await raw('/v2/equipment?category=BROKEN', adminEn)).status).toBe(400);
  });

  it('GET /v2/equipment-count: a filter that is not an id, or too long, is 400 with the message in the caller’s language', async () => {
    const fail = async (query: string, acc: TestAccount) => {
      const res = await raw(`/v2/equipment-count?${query}`, acc);
      expect(res.status, query).toBe(400);
      return res.json() as Promise<{ code: string; message: string; fieldErrors: Record<string, string[]> }>;
    };
    const typeJa = await fail('equipmentTypeIdIn=DESK', admin);
    expect(typeJa.code).toBe('VALIDATION_ERROR');
    expect(typeJa.message).toBe('入力内容に誤りがあります。該当する項目を確認してください。');
    expect(typeJa.fieldErrors).toEqual({ 'equipmentTypeIdIn.0': ['正しいuuidの形式で入力してください。'] });
    // The account's language wins over the browser's.
    const res = await raw(`/v2/equipment-count?equipmentTypeIdIn=${crypto.randomUUID()}&equipmentTypeIdIn=DESK`, adminEn, { headers: { 'accept-language': 'ja-JP' } });
    expect(res.status).toBe(400);
    const typeEn = await res.json();
    expect(typeEn.message).toBe('Some values are not valid. Check the highlighted fields.');
    expect(typeEn.fieldErrors).toEqual({ 'equipmentTypeIdIn.1': ['Enter a valid uuid.'] });
    expect((await fail('placementPlaceIdIn=TKY', adminEn)).fieldErrors).toEqual({ 'placementPlaceIdIn.0': ['Enter a valid uuid.'] });
    const long = 'x'.repeat(201);
    expect((await fail(`freeText=${long}`, admin)).fieldErrors).toEqual({ freeText: ['200文字以内で入力してください。'] });
    expect((await fail(`freeText=${long}`, adminEn)).fieldErrors).toEqual({ freeText: ['Enter at most 200 characters.'] });
    const many = Array.from({ length: 201 }, () => `assignedWorkerIdIn=${crypto.randomUUID()}`).join('&');
    expect((await fail(many, adminEn)).fieldErrors).toEqual({ assignedWorkerIdIn: ['Choose at most 200 items.'] });
    // Valid filters still count.
    expect((await raw(`/v2/equipment-count?equipmentTypeIdIn=${crypto.randomUUID()}`, admin)).status).toBe(200);
  });
});

describe('PATCH /v2/equipment/{id}', () => {
  it('null clears an optional field (text, enum, date, reference); an omitted field is kept', async () => {
    const m = marker();
    const type = await ja()(types.create, { body: { name: `種別 ${m}` } as never });
    const row = await create({ name: `備品 ${m}`, model: 'M-1', usageStatus: 'IN_USE', purchaseDate: '2024-04-01', purchasePrice: 1000, equipmentTypeId: type.id });
    const patched = await ja()(eq.update, { params: { equipmentId: row.id } as never, body: { model: null, usageStatus: null, purchaseDate: null, equipmentTypeId: null } as never });
    expect(patched).toMatchObject({ name: `備品 ${m}`, model: null, usageStatus: null, purchaseDate: null, equipmentTypeId: null, equipmentType: null, purchasePrice: 1000 });
    expect(await get(row.id)).toEqual(patched);
    // A required field cannot be cleared.
    const e = await apiFailure(en()(eq.update, { params: { equipmentId: row.id } as never, body: { name: null } as never }));
    expect(e.status).toBe(400);
    expect(Object.keys(e.body.fieldErrors ?? {})).toEqual(['name']);
    expect((await get(row.id)).name).toBe(`備品 ${m}`);
  });

  it('rejects an unknown field (strict), in the caller’s language, and changes nothing', async () => {
    const row = await create({ name: `strict ${marker()}`, model: 'keep' });
    const e = await apiFailure(en()(eq.update, { params: { equipmentId: row.id } as never, body: { model: 'changed', colour: 'red' } as never }));
    expect(e.status).toBe(400);
    expect(Object.values(e.body.fieldErrors ?? {}).flat()).toContain('Unknown fields: colour.');
    const j = await apiFailure(ja()(eq.update, { params: { equipmentId: row.id } as never, body: { colour: 'red' } as never }));
    expect(Object.values(j.body.fieldErrors ?? {}).flat()).toContain('不明な項目があります: colour');
    expect((await get(row.id)).model).toBe('keep');
    // Server-set fields are not writable either.
    const ro = await apiFailure(en()(eq.update, { params: { equipmentId: row.id } as never, body: { createdAt: '2020-01-01T00:00:00Z' } as never }));
    expect(ro.status).toBe(400);
  });

  it('rejects an invalid enum value and impossible dates with field errors in the caller’s language', async () => {
    const row = await create({ name: `bad ${marker()}`, usageStatus: 'IN_USE', purchaseDate: '2024-01-15' });
    const params = { equipmentId: row.id } as never;
    const en1 = await apiFailure(en()(eq.update, { params, body: { usageStatus: 'BROKEN' } as never }));
    expect(en1.status).toBe(400);
    expect(en1.body.fieldErrors?.usageStatus?.[0]).toMatch(/^Choose one of: IN_USE, RETURNED/);
    const ja1 = await apiFailure(ja()(eq.update, { params, body: { usageStatus: 'BROKEN' } as never }));
    expect(ja1.body.fieldErrors?.usageStatus?.[0]).toMatch(/^次のいずれかを選択してください: IN_USE/);

    for (const date of ['2024/01/15', '15-01-2024', '2024-1-5']) {
      const e = await apiFailure(en()(eq.update, { params, body: { purchaseDate: date } as never }));
      expect(e.status, date).toBe(400);
      expect(e.body.fieldErrors?.purchaseDate, date).toEqual(['Enter a date as YYYY-MM-DD.']);
    }
    const jd = await apiFailure(ja()(eq.update, { params, body: { verifiedOn: '2024/01/15' } as never }));
    expect(jd.body.fieldErrors?.verifiedOn).toEqual(['日付は YYYY-MM-DD の形式で入力してください。']);
    // Dates of the right shape that do not exist: a field error too, never a server error.
    for (const date of ['2024-13-01', '2023-02-29', '2024-04-31']) {
      const e = await apiFailure(en()(eq.update, { params, body: { purchaseDate: date } as never }));
      expect.soft(e.status, date).toBe(400);
      expect.soft(e.body.fieldErrors?.purchaseDate, date).toEqual(['Enter a date as YYYY-MM-DD.']);
    }
    // On create as well.
    const c = await apiFailure(en()(eq.create, { body: { name: 'x', disposedOn: '2024-13-01' } as never }));
    expect.soft(c.status).toBe(400);
    expect.soft(c.body.fieldErrors?.disposedOn).toEqual(['Enter a date as YYYY-MM-DD.']);
    const after = await get(row.id);
    expect(after).toMatchObject({ usageStatus: 'IN_USE', purchaseDate: '2024-01-15' });
    // A leap day that exists is fine.
    expect((await ja()(eq.update, { params, body: { purchaseDate: '2024-02-29' } as never })).purchaseDate).toBe('2024-02-29');
  });
});

describe('bulk changes: POST /v2/equipment-bulk', () => {
  async function three(m: string) {
    return [
      await create({ name: `一括1 ${m}`, usageStatus: 'IN_USE', placementStatus: 'IN_USE' }),
      await create({ name: `一括2 ${m}`, usageStatus: 'STORED', placementStatus: 'STORED' }),
      await create({ name: `一括3 ${m}`, usageStatus: 'IN_USE', placementStatus: 'TO_BE_DISPOSED' }),
    ];
  }
  const bulk = (body: Record<string, unknown>, call = ja()) => call(eq.bulk!, { body: body as never });

  it('changeStatus sets usageStatus on every selected row in one call, each with its history', async () => {
    const m = marker();
    const rows = await three(m);
    const untouched = await create({ name: `対象外 ${m}`, usageStatus: 'IN_USE' });
    const r = await bulk({ ids: rows.map((x) => x.id), action: 'changeStatus', values: { usageStatus: 'UNDER_REPAIR' } });
    expect(r.updated).toBe(3);
    for (const row of rows) {
      const now = await get(row.id);
      expect(now.usageStatus, row.name as string).toBe('UNDER_REPAIR');
      expect(now.placementStatus).toBe(row.placementStatus); // nothing else changed
      const h = await history(row.id);
      expect(h.items[0]?.action).toBe('UPDATE');
      expect(h.items[0]?.changes).toEqual([{ field: 'usageStatus', before: row.usageStatus, after: 'UNDER_REPAIR' }]);
      expect(h.items[0]?.actor).toMatch(/^テスト /);
    }
    expect((await get(untouched.id)).usageStatus).toBe('IN_USE');
  });

  it('assignPlace sets the place of every selected row', async () => {
    const m = marker();
    const rows = await three(m);
    const place = await insertPlace(orgId, `BULK-${m}`, `一括置き場 ${m}`);
    expect((await bulk({ ids: rows.map((x) => x.id), action: 'assignPlace', values: { placementPlaceId: place } })).updated).toBe(3);
    for (const row of rows) {
      expect((await get(row.id)).assignedPlace).toEqual({ placeId: place, placeLabel: `一括置き場 ${m}` });
      expect((await history(row.id)).items[0]?.changes).toEqual([{ field: 'placementPlaceId', before: null, after: place }]);
    }
    // A place of another organisation is "not found" and nothing changes.
    const foreign = await insertPlace(otherOrgId, `F-${m}`, 'よその場所');
    const e = await apiFailure(bulk({ ids: rows.map((x) => x.id), action: 'assignPlace', values: { placementPlaceId: foreign } }, en()));
    expect(e.status).toBe(400);
    expect(e.body.fieldErrors?.placementPlaceId).toEqual(['The selected item does not exist.']);
    for (const row of rows) expect((await get(row.id)).placementPlaceId).toBe(place);
  });

  it('dispose: usageStatus DISPOSED, placementStatus NOT_PLACED, the chosen disposal method and today’s date', async () => {
    const m = marker();
    const rows = await three(m);
    expect((await bulk({ ids: rows.map((x) => x.id), action: 'dispose', values: { disposalMethod: 'VENDOR_REQUEST' } })).updated).toBe(3);
    const todays = [tokyoToday()];
    for (const row of rows) {
      const now = await get(row.id);
      expect(now).toMatchObject({ usageStatus: 'DISPOSED', placementStatus: 'NOT_PLACED', disposalMethod: 'VENDOR_REQUEST' });
      expect(todays).toContain(now.disposedOn);
      const changes = (await history(row.id)).items[0]?.changes ?? [];
      expect(changes.map((c) => c.field).sort()).toEqual(['disposalMethod', 'disposedOn', 'placementStatus', 'usageStatus']);
      expect(changes).toContainEqual({ field: 'usageStatus', before: row.usageStatus, after: 'DISPOSED' });
    }
    // They moved to the DISPOSED tab.
    expect(ids((await list({ freeText: m, category: 'DISPOSED' })).items)).toEqual(ids(rows));
    expect((await list({ freeText: m, category: 'PENDING_DISPOSAL' })).items).toEqual([]);
  });

  it('all or none: one id of another organisation changes nothing and answers 400', async () => {
    const m = marker();
    const rows = await three(m);
    const foreign = await s.client(other.token)(eq.create, { body: { name: `よそ ${m}`, usageStatus: 'IN_USE' } as never });
    const before = await Promise.all(rows.map((r) => get(r.id)));
    const e = await apiFailure(bulk({ ids: [...rows.map((x) => x.id), foreign.id], action: 'changeStatus', values: { usageStatus: 'RETURNED' } }, en()));
    expect(e.status).toBe(400);
    expect(e.body.code).toBe('VALIDATION_ERROR');
    expect(e.body.fieldErrors?.ids).toEqual(['The requested resource was not found.']);
    expect(await Promise.all(rows.map((r) => get(r.id)))).toEqual(before);
    for (const row of rows) expect((await history(row.id)).items.map((h) => h.action)).toEqual(['INSERT']);
    // And the other organisation's row is untouched.
    expect((await s.client(other.token)(eq.get, { params: { equipmentId: foreign.id } as never })).usageStatus).toBe('IN_USE');
    // A random id is the same.
    expect((await apiFailure(bulk({ ids: [rows[0]!.id, crypto.randomUUID()], action: 'dispose', values: { disposalMethod: 'RECYCLING' } }))).status).toBe(400);
    expect((await get(rows[0]!.id)).usageStatus).toBe('IN_USE');
  });

  it('rejects an unknown action or an invalid chosen value, changing nothing', async () => {
    const rows = await three(marker());
    const ids3 = rows.map((x) => x.id);
    expect((await apiFailure(bulk({ ids: ids3, action: 'delete', values: {} }))).status).toBe(400);
    const bad = await apiFailure(bulk({ ids: ids3, action: 'changeStatus', values: { usageStatus: 'BROKEN' } }, en()));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['usageStatus']);
    // The field's own message (as a PATCH of that value gets), in the caller's language.
    expect(bad.body.message).toBe('Some values are not valid. Check the highlighted fields.');
    expect(bad.body.fieldErrors?.usageStatus).toEqual([`Choose one of: ${equipment.fields.usageStatus.values.join(', ')}.`]);
    const badJa = await apiFailure(bulk({ ids: ids3, action: 'changeStatus', values: { usageStatus: 'BROKEN' } }));
    expect(badJa.body.message).toBe('入力内容に誤りがあります。該当する項目を確認してください。');
    expect(badJa.body.fieldErrors?.usageStatus).toEqual([`次のいずれかを選択してください: ${equipment.fields.usageStatus.values.join(', ')}`]);
    const place = await apiFailure(bulk({ ids: ids3, action: 'assignPlace', values: { placementPlaceId: 'not-a-place' } }, en()));
    expect(place.status).toBe(400);
    expect(place.body.fieldErrors).toEqual({ placementPlaceId: ['The selected item does not exist.'] });
    const placeJa = await apiFailure(bulk({ ids: ids3, action: 'assignPlace', values: { placementPlaceId: 'not-a-place' } }));
    expect(placeJa.body.fieldErrors).toEqual({ placementPlaceId: ['選択された項目が存在しません。'] });
    const method = await apiFailure(bulk({ ids: ids3, action: 'dispose', values: { disposalMethod: 'BURN' } }, en()));
    expect(method.body.fieldErrors?.disposalMethod?.[0]).toMatch(/^Choose one of: RECYCLING, PHYSICAL_DESTRUCTION, VENDOR_REQUEST\.$/);
    expect((await apiFailure(bulk({ ids: [], action: 'changeStatus', values: { usageStatus: 'STORED' } }))).status).toBe(400);
    for (const row of rows) expect((await get(row.id)).usageStatus).toBe(row.usageStatus);
  });
});

describe('equipment types and items (settings lists)', () => {
  it('PATCH …/disable and …/enable switch a type and an item, with history; enabled-only lists follow', async () => {
    const m = marker();
    for (const [c, body] of [
      [types, { name: `無効化 ${m}` }],
      [items, { name: `無効化品目 ${m}` }],
    ] as const) {
      const row = await ja()(c.create, { body: body as never });
      const p = { id: row.id } as never;
      const off = await ja()(c.disable!, { params: p });
      expect(off.disabled).toBe(true);
      // Disabling twice keeps it disabled (and does not move the time).
      expect((await ja()(c.disable!, { params: p })).disabled).toBe(true);
      const enabledOnly = await ja()(c.list, { query: { freeText: m, includeDisabled: 'false' } as never });
      expect(enabledOnly.items.map((r) => r.id)).not.toContain(row.id);
      const all = await ja()(c.list, { query: { freeText: m } as never });
      expect(all.items.find((r) => r.id === row.id)?.disabled).toBe(true);
      const on = await ja()(c.enable!, { params: p });
      expect(on.disabled).toBe(false);
      expect((await ja()(c.list, { query: { freeText: m, includeDisabled: 'false' } as never })).items.map((r) => r.id)).toContain(row.id);
      const h = await ja()(c.history, { params: p });
      expect(h.items.map((x) => x.action)).toEqual(['UPDATE', 'UPDATE', 'INSERT']);
      expect(h.items[1]?.changes.map((x) => x.field)).toEqual(['disabled']);
      // Another organisation cannot switch it.
      expect((await apiFailure(s.client(other.token)(c.disable!, { params: p }))).status).toBe(404);
      expect((await ja()(c.get, { params: p })).disabled).toBe(false);
    }
  });

  it('a duplicate name (case-insensitive) is a 400 with fieldErrors.name in the caller’s language', async () => {
    const m = marker();
    for (const c of [types, items]) {
      const first = await ja()(c.create, { body: { name: `Desk-${m}` } as never });
      const e = await apiFailure(en()(c.create, { body: { name: `DESK-${m.toUpperCase()}` } as never }));
      expect(e.status).toBe(400);
      expect(e.body.fieldErrors).toEqual({ name: ['This value is already used by another record.'] });
      const j = await apiFailure(ja()(c.create, { body: { name: `desk-${m}` } as never }));
      expect(j.body.fieldErrors).toEqual({ name: ['この値は他のレコードで使われています。'] });
      // Renaming another row onto it too.
      const second = await ja()(c.create, { body: { name: `Chair-${m}` } as never });
      const r = await apiFailure(en()(c.update, { params: { id: second.id } as never, body: { name: `desk-${m}` } as never }));
      expect(r.body.fieldErrors).toEqual({ name: ['This value is already used by another record.'] });
      expect((await ja()(c.get, { params: { id: second.id } as never })).name).toBe(`Chair-${m}`);
      expect((await ja()(c.get, { params: { id: first.id } as never })).name).toBe(`Desk-${m}`);
    }
    // Another organisation may use the same name.
    expect((await s.client(other.token)(types.create, { body: { name: `Desk-${m}` } as never })).name).toBe(`Desk-${m}`);
  });

  it('a duplicate code is reported on the code field, whatever the code says', async () => {
    const m = marker();
    await ja()(types.create, { body: { name: `t1 ${m}`, code: `C-${m}` } as never });
    const plain = await apiFailure(en()(types.create, { body: { name: `t2 ${m}`, code: `c-${m}` } as never }));
    expect(plain.body.fieldErrors).toEqual({ code: ['This value is already used by another record.'] });
    // A code that happens to contain the word "name".
    await ja()(types.create, { body: { name: `t3 ${m}`, code: `username-${m}` } as never });
    const tricky = await apiFailure(en()(types.create, { body: { name: `t4 ${m}`, code: `USERNAME-${m}` } as never }));
    expect(tricky.status).toBe(400);
    expect(tricky.body.fieldErrors).toEqual({ code: ['This value is already used by another record.'] });
  });

  it('settings lists sort by DISPLAY_ORDER ascending by default (blanks last)', async () => {
    const m = marker();
    for (const c of [types, items]) {
      const made: ModuleRow[] = [];
      for (const [n, order] of [
        ['c', 30],
        ['a', null],
        ['b', 10],
        ['d', 20],
      ] as const) {
        made.push(await ja()(c.create, { body: { name: `${n}-${m}-${c === types ? 't' : 'i'}`, displayOrder: order } as never }));
      }
      const res = await ja()(c.list, { query: { freeText: m } as never });
      expect(res.items.map((r) => r.displayOrder)).toEqual([10, 20, 30, null]);
      const desc = await ja()(c.list, { query: { freeText: m, orderDirection: 'desc' } as never });
      expect(desc.items.map((r) => r.displayOrder)).toEqual([30, 20, 10, null]);
      const byName = await ja()(c.list, { query: { freeText: m, sortColumn: 'NAME' } as never });
      expect(byName.items.map((r) => String(r.name)[0])).toEqual(['a', 'b', 'c', 'd']);
      expect(made).toHaveLength(4);
    }
  });
});

describe('pickers', () => {
  let m: string;
  let w: { workerId: string; personId: string; email: string };
  let wOther: { workerId: string; personId: string; email: string };
  let place: string;
  let foreignPlace: string;
  let device: string;
  let foreignDevice: string;
  let foreignWorker: { workerId: string };

  beforeAll(async () => {
    m = marker();
    w = await worker(orgId, { family: `渡辺${m}`, given: '健', number: `EMP-${m}`, avatar: 'https://img.example.test/w.png' });
    wOther = await worker(orgId, { family: `伊藤${m}`, given: '恵', number: `EMP-X${m}` });
    foreignWorker = await worker(otherOrgId, { family: `渡辺${m}`, given: '別人', number: `EMP-${m}` });
    place = await insertPlace(orgId, `PK-${m}`, `梅田オフィス${m}`);
    foreignPlace = await insertPlace(otherOrgId, `PK-${m}`, `梅田オフィス${m}`);
    device = await insertDevice(orgId, `ThinkPad ${m}`, `DT-${m}`, `SERIAL-${m}`);
    foreignDevice = await insertDevice(otherOrgId, `ThinkPad ${m}`, `DT-${m}`, `SERIAL-${m}`);
  });

  const pick = async (path: string, qs: string, acc: TestAccount = admin) => {
    const res = await raw(`${path}?${qs}`, acc);
    expect(res.status, `${path}?${qs}`).toBe(200);
    return ((await res.json()) as { items: Record<string, unknown>[] }).items;
  };

  it('workers-for-select finds by family name, e-mail and worker number, with the spec’s fields', async () => {
    const expected = { id: w.workerId, personId: w.personId, name: `渡辺${m} 健`, primaryWorkerEmail: w.email, avatarUrl: 'https://img.example.test/w.png' };
    for (const q of [`渡辺${m}`, w.email.toUpperCase(), `EMP-${m}`, `emp-${m}`]) {
      const found = await pick('/v2/workers-for-select', `freeText=${encodeURIComponent(q)}`);
      expect(found, q).toEqual([expected]);
      expect(Object.keys(found[0]!).sort()).toEqual(['avatarUrl', 'id', 'name', 'personId', 'primaryWorkerEmail']);
    }
    // Through the contract as well.
    expect((await ja()(workersForSelect, { query: { freeText: `伊藤${m}` } })).items.map((x) => x.id)).toEqual([wOther.workerId]);
  });

  it('ids= includes the given row even when q does not match, once, and only rows of the caller’s organisation', async () => {
    const found = await pick('/v2/workers-for-select', `freeText=no-such-${m}&ids=${w.workerId}`);
    expect(found.map((x) => x.id)).toEqual([w.workerId]);
    const places = await pick('/v2/components/place-select', `freeText=no-such-${m}&ids=${place}`);
    expect(places.map((x) => x.id)).toEqual([place]);
    const devices = await pick('/v2/components/devices-for-select', `freeText=no-such-${m}&ids=${device}`);
    expect(devices.map((x) => x.id)).toEqual([device]);
    // A row both matched and named is listed once.
    expect.soft((await pick('/v2/workers-for-select', `freeText=${encodeURIComponent(`伊藤${m}`)}&ids=${wOther.workerId}`)).map((x) => x.id)).toEqual([wOther.workerId]);
    expect.soft((await pick('/v2/components/place-select', `freeText=${encodeURIComponent(`梅田オフィス${m}`)}&ids=${place}`)).map((x) => x.id)).toEqual([place]);
    expect.soft((await pick('/v2/components/place-select', `freeText=${encodeURIComponent(`オフィス${m}`)}&ids=${place}`)).map((x) => x.id)).toEqual([place]);
    // Another organisation's ids are never included.
    expect(await pick('/v2/workers-for-select', `freeText=no-such-${m}&ids=${foreignWorker.workerId}`)).toEqual([]);
    expect(await pick('/v2/components/place-select', `freeText=no-such-${m}&ids=${foreignPlace}`)).toEqual([]);
    expect(await pick('/v2/components/devices-for-select', `freeText=no-such-${m}&ids=${foreignDevice}`)).toEqual([]);
  });

  it('place-select finds by name and code; devices-for-select by name, device tag and serial number', async () => {
    for (const q of [`梅田オフィス${m}`, `pk-${m}`, `PK-${m}`]) {
      expect(await pick('/v2/components/place-select', `freeText=${encodeURIComponent(q)}`), q).toEqual([{ id: place, name: `梅田オフィス${m}`, avatarUrl: null }]);
    }
    for (const q of [`ThinkPad ${m}`, `dt-${m}`, `SERIAL-${m}`]) {
      expect(await pick('/v2/components/devices-for-select', `freeText=${encodeURIComponent(q)}`), q).toEqual([{ id: device, name: `ThinkPad ${m}`, avatarUrl: null }]);
    }
    expect((await ja()(placeSelect, { query: { freeText: `PK-${m}` } })).items).toHaveLength(1);
    expect((await ja()(devicesForSelect, { query: { freeText: `DT-${m}` } })).items).toHaveLength(1);
    // Wildcards are literal here too.
    expect(await pick('/v2/components/place-select', `freeText=${encodeURIComponent('%')}${m}`)).toEqual([]);
  });

  it('another organisation’s rows never appear', async () => {
    const them = other;
    expect((await pick('/v2/workers-for-select', `freeText=${encodeURIComponent(`渡辺${m}`)}`, them)).map((x) => x.id)).toEqual([foreignWorker.workerId]);
    expect((await pick('/v2/components/place-select', `freeText=PK-${m}`, them)).map((x) => x.id)).toEqual([foreignPlace]);
    expect((await pick('/v2/components/devices-for-select', `freeText=DT-${m}`, them)).map((x) => x.id)).toEqual([foreignDevice]);
  });

  it('with no q (a picker just opened) each picker lists the caller’s rows', async () => {
    const paths = {
      '/v2/workers-for-select': w.workerId,
      '/v2/components/place-select': place,
      '/v2/components/devices-for-select': device,
    };
    const foreign = [foreignWorker.workerId, foreignPlace, foreignDevice];
    for (const [path, mine] of Object.entries(paths)) {
      const res = await raw(`${path}?limit=100`, admin);
      expect.soft(res.status, path).toBe(200);
      if (res.status !== 200) continue;
      const got = ((await res.json()) as { items: { id: string }[] }).items.map((x) => x.id);
      expect(got, path).toContain(mine);
      for (const f of foreign) expect(got, path).not.toContain(f);
    }
  });

  it('an individual-only account gets 403; limit is bounded', async () => {
    const individual = await s.createAccount({ orgId, kinds: ['INDIVIDUAL'] });
    for (const path of ['/v2/workers-for-select', '/v2/components/place-select', '/v2/components/devices-for-select']) {
      const res = await raw(`${path}?q=a`, individual);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    }
    expect((await raw('/v2/workers-for-select?limit=101', admin)).status).toBe(400);
    expect((await pick('/v2/workers-for-select', `freeText=${m}&limit=1`)).length).toBe(1);
    expect((await pick('/v2/workers-for-select', `freeText=${m}&limit=2`)).length).toBe(2);
  });
});
