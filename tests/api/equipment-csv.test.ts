// Equipment CSV as a user meets it: the export (a signed download URL, the
// file's bytes, labels in the caller's language, filters, large files) and the
// import through the real upload flow (presigned URL → PUT → dry run →
// import): round trips, cell and header errors, encodings, normalisation,
// keys of other organisations, the size limit, error filter and paging.
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { type CsvImportResult, moduleContracts, type ModuleRow } from '../../src/api/modules/contracts.js';
import { equipment, equipmentItems, equipmentTypes } from '../../src/api/modules/equipment.js';
import { withScope } from '../../server/db/tenant.js';
import { LocalFileStorage } from '../../server/storage/local.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { parse, toCsv } from '../support/csv.js';

const eq = moduleContracts(equipment);
const types = moduleContracts(equipmentTypes);
const items = moduleContracts(equipmentItems);

let s: TestServer;
let orgId: string;
let otherOrgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let other: TestAccount;
/** Reference rows of the test organisation. */
const ref = { typeId: '', typeName: '', itemId: '', placeId: '', workerId: '', workerEmail: '', workerNumber: '', otherTypeName: '' };

const marker = () => crypto.randomUUID().slice(0, 8);
// Dates are the organisation's day in Japan (Asia/Tokyo), not UTC's.
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());

const JA_VIEW_HEADER = [
  '備品名', '種別', '品目', '型番', 'シリアル番号', '資産番号', '管理区分', '利用状況', '利用目的', '保管区分', '配置状況', '利用者', '配置場所',
  '購入日', '購入価格（円）', '貸出状況', '照合結果', '照合方法', '照合日', '廃棄方法', 'データ消去方法', '廃棄日', 'メモ',
];
const EN_VIEW_HEADER = [
  'Equipment', 'Type', 'Item', 'Model', 'Serial number', 'Asset tag', 'Management type', 'Usage status', 'Usage purpose', 'Storage kind',
  'Placement status', 'Assigned person', 'Assigned place', 'Purchase date', 'Purchase price (JPY)', 'Lending status', 'Verification result',
  'Verification method', 'Verified on', 'Disposal method', 'Data erasure method', 'Disposed on', 'Memo',
];

// ------------------------------------------------------------------ helpers


/** The real upload flow: presigned URL through the client, then PUT to it on the app. */
async function upload(content: string | Uint8Array, acc: TestAccount = admin, filename = 'x.csv'): Promise<string> {
  const { url, key } = await s.client(acc.token)(presignImportCsv, { query: { filename } });
  const res = await s.app.request(url, { method: 'PUT', body: typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content), headers: { 'content-type': 'text/csv' } });
  expect(res.status, await res.clone().text()).toBe(200);
  return key;
}
type ImportOpts = { dryrun: boolean; encoding?: 'auto' | 'UTF-8' | 'Shift_JIS'; pageIndex?: number; pageSize?: number; filterError?: boolean };
const importCsv = (key: string, opts: ImportOpts, acc: TestAccount = admin): Promise<CsvImportResult> =>
  s.client(acc.token)(eq.csvImport!, { body: { uploadedFileKey: key, ...opts } as never });

/** GET /v2/equipment-csv, then the file it points at. */
async function exportCsv(query: Record<string, unknown>, acc: TestAccount = admin) {
  const meta = await s.client(acc.token)(eq.csvExport!, { query: query as never });
  const res = await s.app.request(meta.url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { meta, res, bytes };
}
const utf8Rows = (bytes: Buffer) => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8'));
};
/** Cells of a row by header. */
const byHeader = (header: string[], row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));

const create = (body: Record<string, unknown>, acc: TestAccount = admin) => s.client(acc.token)(eq.create, { body: body as never });
const get = (id: string) => s.client(admin.token)(eq.get, { params: { equipmentId: id } as never });
const listAll = async (query: Record<string, unknown> = {}) => (await s.client(admin.token)(eq.list, { query: { pageSize: 1000, sortColumn: 'CREATED_AT', ...query } as never })).items;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  otherOrgId = await s.createOrg();
  [admin, adminEn, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['GA'] }),
    s.createAccount({ orgId, areas: ['GA'], locale: 'en-US' }),
    s.createAccount({ orgId: otherOrgId, areas: ['GA'] }),
  ]);
  const holder = await s.createAccount({ orgId, signIn: false });
  await withScope(s.db, { orgId }, async (tx) => {
    ref.placeId = (await sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'TKY', '東京本社') RETURNING id`.execute(tx)).rows[0]!.id;
    ref.workerId = (await sql<{ id: string }>`UPDATE workers SET worker_number = 'W-0001' WHERE person_id = ${holder.personId} RETURNING id`.execute(tx)).rows[0]!.id;
  });
  ref.workerEmail = holder.email;
  ref.workerNumber = 'W-0001';
  const type = await s.client(admin.token)(types.create, { body: { name: '事務机', code: 'DESK' } as never });
  ref.typeId = type.id;
  ref.typeName = '事務机';
  const item = await s.client(admin.token)(items.create, { body: { name: 'オフィスチェア', code: 'CHAIR', equipmentTypeId: type.id } as never });
  ref.itemId = item.id;
  ref.otherTypeName = `よその種別`;
  await s.client(other.token)(types.create, { body: { name: ref.otherTypeName } as never });
});
afterAll(() => s?.close());

// ------------------------------------------------------------------ export

describe('export: GET /v2/equipment-csv and its download', () => {
  let m: string;
  let a: ModuleRow;
  let b: ModuleRow;
  let c: ModuleRow;
  beforeAll(async () => {
    m = marker();
    a = await create({
      name: `輸出A ${m}`, equipmentTypeId: ref.typeId, equipmentItemId: ref.itemId, model: 'M-1', serialNumber: `SN-${m}`, assetTag: `GA-${m}`,
      managementType: 'INVENTORY_MANAGEMENT', usageStatus: 'IN_USE', placementStatus: 'IN_USE', assignedWorkerId: ref.workerId, placementPlaceId: ref.placeId,
      purchaseDate: '2024-04-01', purchasePrice: 12000, memo: '一行目\n二行目, カンマ "引用"',
    });
    b = await create({ name: `輸出B ${m}`, usageStatus: 'DISPOSED', placementStatus: 'NOT_PLACED', disposalMethod: 'RECYCLING', disposedOn: '2024-05-01' });
    c = await create({ name: `輸出C ${m}`, usageStatus: 'STORED', placementStatus: 'TO_BE_DISPOSED' });
  });

  it('mode=view: a URL and the dated file name; the file is UTF-8 CSV with a BOM, Japanese labels and enum labels', async () => {
    const { meta, res, bytes } = await exportCsv({ mode: 'view', freeText: m });
    expect(meta.mode).toBe('view');
    expect(meta.filename).toBe(`equipment-export-${today()}.csv`);
    expect(meta.url).toMatch(/^\/v2\/exports\//);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`filename="${meta.filename}"`);
    const rows = utf8Rows(bytes);
    expect(rows[0]).toEqual(JA_VIEW_HEADER);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => r[0])).toEqual([`輸出A ${m}`, `輸出B ${m}`, `輸出C ${m}`]);
    expect(byHeader(rows[0]!, rows[1]!)).toEqual({
      備品名: `輸出A ${m}`, 種別: '事務机', 品目: 'オフィスチェア', 型番: 'M-1', シリアル番号: `SN-${m}`, 資産番号: `GA-${m}`, 管理区分: '棚卸管理',
      利用状況: '使用中', 利用目的: '', 保管区分: '', 配置状況: '使用中', 利用者: ref.workerEmail, 配置場所: 'TKY', 購入日: '2024-04-01',
      '購入価格（円）': '12000', 貸出状況: '', 照合結果: '', 照合方法: '', 照合日: '', 廃棄方法: '', データ消去方法: '', 廃棄日: '', メモ: '一行目\n二行目, カンマ "引用"',
    });
    expect(byHeader(rows[0]!, rows[2]!)).toMatchObject({ 利用状況: '廃棄済み', 配置状況: '未配置', 廃棄方法: 'リサイクル', 廃棄日: '2024-05-01' });
    expect(byHeader(rows[0]!, rows[3]!)).toMatchObject({ 利用状況: '保管中', 配置状況: '廃棄予定' });
  });

  it('English for an English account: headers and enum labels', async () => {
    const { bytes } = await exportCsv({ freeText: m }, adminEn);
    const rows = utf8Rows(bytes);
    expect(rows[0]).toEqual(EN_VIEW_HEADER);
    expect(byHeader(rows[0]!, rows[1]!)).toMatchObject({ Equipment: `輸出A ${m}`, 'Management type': 'Inventory management', 'Usage status': 'In use', 'Placement status': 'In use' });
    expect(byHeader(rows[0]!, rows[2]!)).toMatchObject({ 'Usage status': 'Disposed', 'Placement status': 'Not placed', 'Disposal method': 'Recycling' });
  });

  it('mode=edit leads with an ID column; mode=edit-template is the header alone, named template-…', async () => {
    const edit = await exportCsv({ mode: 'edit', freeText: m });
    expect(edit.meta.mode).toBe('edit');
    const rows = utf8Rows(edit.bytes);
    expect(rows[0]).toEqual(['ID', ...JA_VIEW_HEADER]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([a.id, b.id, c.id]);
    expect(rows[1]![1]).toBe(`輸出A ${m}`);

    const tpl = await exportCsv({ mode: 'edit-template', freeText: m });
    expect(tpl.meta.mode).toBe('edit-template');
    expect(tpl.meta.filename.startsWith('template-')).toBe(true);
    expect(tpl.meta.filename).toMatch(/^template-equipment-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const t = utf8Rows(tpl.bytes);
    expect(t).toEqual([['ID', ...JA_VIEW_HEADER]]);
    expect(tpl.bytes.subarray(3).toString('utf8')).toBe(`ID,${JA_VIEW_HEADER.join(',')}\r\n`);
  });

  it('encoding=Shift_JIS: CP932 bytes without a BOM', async () => {
    const { res, bytes } = await exportCsv({ freeText: m, encoding: 'Shift_JIS' });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=shift_jis$/i);
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    // Not UTF-8: the Japanese text is only readable as CP932.
    expect(bytes.toString('utf8')).not.toContain('備品名');
    const rows = parse(iconv.decode(bytes, 'cp932'));
    expect(rows[0]).toEqual(JA_VIEW_HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([`輸出A ${m}`, `輸出B ${m}`, `輸出C ${m}`]);
    expect(byHeader(rows[0]!, rows[1]!)).toMatchObject({ 利用状況: '使用中', 種別: '事務机', メモ: '一行目\n二行目, カンマ "引用"' });
  });

  it('the list filters apply: category, freeText and id-in', async () => {
    const names = async (query: Record<string, unknown>) => utf8Rows((await exportCsv({ freeText: m, ...query })).bytes).slice(1).map((r) => r[0]);
    expect(await names({ category: 'DISPOSED' })).toEqual([`輸出B ${m}`]);
    expect(await names({ category: 'PENDING_DISPOSAL' })).toEqual([`輸出C ${m}`]);
    expect(await names({ freeText: `輸出A ${m}` })).toEqual([`輸出A ${m}`]);
    expect(await names({ equipmentTypeIdIn: [ref.typeId] })).toEqual([`輸出A ${m}`]);
    expect(await names({ placementPlaceIdIn: [ref.placeId], assignedWorkerIdIn: [ref.workerId] })).toEqual([`輸出A ${m}`]);
    expect(await names({ equipmentTypeIdIn: [crypto.randomUUID()] })).toEqual([]);
    // A filtered edit export carries the same rows.
    const edit = utf8Rows((await exportCsv({ mode: 'edit', freeText: m, category: 'DISPOSED' })).bytes);
    expect(edit.slice(1).map((r) => r[0])).toEqual([b.id]);
  });

  it('a bad mode, encoding or filter is 400 with the message in the caller’s language, and no link', async () => {
    const fail = async (query: string, acc: TestAccount, headers: Record<string, string> = {}) => {
      const res = await s.app.request(`/v2/equipment-csv?${query}`, { headers: { authorization: `Bearer ${acc.token}`, ...headers } });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { code: string; message: string; fieldErrors: Record<string, string[]>; url?: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.url).toBeUndefined();
      return body;
    };
    const modeJa = await fail('mode=xlsx', admin);
    expect(modeJa.message).toBe('入力内容に誤りがあります。該当する項目を確認してください。');
    expect(modeJa.fieldErrors).toEqual({ mode: ['次のいずれかを選択してください: view, edit-template, edit'] });
    // The account's language wins over the browser's.
    const modeEn = await fail('mode=xlsx', adminEn, { 'accept-language': 'ja-JP' });
    expect(modeEn.message).toBe('Some values are not valid. Check the highlighted fields.');
    expect(modeEn.fieldErrors).toEqual({ mode: ['Choose one of: view, edit-template, edit.'] });

    expect((await fail('encoding=EUC-JP', admin)).fieldErrors).toEqual({ encoding: ['次のいずれかを選択してください: UTF-8, Shift_JIS'] });
    expect((await fail('mode=edit&encoding=utf8', adminEn)).fieldErrors).toEqual({ encoding: ['Choose one of: UTF-8, Shift_JIS.'] });

    expect((await fail('category=BROKEN', admin)).fieldErrors).toEqual({ category: ['次のいずれかを選択してください: ALL, DISPOSED, PENDING_DISPOSAL'] });
    expect((await fail('category=BROKEN', adminEn)).fieldErrors).toEqual({ category: ['Choose one of: ALL, DISPOSED, PENDING_DISPOSAL.'] });
    expect((await fail('equipmentTypeIdIn=DESK', adminEn)).fieldErrors).toEqual({ 'equipmentTypeIdIn.0': ['Enter a valid uuid.'] });
    expect((await fail('equipmentTypeIdIn=DESK', admin)).fieldErrors).toEqual({ 'equipmentTypeIdIn.0': ['正しいuuidの形式で入力してください。'] });
    // The same query with good values gives a link.
    expect((await s.client(admin.token)(eq.csvExport!, { query: { mode: 'edit', encoding: 'Shift_JIS', category: 'DISPOSED', freeText: m } as never })).url).toMatch(/^\/v2\/exports\//);
  });

  it('an expired or tampered download link is 403 in the browser’s language; another organisation’s data never leaks', async () => {
    const { url } = await s.client(admin.token)(eq.csvExport!, { query: { freeText: m } as never });
    const token = url.slice('/v2/exports/'.length);
    const [payload, sig] = token.split('.') as [string, string];

    const tamperedSig = `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    let res = await s.app.request(`/v2/exports/${tamperedSig}`, { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'This download link is not valid.' });

    // The grant rewritten to another organisation, with the old signature.
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(grant.org).toBe(orgId);
    const forged = Buffer.from(JSON.stringify({ ...grant, org: otherOrgId })).toString('base64url');
    res = await s.app.request(`/v2/exports/${forged}.${sig}`, { headers: { 'accept-language': 'ja-JP' } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('このダウンロードリンクは無効です。');
    for (const bad of ['garbage', `${payload}`, `${payload}.`, `.${sig}`]) {
      expect((await s.app.request(`/v2/exports/${bad}`)).status, bad).toBe(403);
    }

    // Five minutes later the link has expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60 * 1000 });
    try {
      res = await s.app.request(url, { headers: { 'accept-language': 'en-US' } });
    } finally {
      vi.useRealTimers();
    }
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'This download link has expired. Export again.' });
    // Still valid now.
    expect((await s.app.request(url)).status).toBe(200);
  });
});

describe('a large export', () => {
  it('25,000 rows stream whole: every row once, first and last included', async () => {
    const bigOrg = await s.createOrg();
    const acc = await s.createAccount({ orgId: bigOrg, areas: ['GA'] });
    await withScope(s.db, { orgId: bigOrg }, async (tx) => {
      await sql`INSERT INTO equipment (org_id, name, serial_number, usage_status)
        SELECT ${bigOrg}, 'bulk-' || lpad(n::text, 5, '0'), 'SN-' || n, CASE WHEN n % 2 = 0 THEN 'IN_USE' ELSE 'STORED' END
        FROM generate_series(1, 25000) n`.execute(tx);
    });
    const { bytes } = await exportCsv({ mode: 'view' }, acc);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe(''); // the file ends with a line break
    expect(lines).toHaveLength(25_001);
    expect(lines[0]).toBe(JA_VIEW_HEADER.join(','));
    const names = lines.slice(1).map((l) => l.split(',')[0]!);
    const distinct = new Set(names);
    expect(distinct.size).toBe(25_000);
    expect(distinct.has('bulk-00001')).toBe(true);
    expect(distinct.has('bulk-25000')).toBe(true);
    expect(names.every((n) => /^bulk-\d{5}$/.test(n))).toBe(true);
    // Filters apply to the streamed file too.
    const inUse = (await exportCsv({ mode: 'edit', freeText: 'bulk-2', encoding: 'Shift_JIS' }, acc)).bytes;
    const inUseLines = iconv.decode(inUse, 'cp932').split('\r\n').filter(Boolean);
    expect(inUseLines).toHaveLength(1 + 5000 + 1); // bulk-2xxxx (5,000: 20000–24999) plus bulk-25000
  }, 120_000);
});

// ------------------------------------------------------------------ import

describe('import: round trip', () => {
  it('export mode=edit, change one cell, dry run, import, history; the same file imports once', async () => {
    const m = marker();
    const rows = [
      await create({ name: `往復1 ${m}`, equipmentTypeId: ref.typeId, equipmentItemId: ref.itemId, model: 'M-1', usageStatus: 'IN_USE', assignedWorkerId: ref.workerId, placementPlaceId: ref.placeId, purchaseDate: '2024-04-01', purchasePrice: 1000, memo: 'a\nb' }),
      await create({ name: `往復2 ${m}`, model: 'M-2', usageStatus: 'STORED', placementStatus: 'STORED' }),
      await create({ name: `往復3 ${m}`, model: '=1+1', serialNumber: '-5', assetTag: "'90s", memo: '"quoted", comma' }),
    ];
    const file = utf8Rows((await exportCsv({ mode: 'edit', freeText: m })).bytes);
    expect(file).toHaveLength(4);
    const modelCol = file[0]!.indexOf('型番');
    expect(file[2]![0]).toBe(rows[1]!.id);
    file[2]![modelCol] = 'M-2b';
    // And a new row without ID.
    const fresh = file[0]!.map((h) => (h === '備品名' ? `往復新規 ${m}` : h === '利用状況' ? '使用中' : ''));
    const key = await upload(toCsv([...file, fresh]));

    const before = await listAll({ freeText: m });
    const dry = await importCsv(key, { dryrun: true });
    expect(dry.imported).toBe(false);
    expect(dry.encoding).toBe('UTF-8');
    expect(dry.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    expect(dry.headers.slice(0, 3).map((h) => h.field)).toEqual(['id', 'name', 'equipmentTypeId']);
    expect(dry.recordCount).toBe(4);
    expect(dry.records.map((r) => [r.line, r.action, r.isValid])).toEqual([
      [2, 'unchanged', true],
      [4, 'update', true], // row 1's memo spans lines 2–3
      [5, 'unchanged', true],
      [6, 'create', true],
    ]);
    expect(dry.summary).toEqual({ create: 1, update: 1, unchanged: 2 });
    expect(dry.records[1]!.values[modelCol]).toEqual({ value: 'M-2b', errors: [] });
    // A dry run writes nothing.
    expect(await listAll({ freeText: m })).toEqual(before);

    const done = await importCsv(key, { dryrun: false });
    expect(done.imported).toBe(true);
    expect(done.summary).toEqual({ create: 1, update: 1, unchanged: 2 });
    const after = await listAll({ freeText: m });
    expect(after).toHaveLength(4);
    expect((await get(rows[1]!.id)).model).toBe('M-2b');
    const created = after.find((r) => r.name === `往復新規 ${m}`)!;
    expect(created).toMatchObject({ usageStatus: 'IN_USE', model: null, equipmentTypeId: null });
    // Unchanged rows were not written.
    for (const i of [0, 2]) expect(after.find((r) => r.id === rows[i]!.id)).toEqual(before.find((r) => r.id === rows[i]!.id));
    const h = await s.client(admin.token)(eq.history, { params: { equipmentId: rows[1]!.id } as never });
    expect(h.items[0]).toMatchObject({ action: 'UPDATE', changes: [{ field: 'model', before: 'M-2', after: 'M-2b' }] });
    expect(h.items[0]!.actor).toMatch(/^テスト /);

    // The same key again: nothing more is written, even after the data moved on.
    await s.client(admin.token)(eq.update, { params: { equipmentId: rows[1]!.id } as never, body: { model: 'M-2c' } as never });
    const snapshot = await listAll({ freeText: m });
    const again = await importCsv(key, { dryrun: false });
    expect(again.imported).toBe(true);
    expect(await listAll({ freeText: m })).toEqual(snapshot);
    expect((await get(rows[1]!.id)).model).toBe('M-2c');
    expect(snapshot.filter((r) => r.name === `往復新規 ${m}`)).toHaveLength(1);
  });

  // Text typed through the console is normalised like an imported cell (full-
  // width letters and U+3000 narrowed), so an untouched edit file changes nothing.
  it('an unchanged edit export re-imports as unchanged, whatever the text holds', async () => {
    const m = marker();
    await create({ name: `そのまま ${m}`, model: '＝全角', serialNumber: 'ＡＢＣ－１２３', memo: '全角\u3000スペース' });
    await create({ name: `  ${m} 前後空白  `.trim(), model: '@sum', assetTag: '+81-3' });
    const key = await upload(toCsv(utf8Rows((await exportCsv({ mode: 'edit', freeText: m })).bytes)));
    const dry = await importCsv(key, { dryrun: true });
    expect(dry.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    expect.soft(dry.records.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
    expect(dry.summary.update).toBe(0);
  });
});

describe('import: errors', () => {
  it('bad cells: the dry run points at them by line; the real import is 400 and changes nothing', async () => {
    const m = marker();
    const H = ['備品名', '種別', '利用状況', '購入日', 'メモ'];
    const key = await upload(
      toCsv([
        H,
        [`良1 ${m}`, '事務机', '使用中', '2024-04-01', ''], // line 2
        [`悪enum ${m}`, '', '壊れている', '', ''], // line 3
        [`悪date ${m}`, '', '', '2024-13-01', ''], // line 4
        [`悪ref ${m}`, 'NoSuchType', '', '', '二行\nのメモ'], // lines 5–6
        [`悪他社 ${m}`, ref.otherTypeName, '', '', ''], // line 7
        [`良2 ${m}`, 'desk', 'In use', '2024/4/1', ''], // line 8
      ]),
    );
    const before = await listAll();
    const dry = await importCsv(key, { dryrun: true });
    expect(dry.errors).toEqual({ rows: 4, cells: 4, headers: 0 });
    expect(dry.records.map((r) => [r.line, r.isValid])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [7, false],
      [8, true],
    ]);
    const errs = dry.records.map((r) => r.values.map((v) => v.errors));
    expect(errs[1]![2]![0]).toMatch(/^次のいずれかを選択してください: 使用中, 返却済み, 修理中, 廃棄済み/);
    expect(errs[1]!.filter((e) => e.length)).toHaveLength(1);
    expect(errs[2]![3]).toEqual(['日付は YYYY-MM-DD の形式で入力してください。']);
    expect(errs[3]![1]).toEqual(['「NoSuchType」に一致するレコードがありません。']);
    expect(errs[4]![1]).toEqual([`「${ref.otherTypeName}」に一致するレコードがありません。`]);
    expect(dry.records[3]!.values[4]!.value).toBe('二行\nのメモ');
    expect(dry.summary).toEqual({ create: 2, update: 0, unchanged: 0 });

    const e = await apiFailure(importCsv(key, { dryrun: false }));
    expect(e.status).toBe(400);
    expect(e.body.code).toBe('VALIDATION_ERROR');
    expect(e.body.message).toBe('ファイルにエラーがあります。修正してもう一度アップロードしてください。何も取り込まれていません。');
    const en = await apiFailure(importCsv(key, { dryrun: false }, adminEn));
    expect(en.body.message).toBe('The file has errors. Fix them and upload it again; nothing was imported.');
    expect(await listAll()).toEqual(before);
    // The English account reads the cell errors in English.
    const dryEn = await importCsv(key, { dryrun: true }, adminEn);
    expect(dryEn.records[2]!.values[3]!.errors).toEqual(['Enter a date as YYYY-MM-DD.']);
    expect(dryEn.records[3]!.values[1]!.errors).toEqual(['No record matches "NoSuchType".']);
  });

  it('an ID of another organisation or an unknown ID is a cell error, not an update', async () => {
    const mine = await create({ name: `自社 ${marker()}` });
    const theirs = await create({ name: 'よその備品' }, other);
    const key = await upload(toCsv([['ID', '備品名'], [theirs.id, '乗っ取り'], [crypto.randomUUID(), '幽霊'], [mine.id, '改名']]));
    const dry = await importCsv(key, { dryrun: true });
    expect(dry.records.map((r) => r.values[0]!.errors)).toEqual([['この ID のレコードはありません。'], ['この ID のレコードはありません。'], []]);
    expect((await apiFailure(importCsv(key, { dryrun: false }))).status).toBe(400);
    expect((await s.client(other.token)(eq.get, { params: { equipmentId: theirs.id } as never })).name).toBe('よその備品');
    expect((await get(mine.id)).name).toBe(mine.name);
  });

  it('new rows without ID are created; header errors: a required column missing, an unknown and a duplicate column', async () => {
    const m = marker();
    const okKey = await upload(toCsv([['Equipment', 'Model', 'Usage status'], [`新規1 ${m}`, 'X-1', 'Stored'], [`新規2 ${m}`, '', '']]));
    const ok = await importCsv(okKey, { dryrun: false });
    expect(ok.summary).toEqual({ create: 2, update: 0, unchanged: 0 });
    const made = await listAll({ freeText: m, sortColumn: 'NAME' });
    expect(made.map((r) => [r.name, r.model, r.usageStatus])).toEqual([
      [`新規1 ${m}`, 'X-1', 'STORED'],
      [`新規2 ${m}`, null, null],
    ]);

    const before = await listAll();
    const missing = await importCsv(await upload(toCsv([['型番', '利用状況'], ['Z-1', '使用中']])), { dryrun: true });
    expect(missing.errors.headers).toBe(1);
    expect(missing.headers).toContainEqual({ value: '', field: 'name', errors: ['必須の列「備品名」がありません。'] });
    expect(missing.records[0]!.isValid).toBe(false);
    expect(missing.records[0]!.recordErrors).toEqual(['新しい行には「備品名」が必要です。']);

    const unknownKey = await upload(toCsv([['備品名', 'Colour'], [`色 ${m}`, 'red']]));
    const unknown = await importCsv(unknownKey, { dryrun: true }, adminEn);
    expect(unknown.errors.headers).toBe(1);
    expect(unknown.headers[1]).toEqual({ value: 'Colour', field: null, errors: ['Unknown column "Colour".'] });
    expect((await apiFailure(importCsv(unknownKey, { dryrun: false }))).status).toBe(400);

    const dupKey = await upload(toCsv([['備品名', 'Model', '型番'], [`重複 ${m}`, 'A', 'B']]));
    const dup = await importCsv(dupKey, { dryrun: true });
    expect(dup.errors.headers).toBe(1);
    expect(dup.headers[2]!.errors).toEqual(['列「型番」が重複しています。']);
    expect((await apiFailure(importCsv(dupKey, { dryrun: false }))).status).toBe(400);

    const emptyKey = await upload('');
    const empty = await importCsv(emptyKey, { dryrun: true });
    expect(empty.errors.headers).toBeGreaterThan(0);
    expect(empty.headers.flatMap((h) => h.errors)).toContain('ファイルが空です。');
    expect(await listAll()).toEqual(before);
  });

  it('an uploadedFileKey of another organisation, a missing or a malformed key: 400 in the caller’s language', async () => {
    const theirs = await upload(toCsv([['備品名'], ['よそのファイル']]), other);
    const ja = await apiFailure(importCsv(theirs, { dryrun: true }));
    expect(ja.status).toBe(400);
    expect(ja.body.fieldErrors).toEqual({ uploadedFileKey: ['アップロードされたファイルが見つかりません。もう一度アップロードしてください。'] });
    const en = await apiFailure(importCsv(theirs, { dryrun: false }, adminEn));
    expect(en.body.fieldErrors).toEqual({ uploadedFileKey: ['The uploaded file was not found. Upload it again.'] });
    const missing = await apiFailure(importCsv(`org/${orgId}/import-csv/${crypto.randomUUID()}/x.csv`, { dryrun: true }, adminEn));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ uploadedFileKey: ['The uploaded file was not found. Upload it again.'] });
    for (const bad of [`org/${orgId}/../${otherOrgId}/x.csv`, 'x.csv', `/org/${orgId}/import-csv/a/x.csv`]) {
      expect((await apiFailure(importCsv(bad, { dryrun: true }))).status, bad).toBe(400);
    }
    expect((await listAll({ freeText: 'よそのファイル' })).length).toBe(0);
  });

  it('a file over 10 MB is refused: the PUT answers 413, and a stored one is not read', async () => {
    const { url, key } = await s.client(admin.token)(presignImportCsv, { query: { filename: 'big.csv' } });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    const res = await s.app.request(url, { method: 'PUT', body: big, headers: { 'content-type': 'text/csv', 'content-length': String(big.length) } });
    expect(res.status).toBe(413);
    expect(await s.storage.size(key)).toBeNull();
    // Written around the URL's limit (as an S3 presigned PUT cannot bound the size).
    expect(s.storage).toBeInstanceOf(LocalFileStorage);
    const header = Buffer.from('備品名\r\n', 'utf8');
    const body = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length, 0x61)]);
    expect((await (s.storage as LocalFileStorage).write(key, (async function* () { yield body; })(), 20 * 1024 * 1024)).ok).toBe(true);
    const en = await apiFailure(importCsv(key, { dryrun: true }, adminEn));
    expect(en.status).toBe(400);
    expect(en.body.fieldErrors).toEqual({ uploadedFileKey: ['The file is larger than 10 MB.'] });
    const ja = await apiFailure(importCsv(key, { dryrun: false }));
    expect(ja.body.fieldErrors).toEqual({ uploadedFileKey: ['ファイルが 10 MB を超えています。'] });
  });
});

describe('import: what a file may say', () => {
  it('Japanese and English headers; enum cells as English labels, Japanese labels or codes; full-width digits and spaces; slashed dates', async () => {
    const m = marker();
    const ja = [
      ['備品名', '種別', '品目', '利用状況', '配置状況', '管理区分', '購入価格（円）', '購入日', '配置場所', '利用者', '照合日'],
      [`\u3000全角\u3000テスト\u3000${m}\u3000`, 'desk', 'CHAIR', 'In use', '廃棄予定', 'UNMANAGED', '１２０００', '2024/4/1', 'tky', ref.workerEmail.toUpperCase(), '２０２４／０５／０６'],
      [`円 ${m}`, '事務机', 'オフィスチェア', 'in use', 'to be disposed', '配布記録管理', '¥12,000', '2024-04-01', '東京本社', ref.workerNumber, ''],
    ];
    const en = [
      ['Equipment', 'Type', 'Usage status', 'Placement status', 'Purchase price (JPY)', 'Purchase date', 'Assigned place'],
      [`英語 ${m}`, 'DESK', '修理中', 'NOT_PLACED', '12000', '2024.12.31', 'TKY'],
    ];
    for (const [file, acc] of [
      [ja, admin],
      [en, adminEn],
    ] as const) {
      const key = await upload(toCsv(file as string[][]));
      const dry = await importCsv(key, { dryrun: true }, acc);
      expect(dry.errors, JSON.stringify(dry.records.map((r) => r.values.flatMap((v) => v.errors)))).toEqual({ rows: 0, cells: 0, headers: 0 });
      expect((await importCsv(key, { dryrun: false }, acc)).imported).toBe(true);
    }
    const rows = await listAll({ freeText: m });
    const byName = Object.fromEntries(rows.map((r) => [r.name as string, r]));
    expect(Object.keys(byName).sort()).toEqual([`全角 テスト ${m}`, `円 ${m}`, `英語 ${m}`].sort());
    expect(byName[`全角 テスト ${m}`]).toMatchObject({
      equipmentTypeId: ref.typeId, equipmentItemId: ref.itemId, usageStatus: 'IN_USE', placementStatus: 'TO_BE_DISPOSED', managementType: 'UNMANAGED',
      purchasePrice: 12000, purchaseDate: '2024-04-01', placementPlaceId: ref.placeId, assignedWorkerId: ref.workerId, verifiedOn: '2024-05-06',
    });
    expect(byName[`円 ${m}`]).toMatchObject({
      equipmentTypeId: ref.typeId, equipmentItemId: ref.itemId, usageStatus: 'IN_USE', placementStatus: 'TO_BE_DISPOSED', managementType: 'DISTRIBUTION_LOG_MANAGEMENT',
      purchasePrice: 12000, purchaseDate: '2024-04-01', placementPlaceId: ref.placeId, assignedWorkerId: ref.workerId, verifiedOn: null,
    });
    expect(byName[`英語 ${m}`]).toMatchObject({ equipmentTypeId: ref.typeId, usageStatus: 'UNDER_REPAIR', placementStatus: 'NOT_PLACED', purchasePrice: 12000, purchaseDate: '2024-12-31', placementPlaceId: ref.placeId });
  });

  it('bad numbers and dates in the cells that normalise: a field error each', async () => {
    const key = await upload(toCsv([['備品名', '購入価格（円）', '購入日'], ['a', '１２．５', '2024/2/30'], ['b', '-1', '2024/02/29'], ['c', '12 000', '24/4/1']]));
    const dry = await importCsv(key, { dryrun: true }, adminEn);
    expect(dry.records.map((r) => r.values.map((v) => v.errors))).toEqual([
      [[], ['Enter a whole number.'], ['Enter a date as YYYY-MM-DD.']],
      [[], ['Enter a number of at least 0.'], []],
      [[], ['Enter a whole number.'], ['Enter a date as YYYY-MM-DD.']],
    ]);
  });

  it('a Shift_JIS (CP932) file and a UTF-8 file with a BOM both import with encoding auto', async () => {
    const m = marker();
    const sjisText = toCsv([
      ['備品名', '種別', '利用状況', 'メモ'],
      [`髙橋さんの机①\u3000${m}`, '事務机', '保管中', '～波ダッシュ㈱'],
    ]);
    const sjis = iconv.encode(sjisText, 'cp932');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(sjis)).toThrow(); // really not UTF-8
    const k1 = await upload(new Uint8Array(sjis));
    const d1 = await importCsv(k1, { dryrun: true, encoding: 'auto' });
    expect(d1.encoding).toBe('Shift_JIS');
    expect(d1.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    expect(d1.records[0]!.values[0]!.value).toBe(`髙橋さんの机①\u3000${m}`);
    await importCsv(k1, { dryrun: false, encoding: 'auto' });

    const k2 = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(toCsv([['備品名', '利用状況'], [`ＢＯＭ付き ${m}`, '使用中']]), 'utf8')]));
    const d2 = await importCsv(k2, { dryrun: true });
    expect(d2.encoding).toBe('UTF-8');
    expect(d2.headers[0]).toEqual({ value: '備品名', field: 'name', errors: [] });
    expect(d2.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    await importCsv(k2, { dryrun: false });

    const rows = await listAll({ freeText: m });
    expect(rows.map((r) => [r.name, r.usageStatus, r.memo ?? null]).sort()).toEqual(
      [
        [`髙橋さんの机① ${m}`, 'STORED', '～波ダッシュ㈱'],
        [`BOM付き ${m}`, 'IN_USE', null],
      ].sort(),
    );
    expect(rows.find((r) => r.usageStatus === 'STORED')?.equipmentTypeId).toBe(ref.typeId);

    // Told it is UTF-8, the CP932 file is refused instead of stored as mojibake.
    const forced = await importCsv(k1, { dryrun: true, encoding: 'UTF-8' }, adminEn);
    expect(forced.errors.headers).toBeGreaterThan(0);
    expect(forced.headers.flatMap((h) => h.errors).join(' ')).toMatch(/not valid UTF-8/);
  });

  it('filterError and paging select records of the dry run; counts stay whole', async () => {
    const key = await upload(
      toCsv([
        ['備品名', '利用状況'],
        ['p1', '使用中'], // 2
        ['p2', 'だめ'], // 3
        ['p3', ''], // 4
        ['p4', 'ダメ'], // 5
        ['p5', 'STORED'], // 6
      ]),
    );
    const all = await importCsv(key, { dryrun: true });
    expect(all.recordCount).toBe(5);
    expect(all.records.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    const onlyErrors = await importCsv(key, { dryrun: true, filterError: true });
    expect(onlyErrors.records.map((r) => r.line)).toEqual([3, 5]);
    expect(onlyErrors.recordCount).toBe(2);
    expect(onlyErrors.errors).toEqual({ rows: 2, cells: 2, headers: 0 });
    const page = await importCsv(key, { dryrun: true, pageIndex: 1, pageSize: 2 });
    expect(page.records.map((r) => r.line)).toEqual([4, 5]);
    expect(page.recordCount).toBe(5);
    expect(page.summary).toEqual({ create: 3, update: 0, unchanged: 0 });
    const errPage = await importCsv(key, { dryrun: true, filterError: true, pageIndex: 1, pageSize: 1 });
    expect(errPage.records.map((r) => r.line)).toEqual([5]);
    expect(errPage.recordCount).toBe(2);
    expect((await importCsv(key, { dryrun: true, pageIndex: 9, pageSize: 2 })).records).toEqual([]);
    expect((await apiFailure(importCsv(key, { dryrun: true, pageSize: 1001 }))).status).toBe(400);
    expect((await apiFailure(importCsv(key, { dryrun: true, pageIndex: -1 }))).status).toBe(400);
  });
});

describe('import: the audit trail', () => {
  it('one history entry per record, as a record saved in the console has: 150 created, then 150 updated by one file each', async () => {
    const m = marker();
    const n = 150;
    const names = Array.from({ length: n }, (_, i) => `監査 ${m} ${String(i + 1).padStart(3, '0')}`);
    const key = await upload(toCsv([['備品名', '種別', '配置場所', '利用状況', '購入日', '購入価格（円）'], ...names.map((name, i) => [name, ref.typeName, 'TKY', '使用中', '2024-04-01', String(i)])]));
    expect((await importCsv(key, { dryrun: false })).summary).toEqual({ create: n, update: 0, unchanged: 0 });
    // The same fields saved through the console, for comparison.
    const typed = await create({ name: `監査 ${m} console`, equipmentTypeId: ref.typeId, placementPlaceId: ref.placeId, usageStatus: 'IN_USE', purchaseDate: '2024-04-01', purchasePrice: 0 });
    const rows = (await listAll({ freeText: `監査 ${m}` })).filter((r) => r.id !== typed.id);
    expect(rows.map((r) => r.name).sort()).toEqual(names);
    const history = (id: string) => s.client(admin.token)(eq.history, { params: { equipmentId: id } as never });
    const consoleEntry = (await history(typed.id)).items;
    expect(consoleEntry).toHaveLength(1);
    const byField = (changes: Array<{ field: string; after: unknown }>) => Object.fromEntries(changes.map((c) => [c.field, c.after]));
    const expected = byField(consoleEntry[0]!.changes);
    for (const row of rows) {
      const items = (await history(row.id)).items;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ action: 'INSERT', actor: consoleEntry[0]!.actor });
      expect(byField(items[0]!.changes)).toEqual({ ...expected, name: row.name, purchasePrice: row.purchasePrice });
    }

    // An edit file changing one cell of every row: one UPDATE each, with that field only.
    const file = utf8Rows((await exportCsv({ mode: 'edit', freeText: `監査 ${m}` })).bytes);
    const memo = file[0]!.indexOf('メモ');
    const edited = [file[0]!, ...file.slice(1).filter((r) => r[0] !== typed.id).map((r) => r.map((v, i) => (i === memo ? `メモ ${r[0]!.slice(0, 8)}` : v)))];
    const update = await importCsv(await upload(toCsv(edited)), { dryrun: false });
    expect(update.summary).toEqual({ create: 0, update: n, unchanged: 0 });
    for (const row of rows) {
      const items = (await history(row.id)).items;
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ action: 'UPDATE', changes: [{ field: 'memo', before: null, after: `メモ ${row.id.slice(0, 8)}` }] });
    }
    expect((await history(typed.id)).items).toHaveLength(1);
  });
});
