// The CSV connector of an app integration, as an operator meets it through
// the real upload flow (presigned URL → PUT → dry run → import): the file is
// the tenant's full account list, so an import creates, updates and deletes
// accounts, all or nothing, and matches them to people by e-mail and
// employee number; errors per cell in the caller's language; Shift_JIS
// files; the template and the current accounts to download; SCIM and
// deactivated integrations refuse; another organisation's integration is not
// found; 10,000 rows import in one request.
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAppUsersCsv, importAppUsersCsv } from '../../src/api/contracts/app-users-csv.js';
import * as S from '../../src/api/contracts/software.js';
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { withScope } from '../../server/db/tenant.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { parse, toCsv } from '../support/csv.js';

let s: TestServer;
let orgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let other: TestAccount;
const marker = () => crypto.randomUUID().slice(0, 8);
const BOM = '\uFEFF';
const JA_HEADER = ['アカウントID', 'ユーザー名', 'メールアドレス', '表示名', 'ロール', 'ステータス', '有効', '最終サインイン', '作成日時', '社員番号', 'グループ', 'MFA'];
const EN_HEADER = ['Account ID', 'User name', 'E-mail', 'Display name', 'Role', 'Status', 'Active', 'Last sign-in', 'Created at', 'Employee number', 'Groups', 'MFA'];

/** The real upload flow: presigned URL through the client, then PUT to it on the app. */
async function upload(content: string | Uint8Array, acc: TestAccount = admin): Promise<string> {
  const { url, key } = await s.client(acc.token)(presignImportCsv, { query: { filename: 'accounts.csv' } });
  const res = await s.app.request(url, { method: 'PUT', body: typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content), headers: { 'content-type': 'text/csv' } });
  expect(res.status, await res.clone().text()).toBe(200);
  return key;
}
type Opts = { dryrun: boolean; encoding?: 'auto' | 'UTF-8' | 'Shift_JIS'; pageIndex?: number; pageSize?: number; filterError?: boolean };
const importCsv = (id: string, key: string, opts: Opts, acc: TestAccount = admin) => s.client(acc.token)(importAppUsersCsv, { params: { id }, body: { uploadedFileKey: key, ...opts } });
/** Upload, then check or import. */
const run = async (id: string, rows: string[][], opts: Opts, acc: TestAccount = admin) => importCsv(id, await upload(BOM + toCsv(rows), acc), opts, acc);

async function install(tenant = `csv-${marker()}`) {
  return (await s.client(admin.token)(S.installApp, { body: { appId: 'notion', tenantName: tenant } })).appIntegrationId;
}
const accounts = async (id: string) => (await s.client(admin.token)(S.listIntegrationUsers, { params: { id }, query: { category: 'ALL', pageSize: 1000 } })).items.filter((r) => r.appUserId);
const byName = async (id: string) => Object.fromEntries((await accounts(id)).map((r) => [r.name, r]));
const stored = (id: string) =>
  withScope(s.db, { orgId }, async (tx) => (await sql<{ external_id: string; source: string; groups: string[] }>`SELECT external_id, source, groups FROM app_users WHERE app_integration_id = ${id} ORDER BY external_id`.execute(tx)).rows);

/** A person with a worker record (work e-mail, worker number). */
async function person(o: { family: string; given: string; email: string; number?: string }) {
  return withScope(s.db, { orgId }, async (tx) => {
    const p = await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, ${o.family}, ${o.given}, ${o.email}) RETURNING id`.execute(tx);
    const personId = p.rows[0]!.id;
    await sql`INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, started_on)
      VALUES (${orgId}, ${personId}, 'EMPLOYEE', ${o.number ?? null}, ${o.email}, '2020-04-01')`.execute(tx);
    return personId;
  });
}

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  const otherOrg = await s.createOrg();
  [admin, adminEn, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' }),
    s.createAccount({ orgId: otherOrg, areas: ['IT'] }),
  ]);
});
afterAll(() => s?.close());

describe('importing the accounts of a CSV integration', () => {
  it('a dry run shows what will happen and changes nothing; the import creates, matches, records the month and marks the integration fresh', async () => {
    const m = marker();
    const hanako = await person({ family: '山田', given: '花子', email: `hanako-${m}@acme.test` });
    const jiro = await person({ family: '鈴木', given: '次郎', email: `jiro-private-${m}@example.test`, number: `E-${m}` });
    const id = await install();
    const file = [
      JA_HEADER,
      ['u-1', `hanako-${m}`, `Hanako-${m}@ACME.test`, '山田 花子', 'Admin', 'アクティブ', '有効', '2024年5月1日 9時30分', '2023/4/1', '', 'Owners;Engineering', '有効'],
      // Matched by employee number (the account's e-mail is nobody's).
      ['u-2', `jiro-${m}`, `jiro-${m}@acme.test`, '鈴木 次郎', 'Member', '', 'true', '2024-05-02T10:00:00Z', '', `E-${m}`, '', 'false'],
      // Nobody's: a no-worker row. A blank user name is the e-mail.
      ['u-3', '', `ghost-${m}@outside.test`, 'Ghost', 'Member', '停止中', '無効', '', '', '', '', ''],
    ];
    const key = await upload(BOM + toCsv(file));
    const dry = await importCsv(id, key, { dryrun: true });
    expect(dry).toMatchObject({ encoding: 'UTF-8', imported: false, jobId: null, recordCount: 3, errors: { rows: 0, cells: 0, headers: 0 }, summary: { create: 3, update: 0, unchanged: 0, delete: 0 } });
    expect(dry.headers.map((h) => h.field)).toEqual(['externalId', 'userName', 'email', 'displayName', 'roleName', 'statusName', 'active', 'lastSignedInAt', 'createdAt', 'employeeNumber', 'groups', 'mfa']);
    expect(dry.records.map((r) => r.action)).toEqual(['create', 'create', 'create']);
    expect(await accounts(id)).toEqual([]);
    expect((await s.client(admin.token)(S.getIntegration, { params: { id } })).refreshedAt).toBeNull();

    const done = await importCsv(id, key, { dryrun: false });
    expect(done).toMatchObject({ imported: true, summary: { create: 3, update: 0, unchanged: 0, delete: 0 } });
    const rows = await byName(id);
    expect(Object.keys(rows).sort()).toEqual([`ghost-${m}@outside.test`, `hanako-${m}`, `jiro-${m}`]);
    expect(rows[`hanako-${m}`]).toMatchObject({
      displayName: '山田 花子',
      actualRoleName: 'Admin',
      statusName: 'アクティブ',
      isActive: true,
      configuredMfa: true,
      // Japan time without an offset.
      lastSignedInAt: '2024-05-01T00:30:00.000Z',
      createdAt: '2023-03-31T15:00:00.000Z',
      ruleMatching: 'matched',
      worker: { personId: hanako },
    });
    expect(rows[`jiro-${m}`]).toMatchObject({ ruleMatching: 'matched', worker: { personId: jiro }, configuredMfa: false, lastSignedInAt: '2024-05-02T10:00:00.000Z' });
    expect(rows[`ghost-${m}@outside.test`]).toMatchObject({ ruleMatching: 'no-worker', worker: null, isActive: false, statusName: '停止中', configuredMfa: null });
    expect(rows[`ghost-${m}@outside.test`]!.deactivatedAt).not.toBeNull();
    expect((await stored(id)).map((r) => [r.external_id, r.source, r.groups])).toEqual([
      ['u-1', 'CSV', ['Owners', 'Engineering']],
      ['u-2', 'CSV', []],
      ['u-3', 'CSV', []],
    ]);
    // As a refresh: the integration is fresh, and the month's history has its accounts.
    const i = await s.client(admin.token)(S.getIntegration, { params: { id } });
    expect(i.accountCount).toBe(3);
    expect(i.refreshedAt).not.toBeNull();
    const status = await s.client(admin.token)(S.refreshResourcesStatus, { params: { id } });
    expect(status.status).toBe('COMPLETED');
    const months = await withScope(s.db, { orgId }, async (tx) => (await sql<{ n: string }>`SELECT count(DISTINCT external_id) AS n FROM app_user_months WHERE app_integration_id = ${id}`.execute(tx)).rows[0]!.n);
    expect(Number(months)).toBe(3);

    // The same upload imports once: a repeated call writes nothing more.
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE app_users SET role_name = 'Changed meanwhile' WHERE app_integration_id = ${id} AND external_id = 'u-1'`.execute(tx));
    const again = await importCsv(id, key, { dryrun: false });
    expect(again.imported).toBe(true);
    expect((await byName(id))[`hanako-${m}`]!.actualRoleName).toBe('Changed meanwhile');
  });

  it('the next file updates what changed, leaves the rest, deletes what it no longer lists (counted by the dry run), and the seed’s accounts go too', async () => {
    const m = marker();
    const id = await install();
    await run(id, [
      EN_HEADER,
      ['a', 'alice', `alice-${m}@acme.test`, 'Alice', 'Member', '', 'true', '', '', '', 'Sales', ''],
      ['b', 'bob', `bob-${m}@acme.test`, 'Bob', 'Member', '', 'true', '', '', '', '', ''],
      ['c', 'carol', `carol-${m}@acme.test`, 'Carol', 'Member', '', 'true', '', '', '', '', ''],
    ], { dryrun: false });
    // An account the seed put there (another source): not in the next file.
    await withScope(s.db, { orgId }, (tx) =>
      sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, source) VALUES (${orgId}, ${id}, 'seeded', 'seeded-user', 'SEED')`.execute(tx),
    );
    // Only some columns: the others keep their values. Alice becomes an admin,
    // Bob is unchanged (groups in another order count as the same), Carol and
    // the seeded account are gone, Dave is new.
    const next = [
      ['Account ID', 'Role', 'Groups', 'E-mail'],
      ['a', 'Admin', 'Sales', `alice-${m}@acme.test`],
      ['b', 'Member', '', `bob-${m}@acme.test`],
      ['d', 'Member', 'Sales;Support', `dave-${m}@acme.test`],
    ];
    const key = await upload(toCsv(next));
    const dry = await importCsv(id, key, { dryrun: true }, adminEn);
    expect(dry.summary).toEqual({ create: 1, update: 1, unchanged: 1, delete: 2 });
    expect(dry.records.map((r) => r.action)).toEqual(['update', 'unchanged', 'create']);
    expect((await accounts(id)).length).toBe(4);

    await importCsv(id, key, { dryrun: false }, adminEn);
    const rows = await byName(id);
    expect(Object.keys(rows).sort()).toEqual(['alice', 'bob', `dave-${m}@acme.test`]);
    // The user name, display name and the rest stay as the first file said.
    expect(rows.alice).toMatchObject({ actualRoleName: 'Admin', displayName: 'Alice', isActive: true });
    expect(rows.bob).toMatchObject({ actualRoleName: 'Member', displayName: 'Bob' });
    expect((await stored(id)).map((r) => [r.external_id, r.groups])).toEqual([
      ['a', ['Sales']],
      ['b', []],
      ['d', ['Sales', 'Support']],
    ]);
  });

  it('an exported file re-imports unchanged; the template has the headers in the caller’s language', async () => {
    const id = await install();
    await run(id, [
      JA_HEADER,
      ['x-1', 'x1', 'x1@acme.test', 'エックス 一', 'Admin', 'Active', '有効', '2024-05-01 09:30:15', '2023-04-01', 'E-1', 'A;B', '有効'],
      ['x-2', 'x2', '', '', '', '', '無効', '', '', '', '', ''],
    ], { dryrun: false });

    const template = await s.client(admin.token)(exportAppUsersCsv, { params: { id }, query: { mode: 'edit-template' } });
    expect(template.filename).toMatch(/^template-notion-accounts-\d{4}-\d{2}-\d{2}\.csv$/);
    const t = await s.app.request(template.url);
    expect(t.status).toBe(200);
    const tBytes = Buffer.from(await t.arrayBuffer());
    expect([...tBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(tBytes.subarray(3).toString('utf8'))).toEqual([JA_HEADER]);
    const enTemplate = await s.client(adminEn.token)(exportAppUsersCsv, { params: { id }, query: { mode: 'edit-template' } });
    expect(parse(Buffer.from(await (await s.app.request(enTemplate.url)).arrayBuffer()).subarray(3).toString('utf8'))).toEqual([EN_HEADER]);

    const current = await s.client(admin.token)(exportAppUsersCsv, { params: { id }, query: { mode: 'edit', encoding: 'Shift_JIS' } });
    expect(current.mode).toBe('edit');
    const bytes = Buffer.from(await (await s.app.request(current.url)).arrayBuffer());
    const rows = parse(iconv.decode(bytes, 'cp932'));
    expect(rows[0]).toEqual(JA_HEADER);
    expect(rows.slice(1)).toEqual([
      ['x-1', 'x1', 'x1@acme.test', 'エックス 一', 'Admin', 'Active', '有効', '2024-05-01 09:30:15', '2023-04-01 00:00:00', 'E-1', 'A;B', '有効'],
      ['x-2', 'x2', '', '', '', '', '無効', '', '', '', '', ''],
    ]);
    const again = await importCsv(id, await upload(bytes), { dryrun: true });
    expect(again).toMatchObject({ encoding: 'Shift_JIS', summary: { create: 0, update: 0, unchanged: 2, delete: 0 }, errors: { rows: 0, cells: 0, headers: 0 } });
  });

  it('reads a Shift_JIS file with Japanese names', async () => {
    const id = await install();
    const file = iconv.encode(toCsv([JA_HEADER.slice(0, 4), ['sj-1', 'tanaka', 'tanaka@acme.test', '田中 髙志'], ['sj-2', 'ｽｽﾞｷ', 'suzuki@acme.test', '鈴木　一郎']]), 'cp932');
    const key = await upload(file);
    const dry = await importCsv(id, key, { dryrun: true });
    expect(dry).toMatchObject({ encoding: 'Shift_JIS', summary: { create: 2 }, errors: { rows: 0, cells: 0, headers: 0 } });
    await importCsv(id, key, { dryrun: false, encoding: 'Shift_JIS' });
    const rows = await byName(id);
    expect(rows.tanaka!.displayName).toBe('田中 髙志');
    // Cells are normalised as every import does: half-width kana widened, the ideographic space narrowed.
    expect(rows['スズキ']!.displayName).toBe('鈴木 一郎');
  });
});

describe('errors', () => {
  it('names each bad cell in the caller’s language, and a file with errors imports nothing', async () => {
    const id = await install();
    await run(id, [EN_HEADER.slice(0, 3), ['keep', 'keep', 'keep@acme.test']], { dryrun: false });
    const bad = [
      ['Account ID', 'E-mail', 'Active', 'Last sign-in', 'MFA', 'Nickname'],
      ['ok', 'ok@acme.test', 'true', '2024-05-01', '', 'x'],
      ['e-1', 'not-an-email', 'maybe', '2024-02-30', 'sometimes', ''],
      ['', 'nobody@acme.test', '', '', '', ''],
      ['ok', 'dup@acme.test', '', '', '', '', 'extra'],
    ];
    const key = await upload(toCsv(bad));
    const ja = await importCsv(id, key, { dryrun: true });
    expect(ja.errors).toEqual({ rows: 3, cells: 6, headers: 1 });
    expect(ja.headers[5]!.errors).toEqual(['不明な列「Nickname」があります。']);
    const e1 = ja.records[1]!;
    expect(e1.isValid).toBe(false);
    expect(e1.values.map((v) => v.errors)).toEqual([
      [],
      ['正しいメールアドレスを入力してください。'],
      ['true または false（有効 または 無効）を入力してください。'],
      ['2024-05-01 09:30、2024/5/1、2024年5月1日 のように日時を入力してください。'],
      ['true または false（有効 または 無効）を入力してください。'],
      [],
    ]);
    expect(ja.records[2]!.values[0]!.errors).toEqual(['この項目は必須です。']);
    expect(ja.records[3]!.values[0]!.errors).toEqual(['アカウントID「ok」は 2 行目にもあります。']);
    expect(ja.records[3]!.recordErrors.length).toBe(1);

    const en = await importCsv(id, key, { dryrun: true, filterError: true, pageSize: 2 }, adminEn);
    expect(en.recordCount).toBe(3);
    expect(en.records.map((r) => r.line)).toEqual([3, 4]);
    expect(en.records[0]!.values.map((v) => v.errors).flat()).toEqual([
      'Enter a valid e-mail address.',
      'Enter true or false (有効 or 無効).',
      'Enter a date and time such as 2024-05-01 09:30, 2024/5/1 or 2024年5月1日.',
      'Enter true or false (有効 or 無効).',
    ]);
    expect(en.headers[5]!.errors[0]).toBe('Unknown column "Nickname".');

    const failed = await apiFailure(importCsv(id, key, { dryrun: false }, adminEn));
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe('The file has errors. Fix them and upload it again; nothing was imported.');
    expect((await accounts(id)).map((r) => r.name)).toEqual(['keep']);
    // A file without the account id column: a header error, nothing imported.
    const noId = await run(id, [['User name'], ['someone']], { dryrun: true }, adminEn);
    expect(noId.headers.at(-1)!.errors).toEqual(['The required column "Account ID" is missing.']);
    expect((await apiFailure(run(id, [['User name'], ['someone']], { dryrun: false }))).status).toBe(400);
    expect((await accounts(id)).map((r) => r.name)).toEqual(['keep']);
  });

  it('an integration connected over SCIM refuses, as does a deactivated one; in the caller’s language', async () => {
    const scim = await install();
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE app_integrations SET connector = 'SCIM', scim_base_url = 'https://scim.example/v2', scim_token = 'x' WHERE id = ${scim}`.execute(tx));
    const key = await upload(toCsv([EN_HEADER.slice(0, 2), ['s-1', 's1']]));
    const ja = await apiFailure(importCsv(scim, key, { dryrun: true }));
    expect(ja.status).toBe(409);
    expect(ja.body.message).toBe('この連携は SCIM でテナントからアカウントを読み込んでいます。ファイルを取り込む代わりに更新してください。');
    const en = await apiFailure(importCsv(scim, key, { dryrun: false }, adminEn));
    expect(en.body.message).toBe('This integration reads its accounts from the tenant over SCIM: refresh it instead of importing a file.');

    const off = await install();
    await s.client(admin.token)(S.deactivateIntegration, { params: { id: off } });
    const d = await apiFailure(importCsv(off, key, { dryrun: false }, adminEn));
    expect(d.status).toBe(409);
    expect(d.body.message).toBe('This integration is deactivated. Reactivate it first.');
    expect(await accounts(off)).toEqual([]);
  });

  it('another organisation’s integration is not found, and its uploads are not ours to read', async () => {
    const id = await install();
    const theirKey = await upload(toCsv([EN_HEADER.slice(0, 2), ['o-1', 'o1']]), other);
    expect((await apiFailure(importCsv(id, theirKey, { dryrun: true }, other))).status).toBe(404);
    expect((await apiFailure(s.client(other.token)(exportAppUsersCsv, { params: { id }, query: {} }))).status).toBe(404);
    // Our integration with their upload: the file is not found.
    const foreign = await apiFailure(importCsv(id, theirKey, { dryrun: true }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors?.uploadedFileKey).toBeTruthy();
    expect(await accounts(id)).toEqual([]);
  });
});

describe('a large tenant', () => {
  it('imports 10,000 accounts in one request, then re-imports them unchanged', async () => {
    const id = await install();
    const n = 10_000;
    const rows = [EN_HEADER, ...Array.from({ length: n }, (_, i) => [`big-${i}`, `user${i}`, `user${i}@big.test`, `User ${i}`, i % 10 ? 'Member' : 'Admin', 'Active', 'true', '2024-05-01 09:00', '2023-01-01', `B-${i}`, 'All;Staff', i % 2 ? 'true' : 'false'])];
    const key = await upload(BOM + toCsv(rows));
    // Its speed is measured by `npm run bench`, not here.
    const r = await importCsv(id, key, { dryrun: false, pageSize: 100 });
    expect(r).toMatchObject({ imported: true, jobId: null, recordCount: n, summary: { create: n, update: 0, unchanged: 0, delete: 0 } });
    expect(r.records).toHaveLength(100);
    const count = await s.client(admin.token)(S.countIntegrationUsers, { params: { id }, query: {} });
    expect(count.counts.ALL).toBe(n);

    const again = await importCsv(id, await upload(BOM + toCsv(rows)), { dryrun: true, pageSize: 100 });
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: n, delete: 0 });
  }, 60_000);
});
