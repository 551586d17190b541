// People from an external HR system, through the real SCIM test service with
// the enterprise extension: the HR integrations and their connection state;
// a preview that matches by employee number, then e-mail, lists the people
// to add, the fields to change (before → after), the people the HR system
// does not list, the unknown departments and the users it skips, and writes
// nothing; an apply that names the preview's fingerprint writes it all in one
// transaction (lifecycle events, memberships, audit trail), and a source
// changed since the preview is refused.
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHrSync, listHrIntegrations, previewHrSync } from '../../src/api/contracts/hr-sync.js';
import * as S from '../../src/api/contracts/software.js';
import { withScope } from '../../server/db/tenant.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { type ScimServer, type ScimUserInput, startScimServer } from '../support/scim-server.js';

let s: TestServer;
let scim: ScimServer;
let orgId: string;
let admin: TestAccount;
let hrEn: TestAccount;
let other: TestAccount;
const TOKEN = 'hr-scim-secret';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const ids: Record<string, string> = {};

const q = <T,>(text: RawBuilder<T>) => withScope(s.db, { orgId }, async (tx) => (await text.execute(tx)).rows);
async function unit(name: string, code: string | null = null) {
  const [u] = await q(sql<{ id: string }>`INSERT INTO org_units (org_id, code) VALUES (${orgId}, ${code}) RETURNING id`);
  await q(sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from) VALUES (${orgId}, ${u!.id}, ${name}, '2000-01-01')`);
  return u!.id;
}
async function worker(o: { family: string; given: string; number?: string; email: string; unit?: string; type?: string; ended?: string }) {
  const [p] = await q(sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, ${o.family}, ${o.given}, ${o.email}) RETURNING id`);
  const [w] = await q(sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, started_on, ended_on)
    VALUES (${orgId}, ${p!.id}, ${o.type ?? 'EMPLOYEE'}, ${o.number ?? null}, ${o.email}, '2020-04-01', ${o.ended ?? null}) RETURNING id`);
  if (o.unit) await q(sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, valid_from) VALUES (${orgId}, ${w!.id}, ${o.unit}, '2020-04-01')`);
  return { personId: p!.id, workerId: w!.id };
}

const USERS: ScimUserInput[] = [
  // Matched by employee number: the family name and the department changed.
  { id: 'u-1', userName: 'hanako', familyName: '鈴木', givenName: '花子', email: 'hanako@acme.test', employeeNumber: 'E001', department: '開発部' },
  // Matched by e-mail (no number stored yet): the number is set.
  { id: 'u-2', userName: 'taro', familyName: '佐藤', givenName: '太郎', email: 'Taro@Acme.test', employeeNumber: 'E002', department: 'SALES', manager: 'u-1' },
  // Unchanged.
  { id: 'u-3', userName: 'jiro', familyName: '田中', givenName: '次郎', email: 'jiro@acme.test', employeeNumber: 'E003', department: '営業部' },
  // New: a known department, a manager we know.
  { id: 'u-4', userName: 'misaki', familyName: '髙橋', givenName: '美咲', email: 'misaki@acme.test', employeeNumber: 'E004', department: '営業部', manager: 'u-1' },
  // New contractor in a department we do not have.
  { id: 'u-5', userName: 'ken', familyName: '伊藤', givenName: '健', email: 'ken@acme.test', employeeNumber: 'C005', department: '新規事業室', userType: 'Contractor' },
  // Skipped: inactive and unknown; no name; a number two users share.
  { id: 'u-6', userName: 'gone', familyName: '過去', givenName: '人', email: 'gone@acme.test', employeeNumber: 'E006', active: false },
  { id: 'u-7', userName: 'svc-bot', email: 'bot@acme.test' },
  { id: 'u-8', userName: 'dup-a', familyName: '重複', givenName: 'A', employeeNumber: 'E009' },
  { id: 'u-9', userName: 'dup-b', familyName: '重複', givenName: 'B', employeeNumber: 'E009' },
];

beforeAll(async () => {
  s = await createTestServer();
  scim = await startScimServer({ token: TOKEN, users: USERS, pageLimit: 4 });
  orgId = await s.createOrg();
  const otherOrg = await s.createOrg();
  [admin, hrEn, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['IT', 'HR'] }),
    s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' }),
    s.createAccount({ orgId: otherOrg, areas: ['IT', 'HR'] }),
  ]);
  ids.sales = await unit('営業部', 'SALES');
  ids.dev = await unit('開発部', 'DEV');
  Object.assign(ids, {
    hanako: (await worker({ family: '山田', given: '花子', number: 'E001', email: 'hanako@acme.test', unit: ids.sales })).workerId,
    taro: (await worker({ family: '佐藤', given: '太郎', email: 'taro@acme.test', unit: ids.sales })).workerId,
    jiro: (await worker({ family: '田中', given: '次郎', number: 'E003', email: 'jiro@acme.test', unit: ids.sales })).workerId,
    // Ours, not in the HR system: shown as missing; one who left is not.
    saburo: (await worker({ family: '木村', given: '三郎', number: 'E100', email: 'saburo@acme.test' })).workerId,
    left: (await worker({ family: '元', given: '社員', number: 'E101', email: 'left@acme.test', ended: '2021-03-31' })).workerId,
  });
  const a = s.client(admin.token);
  ids.smarthr = (await a(S.installApp, { body: { appId: 'smarthr', tenantName: 'acme-hr' } })).appIntegrationId;
  ids.slack = (await a(S.installApp, { body: { appId: 'slack', tenantName: 'acme' } })).appIntegrationId;
});
afterAll(async () => {
  await s?.close();
  await scim?.close();
});

describe('external HR SaaS', () => {
  it('lists the HR integrations with their connection state; preview needs a SCIM connection', async () => {
    const list = await s.client(hrEn.token)(listHrIntegrations);
    expect(list.items).toEqual([
      expect.objectContaining({ appIntegrationId: ids.smarthr, appName: 'SmartHR', tenantName: 'acme-hr', connection: 'NOT_CONNECTED', lastApplied: null }),
    ]);
    const refused = await apiFailure(s.client(hrEn.token)(previewHrSync, { params: { appIntegrationId: ids.smarthr! } }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not connected over SCIM/);
    // Not an HR app, or another organisation's: not found.
    expect((await apiFailure(s.client(hrEn.token)(previewHrSync, { params: { appIntegrationId: ids.slack! } }))).status).toBe(404);
    expect((await apiFailure(s.client(other.token)(previewHrSync, { params: { appIntegrationId: ids.smarthr! } }))).status).toBe(404);

    await s.client(admin.token)(S.authenticateIntegration, { params: { id: ids.smarthr! }, body: { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: TOKEN } });
    expect((await s.client(hrEn.token)(listHrIntegrations)).items[0]!.connection).toBe('CONNECTED');
  });

  it('previews the differences and writes nothing', async () => {
    const people = (await q(sql`SELECT id FROM people`)).length;
    const p = await s.client(hrEn.token)(previewHrSync, { params: { appIntegrationId: ids.smarthr! } });
    // Missing: 木村 and the people of this file's two accounts (employees the HR system does not list).
    expect(p.summary).toEqual({ source: 9, create: 2, update: 2, unchanged: 1, missing: 3, skipped: 4, unknownDepartments: 1 });
    expect(p.creates).toEqual([
      expect.objectContaining({ externalId: 'u-4', familyName: '髙橋', givenName: '美咲', employeeNumber: 'E004', workerType: 'EMPLOYEE', department: '営業部', departmentKnown: true, manager: { name: '山田 花子', personId: expect.any(String) } }),
      expect.objectContaining({ externalId: 'u-5', workerType: 'CONTRACTOR', department: '新規事業室', departmentKnown: false, manager: null }),
    ]);
    const byId = Object.fromEntries(p.updates.map((u) => [u.externalId, u]));
    expect(byId['u-1']).toMatchObject({
      workerId: ids.hanako,
      matchedBy: 'EMPLOYEE_NUMBER',
      changes: [
        { field: 'familyName', before: '山田', after: '鈴木' },
        { field: 'department', before: '営業部', after: '開発部' },
      ],
      inactive: false,
      unknownDepartment: null,
    });
    expect(byId['u-2']).toMatchObject({
      workerId: ids.taro,
      matchedBy: 'EMAIL',
      // The same e-mail in another case is no change; the number is.
      changes: [{ field: 'workerNumber', before: null, after: 'E002' }],
      manager: { name: '山田 花子' },
    });
    expect(p.missing).toContainEqual(expect.objectContaining({ workerId: ids.saburo, name: '木村 三郎', workerNumber: 'E100', workerType: 'EMPLOYEE' }));
    expect(p.missing.map((x) => x.workerId)).not.toContain(ids.left);
    expect(p.skipped.map((x) => [x.externalId, x.reason])).toEqual([
      ['u-6', 'INACTIVE'],
      ['u-7', 'NO_NAME'],
      ['u-8', 'DUPLICATE_NUMBER'],
      ['u-9', 'DUPLICATE_NUMBER'],
    ]);
    expect(p.unknownDepartments).toEqual([{ name: '新規事業室', people: 1 }]);
    expect((await q(sql`SELECT id FROM people`)).length).toBe(people);
    // Read through the connector, page by page, with the integration's token.
    expect(scim.requests.filter((r) => r.path.startsWith('/scim/v2/Users')).every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('applies only the preview it names: a changed source is refused, then the fresh preview is written in one go', async () => {
    const a = s.client(hrEn.token);
    const first = await a(previewHrSync, { params: { appIntegrationId: ids.smarthr! } });
    expect((await apiFailure(a(applyHrSync, { params: { appIntegrationId: ids.smarthr! }, body: { fingerprint: 'made-up' } }))).status).toBe(409);
    // The HR system changes after the preview.
    scim.setUsers(USERS.map((u) => (u.id === 'u-3' ? { ...u, givenName: '二郎' } : u)));
    const stale = await apiFailure(a(applyHrSync, { params: { appIntegrationId: ids.smarthr! }, body: { fingerprint: first.fingerprint } }));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The HR SaaS or our people changed after the preview. Preview again, then apply.');
    expect(await q(sql`SELECT family_name FROM people p JOIN workers w ON w.person_id = p.id WHERE w.id = ${ids.hanako}`)).toEqual([{ family_name: '山田' }]);

    const fresh = await a(previewHrSync, { params: { appIntegrationId: ids.smarthr! } });
    expect(fresh.summary.update).toBe(3);
    const r = await a(applyHrSync, { params: { appIntegrationId: ids.smarthr! }, body: { fingerprint: fresh.fingerprint, joiningDate: '2025-07-01' } });
    expect(r).toEqual({ created: 2, updated: 3 });

    const [hanako] = await q(sql<Record<string, unknown>>`SELECT p.family_name FROM people p JOIN workers w ON w.person_id = p.id WHERE w.id = ${ids.hanako}`);
    expect(hanako).toEqual({ family_name: '鈴木' });
    expect(await q(sql`SELECT unit_id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(valid_to, 'YYYY-MM-DD') AS valid_to FROM worker_assignments WHERE worker_id = ${ids.hanako} ORDER BY valid_from`)).toEqual([
      { unit_id: ids.sales, valid_from: '2020-04-01', valid_to: today },
      { unit_id: ids.dev, valid_from: today, valid_to: null },
    ]);
    expect(await q(sql`SELECT worker_number FROM workers WHERE id = ${ids.taro}`)).toEqual([{ worker_number: 'E002' }]);
    const added = await q(sql<Record<string, unknown>>`SELECT w.worker_number, w.worker_type, w.primary_email, to_char(w.started_on, 'YYYY-MM-DD') AS started_on, p.family_name, p.given_name,
        (SELECT unit_id FROM worker_assignments a WHERE a.worker_id = w.id) AS unit_id,
        (SELECT stage || ' ' || to_char(effective_on, 'YYYY-MM-DD') || ' ' || note FROM worker_lifecycle_events e WHERE e.worker_id = w.id) AS event
      FROM workers w JOIN people p ON p.id = w.person_id WHERE w.worker_number IN ('E004', 'C005') ORDER BY w.worker_number`);
    expect(added).toEqual([
      { worker_number: 'C005', worker_type: 'CONTRACTOR', primary_email: 'ken@acme.test', started_on: '2025-07-01', family_name: '伊藤', given_name: '健', unit_id: null, event: 'ACTIVE 2025-07-01 Imported from an external HR SaaS' },
      { worker_number: 'E004', worker_type: 'EMPLOYEE', primary_email: 'misaki@acme.test', started_on: '2025-07-01', family_name: '髙橋', given_name: '美咲', unit_id: ids.sales, event: 'ACTIVE 2025-07-01 Imported from an external HR SaaS' },
    ]);
    // Missing people stay.
    expect(await q(sql`SELECT ended_on FROM workers WHERE id = ${ids.saburo}`)).toEqual([{ ended_on: null }]);
    // The audit trail has the apply's writes under its caller.
    const audit = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE org_id = ${orgId} AND actor_account_id = ${hrEn.accountId}
      AND table_name IN ('people', 'workers', 'worker_assignments', 'worker_lifecycle_events', 'hr_sync_runs')`.execute(s.db)).rows[0]!.n;
    expect(audit).toBeGreaterThanOrEqual(10);
    const list = await a(listHrIntegrations);
    expect(list.items[0]!.lastApplied).toMatchObject({ created: 2, updated: 3 });

    // Applied, the next preview has nothing left to add or change.
    const after = await a(previewHrSync, { params: { appIntegrationId: ids.smarthr! } });
    expect(after.summary).toMatchObject({ create: 0, update: 0, unchanged: 4 });
    expect(after.updates.map((u) => u.externalId)).toEqual(['u-5']);
    expect(after.updates[0]!.unknownDepartment).toBe('新規事業室');
  });
});
