// App alerts through the API: the counts over every live integration for a
// constructed set of accounts and people (deactivated and deleted
// integrations, deactivated accounts and matched accounts count for
// nothing), the rows of a category with their integration, sorted and
// paged, and the alert list as CSV (UTF-8 with BOM or Shift_JIS, headers in
// the caller's language, a signed link that expires and cannot be altered).
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as A from '../../src/api/contracts/app-alerts.js';
import * as S from '../../src/api/contracts/software.js';
import type { AppDeps } from '../../server/deps.js';
import { withScope } from '../../server/db/tenant.js';
import { exportToken } from '../../server/modules/module/csv.routes.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { parse } from '../support/csv.js';

let s: TestServer;
let orgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let gaOnly: TestAccount;
const ja = () => s.client(admin.token);
const en = () => s.client(adminEn.token);
const day = 86_400_000;
/** UTF-8 text with its BOM kept (TextDecoder drops it by default). */
const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const ago = (days: number) => new Date(Date.now() - days * day).toISOString();

const scoped = <T>(fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>) => withScope(s.db, { orgId }, fn);

async function person(family: string, given: string, email: string, ended = false) {
  return scoped(async (tx) => {
    const id = (await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, ${family}, ${given}, ${email}) RETURNING id`.execute(tx)).rows[0]!.id;
    await sql`INSERT INTO workers (org_id, person_id, worker_type, primary_email, started_on, ended_on)
      VALUES (${orgId}, ${id}, 'EMPLOYEE', ${email}, '2020-04-01', ${ended ? '2024-03-31' : null})`.execute(tx);
    return id;
  });
}
async function account(integrationId: string, o: { name: string; personId?: string; role?: string; active?: boolean; signedIn?: string }) {
  await scoped((tx) =>
    sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, email, role_name, is_active, last_signed_in_at, source, person_id)
      VALUES (${orgId}, ${integrationId}, ${o.name}, ${o.name}, ${`${o.name}@acme.test`}, ${o.role ?? 'member'}, ${o.active ?? true}, ${o.signedIn ?? ago(1)}, 'CSV', ${o.personId ?? null})`.execute(tx),
  );
}
async function assign(integrationId: string, personId: string, role: string | null = 'member') {
  await scoped((tx) => sql`INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name) VALUES (${orgId}, ${integrationId}, ${personId}, ${role})`.execute(tx));
}

let slack: string;
let github: string;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  [admin, adminEn, gaOnly] = await Promise.all([
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['GA'] }),
  ]);
  // Slack: a rule set (assignments) and one row of every kind.
  slack = (await ja()(S.installApp, { body: { appId: 'slack', tenantName: 'acme' } })).appIntegrationId;
  const matched = await person('山田', '花子', 'hanako@acme.test');
  const unassigned = await person('佐藤', '太郎', 'taro@acme.test');
  const wrongRole = await person('鈴木', '次郎', 'jiro@acme.test');
  const noAccount = await person('田中', '四郎', 'shiro@acme.test');
  const sleeper = await person('伊藤', '五郎', 'goro@acme.test');
  const leaver = await person('高橋', '三郎', 'saburo@acme.test', true);
  for (const p of [matched, noAccount, sleeper, leaver]) await assign(slack, p);
  await assign(slack, wrongRole, 'admin');
  await account(slack, { name: 'hanako', personId: matched });
  await account(slack, { name: 'taro', personId: unassigned });
  await account(slack, { name: 'jiro', personId: wrongRole, role: 'member' });
  await account(slack, { name: 'ghost', signedIn: ago(3) });
  await account(slack, { name: 'goro', personId: sleeper, signedIn: ago(120) });
  await account(slack, { name: 'saburo', personId: leaver });
  // A deactivated account without a person is no risk.
  await account(slack, { name: 'suspended', active: false });
  // GitHub: no rule set; one account without a person.
  github = (await ja()(S.installApp, { body: { appId: 'github' } })).appIntegrationId;
  await account(github, { name: 'bot', signedIn: ago(2) });
  await account(github, { name: 'hanako-gh', personId: matched });
  // Deactivated and deleted integrations count for nothing.
  const zoom = (await ja()(S.installApp, { body: { appId: 'zoom' } })).appIntegrationId;
  await account(zoom, { name: 'zoom-stranger' });
  await ja()(S.deactivateIntegration, { params: { id: zoom } });
  const box = (await ja()(S.installApp, { body: { appId: 'box' } })).appIntegrationId;
  await account(box, { name: 'box-stranger' });
  await ja()(S.deleteIntegration, { params: { id: box } });
});
afterAll(() => s?.close());

describe('alert counts', () => {
  it('count each category over the live integrations only', async () => {
    const { counts } = await ja()(A.countAppAlerts, {});
    expect(counts).toEqual({ SHADOW_IT: 0, NO_WORKER: 2, VIOLATED: 1, VIOLATED_ROLE: 1, NO_USER: 1, INACTIVE: 1, ALUMNI: 1 });
  });

  it('are the IT area’s: another area gets 403', async () => {
    expect((await apiFailure(s.client(gaOnly.token)(A.countAppAlerts, {}))).status).toBe(403);
    expect((await apiFailure(s.client(gaOnly.token)(A.listAlertUsers, { query: { category: 'NO_WORKER' } }))).status).toBe(403);
  });
});

describe('alert rows', () => {
  it('list a category’s rows across integrations, each with its integration and suggested action', async () => {
    const r = await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER' } });
    expect(r.count).toBe(2);
    // Default: by app name.
    expect(r.items.map((x) => [x.appIntegration.appName, x.name])).toEqual([
      ['GitHub', 'bot'],
      ['Slack', 'ghost'],
    ]);
    expect(r.items[1]).toMatchObject({ appIntegration: { appIntegrationId: slack }, ruleMatching: 'no-worker', suggestedAction: 'LINK_PERSON', worker: null });

    const role = await ja()(A.listAlertUsers, { query: { category: 'VIOLATED_ROLE' } });
    expect(role.items).toHaveLength(1);
    expect(role.items[0]).toMatchObject({ name: 'jiro', actualRoleName: 'member', worker: { personName: '鈴木 次郎', assignedRoleName: 'admin' }, suggestedAction: 'CHANGE_ROLE' });
    const noUser = await ja()(A.listAlertUsers, { query: { category: 'NO_USER' } });
    expect(noUser.items.map((x) => [x.appUserId, x.worker?.personName])).toEqual([[null, '田中 四郎']]);
    expect((await ja()(A.listAlertUsers, { query: { category: 'VIOLATED' } })).items.map((x) => x.name)).toEqual(['taro']);
    expect((await ja()(A.listAlertUsers, { query: { category: 'INACTIVE' } })).items.map((x) => x.name)).toEqual(['goro']);
    expect((await ja()(A.listAlertUsers, { query: { category: 'ALUMNI' } })).items.map((x) => [x.name, x.worker?.isAlumni])).toEqual([['saburo', true]]);
  });

  it('sort by app or name either way, and page with page and pageSize', async () => {
    const desc = await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER', sortBy: 'APP', sortOrder: 'desc' } });
    expect(desc.items.map((x) => x.name)).toEqual(['ghost', 'bot']);
    const byName = await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER', sortBy: 'NAME', sortOrder: 'desc' } });
    expect(byName.items.map((x) => x.name)).toEqual(['ghost', 'bot']);
    const second = await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER', page: 1, pageSize: 1 } });
    expect(second).toMatchObject({ count: 2, items: [{ name: 'ghost' }] });
    const beyond = await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER', page: 5, pageSize: 1 } });
    expect(beyond).toEqual({ count: 2, items: [] });
  });

  it('refuse an unknown category or sort in the caller’s language', async () => {
    const bad = await apiFailure(en()(A.listAlertUsers, { query: { category: 'FOLLOWING' as never } }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.category?.[0]).toMatch(/NO_WORKER/);
    const ja400 = await apiFailure(ja()(A.listAlertUsers, { query: { category: 'NO_WORKER', sortBy: 'COLOR' as never } }));
    expect(ja400.body.message).not.toMatch(/[a-z]{5}/);
  });

  it('follow the data: linking the account to a person clears the no-worker alert', async () => {
    const ghost = (await ja()(A.listAlertUsers, { query: { category: 'NO_WORKER' } })).items.find((x) => x.name === 'ghost')!;
    const person = await scoped(async (tx) => (await sql<{ id: string }>`SELECT id FROM people WHERE email = 'hanako@acme.test'`.execute(tx)).rows[0]!.id);
    await ja()(S.linkIntegrationUser, { params: { id: slack, appUserId: ghost.appUserId! }, body: { personId: person } });
    expect((await ja()(A.countAppAlerts, {})).counts.NO_WORKER).toBe(1);
    await ja()(S.linkIntegrationUser, { params: { id: slack, appUserId: ghost.appUserId! }, body: { personId: null } });
    expect((await ja()(A.countAppAlerts, {})).counts.NO_WORKER).toBe(2);
  });
});

describe('the alert list as CSV', () => {
  const download = async (url: string, lang = 'ja-JP') => {
    const res = await s.app.request(url, { headers: { 'accept-language': lang } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('streams every row of the category with a BOM and Japanese headers, named app-alerts-<category>-<date>.csv', async () => {
    const r = await ja()(A.exportAppAlertsCsv, { query: { category: 'NO_WORKER' } });
    expect(r.mode).toBe('view');
    expect(r.filename).toMatch(/^app-alerts-NO_WORKER-\d{4}-\d{2}-\d{2}\.csv$/);
    const { res, bytes } = await download(r.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('utf-8');
    expect(res.headers.get('content-disposition')).toContain(r.filename);
    const text = utf8(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parse(text.slice(1)).filter((x) => x.some(Boolean));
    expect(header.slice(0, 3)).toEqual(['アプリ', 'テナント', 'アカウント名']);
    expect(rows.map((x) => [x[0], x[1], x[2]])).toEqual([
      ['GitHub', '', 'bot'],
      ['Slack', 'acme', 'ghost'],
    ]);
    const rule = header.indexOf('判定');
    const action = header.indexOf('推奨対応');
    expect(rows.map((x) => [x[rule], x[action]])).toEqual([
      ['従業員不在', '人物を紐づける'],
      ['従業員不在', '人物を紐づける'],
    ]);
  });

  it('in Shift_JIS for Excel, and with English headers for an English-speaking caller', async () => {
    const sj = await ja()(A.exportAppAlertsCsv, { query: { category: 'VIOLATED_ROLE', encoding: 'Shift_JIS' } });
    const { res, bytes } = await download(sj.url);
    expect(res.headers.get('content-type')).toContain('shift_jis');
    expect(bytes[0]).not.toBe(0xef);
    const text = iconv.decode(Buffer.from(bytes), 'cp932');
    const [header = [], row = []] = parse(text).filter((x) => x.some(Boolean));
    expect(header[0]).toBe('アプリ');
    expect(row).toContain('鈴木 次郎');
    expect(row).toContain('ロール違反');

    const e = await en()(A.exportAppAlertsCsv, { query: { category: 'NO_USER' } });
    const t = utf8((await download(e.url)).bytes).slice(1);
    const [h = [], r = []] = parse(t).filter((x) => x.some(Boolean));
    expect(h.slice(0, 3)).toEqual(['App', 'Tenant', 'Account name']);
    expect(r).toContain('田中 四郎');
    expect(r).toContain('Create an account');
  });

  it('refuses an altered or expired link', async () => {
    const r = await ja()(A.exportAppAlertsCsv, { query: { category: 'NO_WORKER' } });
    const token = r.url.split('/').pop()!;
    const [payload = '', sig = ''] = token.split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Another organisation's id in the grant: the signature no longer fits.
    const forged = `${Buffer.from(JSON.stringify({ ...grant, org: crypto.randomUUID() })).toString('base64url')}.${sig}`;
    expect((await download(r.url.replace(token, forged), 'en-US')).res.status).toBe(403);
    expect((await download(r.url.replace(token, 'garbage'))).res.status).toBe(403);
    // Signed right, five minutes old.
    const old = exportToken({ config: s.config } as AppDeps, { ...(grant as never as Parameters<typeof exportToken>[1]), exp: Date.now() - 1000 });
    const expired = await download(r.url.replace(token, old), 'en-US');
    expect(expired.res.status).toBe(403);
    expect(utf8(expired.bytes)).toMatch(/expired/i);
  });
});
