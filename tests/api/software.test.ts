// Software and apps through the API, as an operator meets them: the
// marketplace catalogue, installing an app (an integration and a registry
// entry), connecting its tenant over SCIM and refreshing the accounts (a
// real SCIM service on loopback), accounts matched to people with the
// violated, violated-role, no-worker, no-user, inactive and alumni rows
// right, the settings calls, and the software summary from real data.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as S from '../../src/api/contracts/software.js';
import { moduleContracts } from '../../src/api/modules/contracts.js';
import { software } from '../../src/api/modules/software.js';
import { withScope } from '../../server/db/tenant.js';
import { CATALOGUE_APPS } from '../../server/seed/app-catalogue.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { startScimServer } from '../support/scim-server.js';

let s: TestServer;
let orgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
let gaOnly: TestAccount;
const sw = moduleContracts(software);
const ja = () => s.client(admin.token);
const en = () => s.client(adminEn.token);
const marker = () => crypto.randomUUID().slice(0, 8);

/** A person with a worker record (e-mail, number; ended = alumni). */
async function person(o: { family: string; given: string; email: string; number?: string; ended?: boolean }) {
  return withScope(s.db, { orgId }, async (tx) => {
    const p = await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, ${o.family}, ${o.given}, ${o.email}) RETURNING id`.execute(tx);
    const personId = p.rows[0]!.id;
    await sql`INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, started_on, ended_on)
      VALUES (${orgId}, ${personId}, 'EMPLOYEE', ${o.number ?? null}, ${o.email}, '2020-04-01', ${o.ended ? '2024-03-31' : null})`.execute(tx);
    return personId;
  });
}
async function assign(integrationId: string, personId: string, role: string | null) {
  await withScope(s.db, { orgId }, (tx) =>
    sql`INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name) VALUES (${orgId}, ${integrationId}, ${personId}, ${role})`.execute(tx),
  );
}
/** Runs queued jobs (the refresh) as the server's worker would. */
const drain = () => s.worker.drain();

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  [admin, adminEn, gaOnly] = await Promise.all([
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['GA'] }),
  ]);
});
afterAll(() => s?.close());

describe('the marketplace', () => {
  it('lists the catalogue by category and text, names categories in the caller’s language, and 404s the custom-app marker', async () => {
    const all = await ja()(S.listApps, { query: {} });
    expect(all.items.length).toBeGreaterThanOrEqual(30);
    const slack = all.items.find((a) => a.id === 'slack')!;
    expect(slack).toMatchObject({ name: 'Slack', categoryId: 'communication', avatarUrl: '/app-logos/slack.svg', integrationCount: 0 });
    expect(slack.connectors).toContain('SCIM');

    const comm = await ja()(S.listApps, { query: { categoryId: 'communication' } });
    expect(comm.items.length).toBeGreaterThan(0);
    expect(comm.items.every((a) => a.categoryId === 'communication')).toBe(true);
    expect((await ja()(S.listApps, { query: { freeText: 'slack' } })).items.map((a) => a.id)).toContain('slack');

    const cats = await ja()(S.listAppCategories, {});
    expect(cats.items).toHaveLength(21);
    expect(cats.items[0]).toMatchObject({ id: 'marketing', name: 'マーケティング' });
    expect((await en()(S.listAppCategories, {})).items.find((c) => c.id === 'sales-crm')!.name).toBe('Sales & CRM');

    expect((await apiFailure(ja()(S.getApp, { params: { id: S.CUSTOM_APP_ID } }))).status).toBe(404);
    expect((await apiFailure(ja()(S.getApp, { params: { id: 'no-such-app' } }))).status).toBe(404);
  });

  it('is the IT area’s: another area gets 403', async () => {
    expect((await apiFailure(s.client(gaOnly.token)(S.listApps, { query: {} }))).status).toBe(403);
  });
});

describe('an installed app', () => {
  it('install creates the integration and its registry entry, once per app; the registry lists it under SaaS', async () => {
    const tenant = `acme-${marker()}`;
    const first = await ja()(S.installApp, { body: { appId: 'zoom', tenantName: tenant } });
    const again = await ja()(S.installApp, { body: { appId: 'zoom', tenantName: `${tenant}-2` } });
    expect(again.appIntegrationId).not.toBe(first.appIntegrationId);
    expect(again.softwareId).toBe(first.softwareId);

    const i = await ja()(S.getIntegration, { params: { id: first.appIntegrationId } });
    expect(i).toMatchObject({ appId: 'zoom', appName: 'Zoom', tenantName: tenant, status: 'ACTIVE', isSubordinate: false, customApp: false, softwareId: first.softwareId, accountCount: 0 });

    const reg = await ja()(sw.list, { query: { freeText: 'Zoom' } as never });
    expect(reg.items.map((r) => r.id)).toContain(first.softwareId);
    const row = reg.items.find((r) => r.id === first.softwareId)!;
    expect(row).toMatchObject({ softwareType: 'SAAS', vendorName: CATALOGUE_APPS.find((a) => a.id === 'zoom')!.vendor, status: 'ACTIVE' });
    // The integration's registry entry: GET, and POST returns the same one.
    expect(await ja()(S.getIntegrationSoftware, { params: { appIntegrationId: first.appIntegrationId } })).toEqual({ softwareId: first.softwareId });
    expect(await ja()(S.createIntegrationSoftware, { params: { appIntegrationId: first.appIntegrationId } })).toEqual({ softwareId: first.softwareId });
    expect((await ja()(S.listApps, { query: { freeText: 'Zoom' } })).items.find((a) => a.id === 'zoom')!.integrationCount).toBe(2);

    const bad = await apiFailure(ja()(S.installApp, { body: { appId: 'no-such-app' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.appId).toBeTruthy();
  });

  it('the integrations list filters by status and text, with counts per status', async () => {
    const m = marker();
    const a = await ja()(S.installApp, { body: { appId: 'notion', tenantName: `list-${m}` } });
    await ja()(S.deactivateIntegration, { params: { id: a.appIntegrationId } });
    const active = await ja()(S.listIntegrations, { query: { text: `list-${m}` } as never });
    expect(active.items).toHaveLength(0);
    expect(active.counts).toMatchObject({ INTEGRATIONS: 0, DEACTIVATED: 1, ALL: 1 });
    const off = await ja()(S.listIntegrations, { query: { text: `list-${m}`, status: 'DEACTIVATED' } as never });
    expect(off.items.map((x) => x.appIntegrationId)).toEqual([a.appIntegrationId]);
  });
});

describe('accounts from a SCIM tenant', () => {
  it('refreshes through the job, matches accounts to people, and sorts out every rule', async () => {
    const m = marker();
    const mail = (n: string) => `${n}-${m}@acme.test`;
    const hanako = await person({ family: '山田', given: '花子', email: mail('hanako') });
    const taro = await person({ family: '佐藤', given: '太郎', email: mail('taro') });
    const jiro = await person({ family: '鈴木', given: '次郎', email: `jiro-private-${m}@example.test`, number: `E-${m}` });
    const left = await person({ family: '高橋', given: '三郎', email: mail('saburo'), ended: true });
    const noAccount = await person({ family: '田中', given: '四郎', email: mail('shiro') });
    const old = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const scim = await startScimServer({
      token: 'scim-secret',
      pageLimit: 2,
      users: [
        { userName: mail('hanako'), email: mail('hanako'), displayName: '山田 花子', role: 'Admin', lastSignedInAt: recent },
        { userName: mail('taro'), email: mail('taro'), role: 'Member', lastSignedInAt: recent },
        // Matched by employee number, not e-mail.
        { userName: 'jiro', email: `jiro-${m}@acme.test`, employeeNumber: `E-${m}`, role: 'Member', lastSignedInAt: old },
        { userName: mail('saburo'), email: mail('saburo'), role: 'Member', lastSignedInAt: recent },
        { userName: `contractor-${m}`, email: `contractor-${m}@elsewhere.test`, role: 'Member', lastSignedInAt: recent },
        { userName: `suspended-${m}`, email: `suspended-${m}@elsewhere.test`, active: false },
      ],
    });
    try {
      const { appIntegrationId: id } = await ja()(S.installApp, { body: { appId: 'slack', tenantName: `scim-${m}` } });
      // A wrong token is refused by the tenant, in the caller's language; nothing is stored.
      const refused = await apiFailure(en()(S.authenticateIntegration, { params: { id }, body: { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: 'wrong' } }));
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors?.scimBaseUrl?.[0]).toMatch(/refused the token/);
      expect((await ja()(S.getIntegrationSettings, { params: { id } })).authentication).toMatchObject({ connector: 'CSV', hasToken: false });

      expect(await ja()(S.authenticateIntegration, { params: { id }, body: { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: 'scim-secret' } })).toEqual({ success: true });
      const settings = await ja()(S.getIntegrationSettings, { params: { id } });
      expect(settings.authentication).toMatchObject({ connector: 'SCIM', scimBaseUrl: scim.url, hasToken: true });
      expect(JSON.stringify(settings)).not.toContain('scim-secret');

      // Rules: hanako as Admin, taro as Member, jiro as Member, shiro (no account).
      await assign(id, hanako, 'Admin');
      await assign(id, taro, 'Admin');
      await assign(id, jiro, 'Member');
      await assign(id, noAccount, null);

      expect((await ja()(S.refreshResourcesStatus, { params: { id } })).status).toBe('NEVER');
      expect(await ja()(S.refreshResources, { params: { id } })).toEqual({ status: 'ENQUEUED' });
      expect(await ja()(S.refreshResources, { params: { id } })).toEqual({ status: 'ALREADY_IN_PROGRESS' });
      expect((await ja()(S.refreshResourcesStatus, { params: { id } })).status).toBe('IN_PROGRESS');
      expect((await ja()(S.refreshResourcesAllStatus, {})).status).toBe('IN_PROGRESS');
      await drain();
      const status = await ja()(S.refreshResourcesStatus, { params: { id } });
      expect(status).toMatchObject({ status: 'COMPLETED', error: null });
      // Several pages were read (the tenant gives 2 at a time).
      expect(scim.requests.filter((r) => r.path.startsWith('/scim/v2/Users')).length).toBeGreaterThanOrEqual(3);
      // Asked again within a minute.
      expect(await ja()(S.refreshResources, { params: { id } })).toEqual({ status: 'RATE_LIMITED' });

      const all = await ja()(S.listIntegrationUsers, { params: { id }, query: { category: 'ALL' } as never });
      expect(all.count).toBe(7);
      const by = (name: string) => all.items.find((r) => r.name === name || r.worker?.personName === name)!;
      expect(by(mail('hanako'))).toMatchObject({ ruleMatching: 'matched', actualRoleName: 'Admin', suggestedAction: null, worker: { personId: hanako, personName: '山田 花子', assignedRoleName: 'Admin' } });
      expect(by(mail('taro'))).toMatchObject({ ruleMatching: 'violated-role', suggestedAction: 'CHANGE_ROLE', worker: { personId: taro } });
      expect(by('jiro')).toMatchObject({ ruleMatching: 'matched', isInactive: true, suggestedAction: 'DEACTIVATE_ACCOUNT', worker: { personId: jiro } });
      expect(by(mail('saburo'))).toMatchObject({ ruleMatching: 'violated', worker: { personId: left, isAlumni: true } });
      expect(by(`contractor-${m}`)).toMatchObject({ ruleMatching: 'no-worker', worker: null, suggestedAction: 'LINK_PERSON', canChangePerson: true });
      expect(by(`suspended-${m}`)).toMatchObject({ ruleMatching: 'no-worker', isActive: false, suggestedAction: null });
      expect(by('田中 四郎')).toMatchObject({ id: `no-user:${noAccount}`, appUserId: null, ruleMatching: 'no-user', suggestedAction: 'CREATE_ACCOUNT', canDelete: false });

      const counts = (await ja()(S.countIntegrationUsers, { params: { id }, query: {} as never })).counts;
      expect(counts).toEqual({ FOLLOWING: 5, NO_WORKER: 1, VIOLATED: 1, VIOLATED_ROLE: 1, NO_USER: 1, INACTIVE: 1, ALUMNI: 1, ALL: 7 });
      // No category: FOLLOWING for a top-level integration.
      const following = await ja()(S.listIntegrationUsers, { params: { id }, query: {} as never });
      expect(following.count).toBe(5);
      expect(following.items.map((r) => r.ruleMatching).sort()).toEqual(['matched', 'no-user', 'no-worker', 'violated', 'violated-role']);

      // Link the contractor's account to a person by hand: it survives the next refresh.
      const contractor = by(`contractor-${m}`);
      const linked = await ja()(S.linkIntegrationUser, { params: { id, appUserId: contractor.appUserId! }, body: { personId: noAccount } });
      expect(linked).toMatchObject({ ruleMatching: 'matched', worker: { personId: noAccount } });
      await withScope(s.db, { orgId }, (tx) => sql`UPDATE app_integrations SET refresh_requested_at = now() - interval '2 minutes' WHERE id = ${id}`.execute(tx));
      // The tenant drops taro's account; the refresh removes it.
      scim.setUsers([
        { userName: mail('hanako'), email: mail('hanako'), role: 'Admin', lastSignedInAt: recent },
        { userName: `contractor-${m}`, email: `contractor-${m}@elsewhere.test`, role: 'Member', lastSignedInAt: recent },
      ]);
      expect(await ja()(S.refreshResources, { params: { id } })).toEqual({ status: 'ENQUEUED' });
      await drain();
      const after = await ja()(S.listIntegrationUsers, { params: { id }, query: { category: 'ALL' } as never });
      expect(after.items.find((r) => r.name === `contractor-${m}`)!.worker?.personId).toBe(noAccount);
      expect(after.items.some((r) => r.name === mail('taro'))).toBe(false);
      // taro is assigned and has no account any more.
      expect(after.items.find((r) => r.id === `no-user:${taro}`)?.ruleMatching).toBe('no-user');

      // A SCIM account cannot be removed here (it would come back); the message says so.
      const del = await apiFailure(en()(S.deleteIntegrationUser, { params: { id, appUserId: contractor.appUserId! } }));
      expect(del.status).toBe(409);
      expect(del.body.message).toMatch(/next refresh/);
    } finally {
      await scim.close();
    }
  });

  it('a tenant that stops answering ends the refresh FAILED with the reason, and keeps the accounts', async () => {
    const scim = await startScimServer({ token: 't', users: [{ userName: `kept-${marker()}@acme.test` }] });
    const { appIntegrationId: id } = await ja()(S.installApp, { body: { appId: 'github' } });
    await ja()(S.authenticateIntegration, { params: { id }, body: { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: 't' } });
    await ja()(S.refreshResources, { params: { id } });
    await drain();
    expect((await ja()(S.listIntegrationUsers, { params: { id }, query: { category: 'ALL' } as never })).count).toBe(1);
    await scim.close();
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE app_integrations SET refresh_requested_at = NULL WHERE id = ${id}`.execute(tx));
    await en()(S.refreshResources, { params: { id } });
    await drain();
    const st = await en()(S.refreshResourcesStatus, { params: { id } });
    expect(st.status).toBe('FAILED');
    expect(st.error).toMatch(/could not be reached/);
    expect((await ja()(S.listIntegrationUsers, { params: { id }, query: { category: 'ALL' } as never })).count).toBe(1);
  });
});

describe('assignments, groups and a person’s apps', () => {
  it('assigning people sets the rules; groups and a person’s accounts across integrations read back', async () => {
    const m = marker();
    const mail = (n: string) => `${n}-${m}@acme.test`;
    const aiko = await person({ family: '青木', given: '愛子', email: mail('aiko') });
    const ken = await person({ family: '木村', given: '健', email: mail('ken') });
    const scim = await startScimServer({
      token: 't',
      users: [
        { userName: mail('aiko'), email: mail('aiko'), role: 'Member', groups: ['Engineering', 'All staff'] },
        { userName: mail('ken'), email: mail('ken'), role: 'Member', groups: ['All staff'] },
        { userName: `bot-${m}`, email: `bot-${m}@elsewhere.test`, active: false, groups: ['All staff'] },
      ],
    });
    try {
      const { appIntegrationId: id } = await ja()(S.installApp, { body: { appId: 'github', tenantName: `gh-${m}` } });
      await ja()(S.authenticateIntegration, { params: { id }, body: { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: 't' } });
      await ja()(S.refreshResources, { params: { id } });
      await drain();
      // No assignments yet: every linked account is matched (no rule set).
      const before = (await ja()(S.countIntegrationUsers, { params: { id }, query: {} as never })).counts;
      expect(before).toMatchObject({ VIOLATED: 0, VIOLATED_ROLE: 0, NO_USER: 0 });

      // Aiko should be an Admin; ken is not assigned: ken's account is violated, aiko's has the wrong role.
      expect(await ja()(S.putAssignment, { params: { id, personId: aiko }, body: { roleName: 'Admin' } })).toMatchObject({ personId: aiko, personName: '青木 愛子', roleName: 'Admin', hasAccount: true });
      const counts = (await ja()(S.countIntegrationUsers, { params: { id }, query: {} as never })).counts;
      expect(counts).toMatchObject({ VIOLATED: 1, VIOLATED_ROLE: 1, NO_WORKER: 0, ALL: 3 });
      // Assigning again changes the role: aiko is now right.
      await ja()(S.putAssignment, { params: { id, personId: aiko }, body: { roleName: 'member' } });
      expect((await ja()(S.countIntegrationUsers, { params: { id }, query: {} as never })).counts.VIOLATED_ROLE).toBe(0);
      expect((await ja()(S.listAssignments, { params: { id } })).items).toEqual([
        { personId: aiko, personName: '青木 愛子', workerEmail: mail('aiko'), roleName: 'member', hasAccount: true },
      ]);
      await ja()(S.deleteAssignment, { params: { id, personId: aiko } });
      expect((await ja()(S.countIntegrationUsers, { params: { id }, query: {} as never })).counts.VIOLATED).toBe(0);
      expect((await apiFailure(ja()(S.deleteAssignment, { params: { id, personId: aiko } }))).status).toBe(404);

      // Groups as the tenant has them, with members and active members.
      const groups = (await ja()(S.listIntegrationGroups, { params: { id } })).items;
      expect(groups.map((g) => [g.name, g.memberCount, g.activeMemberCount])).toEqual([
        ['All staff', 3, 2],
        ['Engineering', 1, 1],
      ]);

      // Aiko's apps: this account, and a no-user row where she is assigned without an account.
      const { appIntegrationId: other } = await ja()(S.installApp, { body: { appId: 'zoom', tenantName: `zoom-${m}` } });
      await ja()(S.putAssignment, { params: { id: other, personId: aiko }, body: { roleName: null } });
      const apps = await ja()(S.listPersonApps, { params: { personId: aiko } });
      expect(apps.person).toMatchObject({ personId: aiko, name: '青木 愛子', email: mail('aiko'), isAlumni: false });
      expect(apps.items.map((r) => [r.appIntegration.appIntegrationId, r.ruleMatching, r.email])).toEqual(
        expect.arrayContaining([
          [id, 'matched', mail('aiko')],
          [other, 'no-user', null],
        ]),
      );
      expect(apps.items).toHaveLength(2);
      // The software people list: by worker type, filtered by integration, with each person's apps.
      const people = await ja()(S.listSoftwarePeople, { query: { appIntegrationIds: [id], menu: 'All', category: 'all-all', freeText: m } as never });
      expect(people.items.map((p) => [p.personName, p.accountCount, p.apps.map((a) => a.appName)])).toEqual([
        ['木村 健', 1, ['GitHub']],
        ['青木 愛子', 1, ['GitHub']],
      ]);
      expect(people.count).toBe(2);
      const alumniOnly = await ja()(S.listSoftwarePeople, { query: { appIntegrationIds: [id], menu: 'All', category: 'all-alumni' } as never });
      expect(alumniOnly.count).toBe(0);
      const board = await ja()(S.listSoftwarePeople, { query: { appIntegrationIds: [id], menu: 'Board', category: 'board-all' } as never });
      expect(board.count).toBe(0);
      // A deactivated integration refuses assignment changes, in the caller's language.
      await en()(S.deactivateIntegration, { params: { id } });
      const refused = await apiFailure(en()(S.putAssignment, { params: { id, personId: ken }, body: { roleName: null } }));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/deactivated/);
      expect((await apiFailure(ja()(S.listPersonApps, { params: { personId: crypto.randomUUID() } }))).status).toBe(404);
    } finally {
      await scim.close();
    }
  });
});

describe('integration settings', () => {
  it('deactivate and reactivate; a deactivated integration refuses other changes with a message', async () => {
    const { appIntegrationId: id } = await ja()(S.installApp, { body: { appId: 'box' } });
    expect(await ja()(S.deactivateIntegration, { params: { id } })).toEqual({ success: true });
    expect((await ja()(S.getIntegration, { params: { id } })).status).toBe('DEACTIVATED');
    const refused = await apiFailure(en()(S.updateExternalTenant, { params: { id }, body: { tenantName: 'x' } }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/deactivated/);
    expect(await ja()(S.mdmActivateIntegration, { params: { id } })).toEqual({ success: false });
    expect(await ja()(S.reactivateIntegration, { params: { id } })).toEqual({ success: true });
    expect(await ja()(S.mdmActivateIntegration, { params: { id } })).toEqual({ success: true });
    expect((await ja()(S.getIntegrationSettings, { params: { id } })).mdmActivated).toBe(true);
  });

  it('tenant, pricing plan, contract cycle and features are stored and shape the renewal date and the software’s monthly cost', async () => {
    const { appIntegrationId: id, softwareId } = await ja()(S.installApp, { body: { appId: 'figma' } });
    await ja()(S.updateExternalTenant, { params: { id }, body: { tenantName: 'design-team' } });
    await ja()(S.updatePricingPlan, { params: { id }, body: { planName: 'Business', pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 120000, currencyCode: 'JPY', unit: null } });
    await ja()(S.updateCustomAppContract, { params: { id }, body: { contractAnchorMonth: 4, contractAnchorDay: 1, billingCycleUnit: 'YEAR', billingCycleLength: 1 } });
    await ja()(S.updateFeatures, { params: { id }, body: { USER_PROVISIONING: true } });
    const i = await ja()(S.getIntegration, { params: { id } });
    expect(i.tenantName).toBe('design-team');
    expect(i.appContract).toMatchObject({ planName: 'Business', pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 120000, currencyCode: 'JPY', billingCycleUnit: 'YEAR' });
    expect(i.renewalDate).toMatch(/^\d{4}-04-01$/);
    expect(i.renewalDate! >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect((await ja()(S.getIntegrationSettings, { params: { id } })).features.USER_PROVISIONING).toBe(true);

    const summary = await ja()(S.getSoftwareSummary, { params: { softwareId } });
    expect(summary).toMatchObject({ name: 'Figma', isCustomSaas: false, renewalDate: i.renewalDate, refreshStatus: 'COMPLETED' });
    expect(summary.monthlyCost).toEqual([{ currencyCode: 'JPY', amount: 10000 }]);

    // LINEAR without its unit: a field error, nothing changed.
    const bad = await apiFailure(ja()(S.updatePricingPlan, { params: { id }, body: { planName: 'x', pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 10, currencyCode: 'USD', unit: null } }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.unit).toBeTruthy();
    expect((await ja()(S.getIntegration, { params: { id } })).appContract.pricingModel).toBe('FIXED');
  });

  it('delete removes the integration and its accounts; its page is gone', async () => {
    const { appIntegrationId: id } = await ja()(S.installApp, { body: { appId: 'dropbox' } });
    await ja()(S.deleteIntegration, { params: { id } });
    expect((await apiFailure(ja()(S.getIntegration, { params: { id } }))).status).toBe(404);
  });
});

describe('software pages', () => {
  it('detail and architecture save what the operator typed; a blank name is refused', async () => {
    const created = await ja()(sw.create, { body: { name: `社内ツール ${marker()}`, softwareType: 'SCRATCH' } as never });
    await ja()(S.putSoftwareDetail, { params: { softwareId: created.id }, body: { name: '勤怠ボット', vendorName: '情シス', category: 'it-management', status: 'TRIAL', version: '1.2', websiteUrl: null, description: 'Slack で打刻' } });
    await ja()(S.putSoftwareArchitecture, { params: { softwareId: created.id }, body: { deployment: 'ON_PREMISE', authMethod: 'SAML', patchStatus: 'SCHEDULED', compliance: 'IN_PROGRESS', environment: 'prod', installMethod: 'docker', dataLocation: '東京' } });
    const row = await ja()(sw.get, { params: { softwareId: created.id } as never });
    expect(row).toMatchObject({ name: '勤怠ボット', vendorName: '情シス', category: 'it-management', status: 'TRIAL', deployment: 'ON_PREMISE', authMethod: 'SAML', patchStatus: 'SCHEDULED', dataLocation: '東京' });
    const bad = await apiFailure(ja()(S.putSoftwareDetail, { params: { softwareId: created.id }, body: { name: '  ', status: 'ACTIVE' } }));
    expect(bad.status).toBe(400);
    const summary = await ja()(S.getSoftwareSummary, { params: { softwareId: created.id } });
    expect(summary).toMatchObject({ assignedTotal: 0, renewalDate: null, monthlyCost: [], integrations: [] });
  });

  it('the registry’s status tabs: SaaS by default, deactivated apart', async () => {
    const m = marker();
    const a = await ja()(sw.create, { body: { name: `inst ${m}`, softwareType: 'INSTALLED' } as never });
    const b = await ja()(sw.create, { body: { name: `saas ${m}`, softwareType: 'SAAS' } as never });
    const c = await ja()(sw.create, { body: { name: `off ${m}`, softwareType: 'SAAS', status: 'DEACTIVATED' } as never });
    const ids = async (q: Record<string, unknown>) => (await ja()(sw.list, { query: { freeText: m, ...q } as never })).items.map((r) => r.id).sort();
    expect(await ids({})).toEqual([b.id]);
    expect(await ids({ status: 'INSTALLED' })).toEqual([a.id]);
    expect(await ids({ status: 'DEACTIVATED' })).toEqual([c.id]);
    expect(await ids({ status: 'ALL' })).toEqual([a.id, b.id, c.id].sort());
    const counts = await ja()(sw.count!, { query: { freeText: m } as never });
    expect(counts.counts).toMatchObject({ SAAS: 1, INSTALLED: 1, DEACTIVATED: 1, ALL: 3 });
    // sortOrder (spec 2.6) orders the list.
    const desc = await ja()(sw.list, { query: { freeText: m, status: 'ALL', sortColumn: 'NAME', sortOrder: 'desc' } as never });
    expect(desc.items.map((r) => r.name)).toEqual([`saas ${m}`, `off ${m}`, `inst ${m}`]);
  });
});
