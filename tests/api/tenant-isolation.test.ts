// An account of organisation A can read or change nothing of organisation B
// through any endpoint: every route of the table is called by A's
// all-areas admin with B's ids wherever an id goes, and B's rows are compared
// before and after.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AREAS } from '../../src/api/contracts/define.js';
import { MODULES } from '../../src/api/modules/index.js';
import { withScope } from '../../server/db/tenant.js';
import { routeTable } from '../../server/routes.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { DECLARATION_ROUTES } from '../support/declarations.js';

let s: TestServer;
let adminA: TestAccount;
let adminB: TestAccount;
let orgB: string;
const bIds: Record<string, string> = {};
/** A CSV file organisation B uploaded (not an id: it never goes into paths). */
let bUploadKey = '';

// A request body per mutating route, with B's ids where ids go. A new
// mutating route must add its example here, or the coverage test fails.
const examples: Record<string, (b: Record<string, string>) => unknown> = {
  'session.patchLocale': () => ({ locale: 'en-US' }),
  'session.mfaEmailChallenge': () => undefined,
  'session.mfaEmailVerify': () => ({ code: '123456' }),
  'invitations.accept': () => ({ password: 'Another-passw0rd!' }),
  'auth.passwordReset.request': () => ({ email: 'b-invitee@daicho.test' }),
  'auth.passwordReset.confirm': () => ({ email: 'b-invitee@daicho.test', code: '123456', password: 'Another-passw0rd!' }),
  'settings.invitations.create': (b) => ({ kind: 'OPERATOR', email: 'x@daicho.test', givenName: 'A', familyName: 'B', personId: b.person }),
  'settings.invitations.revoke': () => undefined,
  'settings.mfa.patchEmail': () => ({ enabled: false }),
  'settings.productPermissions.create': () => ({ productPermissionName: 'pp from A', itForce: true }),
  'settings.peopleGroups.create': (b) => ({ name: 'g from A', individuallyIncluded: [b.person] }),
  'settings.roles.create': (b) => ({ roleName: 'role from A', productPermissionIds: [b.productPermission], peopleGroupIds: [b.peopleGroup] }),
  'equipment.create': (b) => ({ name: 'from A', equipmentTypeId: b.equipmentType, assignedWorkerId: b.worker, placementPlaceId: b.place, deviceId: b.device }),
  'equipment.bulk': (b) => ({ ids: [b.equipment], action: 'assignPlace', values: { placementPlaceId: b.place } }),
  'equipment.csvImport': () => ({ dryrun: false, uploadedFileKey: bUploadKey }),
  'equipmentItems.create': (b) => ({ name: 'item from A', equipmentTypeId: b.equipmentType }),
  'software.create': () => ({ name: 'software from A', softwareType: 'SAAS' }),
  'software.detail': () => ({ name: 'changed by A', status: 'ACTIVE' }),
  'software.architecture': () => ({ deployment: null, authMethod: null, patchStatus: null, compliance: null }),
  'software.createForIntegration': () => undefined,
  // Installing under B's integration as the parent: B's integration is not found.
  'appIntegrations.install': (b) => ({ appId: 'slack', parentAppIntegrationId: b.integration }),
  'appIntegrations.settings.deactivate': () => undefined,
  'appIntegrations.settings.reactivate': () => undefined,
  'appIntegrations.settings.external-tenant': () => ({ tenantName: 'changed by A' }),
  'appIntegrations.settings.custom-app': () => ({ name: 'changed by A', customSaasType: null }),
  'appIntegrations.settings.custom-app-contract': () => ({ contractAnchorMonth: 1, contractAnchorDay: 1, billingCycleUnit: 'MONTH', billingCycleLength: 1 }),
  'appIntegrations.settings.pricing-plan': () => ({ planName: 'A', pricingModel: 'FREE', priceOfUnitPerBillingCycle: null, currencyCode: 'JPY', unit: null }),
  'appIntegrations.settings.features': () => ({ USER_PROVISIONING: true }),
  'appIntegrations.settings.authenticate': () => ({ connector: 'CSV' }),
  'appIntegrations.settings.mdmActivate': () => undefined,
  'appIntegrations.delete': () => undefined,
  'appIntegrations.deleteUser': () => undefined,
  'appIntegrations.linkUser': (b) => ({ personId: b.person }),
  'appIntegrations.refresh': () => undefined,
  'appIntegrations.refreshAll': () => undefined,
  // Rotating makes A a token of A's own; ingesting with A's session token is 401.
  'shadowIt.rotateIngestionToken': () => undefined,
  'shadowIt.ingest': () => ({ events: [{ eventId: 'b-visit-1', visitedAt: new Date().toISOString(), userEmail: 'b-user@b.test', url: 'https://chatgpt.com/', detectionTool: 'proxy-log' }] }),
  // B's ids are no traceable apps: a field error, nothing made.
  'appIntegrations.createCustomApp': (b) => ({ name: 'custom from A', customSaasType: 'LEGAL', traceableSaasId: b.software }),
  'appIntegrations.assign': () => ({ roleName: 'changed by A' }),
  'appIntegrations.unassign': () => undefined,
  // B's integration is not found, and B's upload is not A's to read.
  'appIntegrations.usersCsv.import': () => ({ dryrun: false, uploadedFileKey: bUploadKey }),
  // Organisation: B's units and plans are not found; A's own plan is A's.
  'organization.updateUnit': (b) => ({ validFrom: '2030-01-01', name: 'changed by A', parentUnitId: b.orgUnit }),
  'organization.plans.create': () => ({ name: 'plan of A', effectiveOn: '2100-01-01' }),
  'organization.plans.update': () => ({ name: 'changed by A' }),
  'organization.plans.delete': () => undefined,
  'organization.plans.addUnit': (b) => ({ name: 'unit from A', parentUnitId: b.orgUnit }),
  'organization.plans.editUnit': (b) => ({ name: 'changed by A', parentUnitId: b.orgUnit }),
  'organization.plans.closeUnit': () => undefined,
  'organization.plans.revertUnit': () => undefined,
  'organization.plans.apply': () => undefined,
  // The person profile (HR): B's person, worker and family are not found.
  'person.patchPersonalInformation': () => ({ givenName: 'changed by A' }),
  'person.patchEmployeeInformation': (b) => ({ workerNumber: 'changed by A', jobTitleId: b.person }),
  'person.family.create': () => ({ familyName: 'A', givenName: 'from A', relationship: 'CHILD' }),
  'person.family.patch': () => ({ givenName: 'changed by A' }),
  'person.family.delete': () => undefined,
  'person.lifecycle.record': () => ({ stage: 'LEAVING' }),
  // Adding people: B's place is no reference of A's; B's person is not found; B's upload is not A's; B's integration is not found.
  'people.create': (b) => ({ familyName: 'A', givenName: 'from A', workerType: 'EMPLOYEE', joiningDate: '2025-04-01', placeIds: [b.place] }),
  'people.workers.create': () => ({ workerType: 'CONTRACTOR', joiningDate: '2025-04-01' }),
  'people.csvImport': () => ({ dryrun: false, uploadedFileKey: bUploadKey }),
  'hrSync.apply': () => ({ fingerprint: 'from A' }),
  // Every module: update its title field; enable and disable take no body.
  ...Object.fromEntries(
    MODULES.flatMap((m) => [
      [`${m.id}.update`, () => ({ [m.titleField]: 'changed by A' })],
      [`${m.id}.enable`, () => undefined],
      [`${m.id}.disable`, () => undefined],
      ...(m.id.startsWith('equipment') && !['equipment', 'equipmentItems'].includes(m.id) ? [[`${m.id}.create`, () => ({ [m.titleField]: 'from A' })]] : []),
      // People master lists (HR): a name is all a row needs; a move names a direction.
      ...(m.labels === 'peopleSettings' ? [[`${m.id}.create`, () => ({ name: 'from A' })]] : []),
      ...(m.list.reorder ? [[`${m.id}.move`, () => ({ direction: 'up' })]] : []),
    ]),
  ),
};

/** Everything of organisation B, read as the owning role (bypassing RLS). */
async function snapshotB() {
  const tables = [
    'people',
    'workers',
    'accounts',
    'memberships',
    'invitations',
    'product_permissions',
    'people_groups',
    'people_group_overrides',
    'roles',
    'role_product_permissions',
    'role_people_groups',
    'places',
    'devices',
    'equipment_types',
    'equipment_items',
    'equipment',
    'csv_imports',
    'software',
    'app_integrations',
    'app_users',
    'app_assignments',
    'shadow_it_visits',
    'shadow_it_ingestion_tokens',
    'hr_sync_runs',
    'org_units',
    'org_unit_versions',
    'org_plans',
    'org_plan_units',
    'family_members',
    'worker_lifecycle_events',
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    out[t] = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)} WHERE org_id = ${orgB} ORDER BY 1`.execute(s.db)).rows;
  }
  out.organizations = await s.db.selectFrom('organizations').selectAll().where('id', '=', orgB).execute();
  return JSON.parse(JSON.stringify(out));
}

beforeAll(async () => {
  s = await createTestServer();
  const orgA = await s.createOrg('Org A');
  orgB = await s.createOrg('Org B');
  adminA = await s.createAccount({ orgId: orgA, areas: [...AREAS], kinds: ['OPERATOR', 'INDIVIDUAL'] });
  adminB = await s.createAccount({ orgId: orgB, areas: [...AREAS], kinds: ['OPERATOR', 'INDIVIDUAL'] });
  const b = s.client(adminB.token);
  const { createInvitation } = await import('../../src/api/contracts/invitations.js');
  const inv = await b(createInvitation, { body: { kind: 'INDIVIDUAL', email: 'b-invitee@daicho.test', givenName: '花子', familyName: '佐藤' } });
  const row = await s.db.selectFrom('product_permissions').where('org_id', '=', orgB).select('id').executeTakeFirstOrThrow();
  const group = await s.db.selectFrom('people_groups').where('org_id', '=', orgB).select('id').executeTakeFirstOrThrow();
  const role = await s.db.selectFrom('roles').where('org_id', '=', orgB).select('id').executeTakeFirstOrThrow();
  const one = async (tx: Parameters<Parameters<typeof withScope>[2]>[0], q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(tx)).rows[0]!.id;
  const refs = await withScope(s.db, { orgId: orgB }, async (tx) => {
    const place = await one(tx, sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgB}, 'B-1', 'B の本社') RETURNING id`);
    const device = await one(tx, sql<{ id: string }>`INSERT INTO devices (org_id, name, device_tag) VALUES (${orgB}, 'B PC', 'B-DEV') RETURNING id`);
    const equipmentType = await one(tx, sql<{ id: string }>`INSERT INTO equipment_types (org_id, name) VALUES (${orgB}, 'B 種別') RETURNING id`);
    const equipmentItem = await one(tx, sql<{ id: string }>`INSERT INTO equipment_items (org_id, name, equipment_type_id) VALUES (${orgB}, 'B 品目', ${equipmentType}) RETURNING id`);
    const worker = await one(tx, sql<{ id: string }>`SELECT id FROM workers WHERE person_id = ${adminB.personId}`);
    const equipment = await one(tx, sql<{ id: string }>`INSERT INTO equipment (org_id, name, equipment_type_id, placement_place_id, assigned_worker_id)
      VALUES (${orgB}, 'B の備品', ${equipmentType}, ${place}, ${worker}) RETURNING id`);
    const software = await one(tx, sql<{ id: string }>`INSERT INTO software (org_id, name, software_type, app_id) VALUES (${orgB}, 'B のソフト', 'SAAS', 'slack') RETURNING id`);
    const integration = await one(tx, sql<{ id: string }>`INSERT INTO app_integrations (org_id, app_id, software_id, name, tenant_name, connector)
      VALUES (${orgB}, 'slack', ${software}, 'Slack', 'B のテナント', 'CSV') RETURNING id`);
    const appUser = await one(tx, sql<{ id: string }>`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, email, source, person_id)
      VALUES (${orgB}, ${integration}, 'b-1', 'b-user', 'b-user@b.test', 'CSV', ${adminB.personId}) RETURNING id`);
    await sql`INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name) VALUES (${orgB}, ${integration}, ${adminB.personId}, 'B の役割')`.execute(tx);
    // B's shadow IT: a visit and an ingestion token.
    // (Traceable apps are global, not B's: their ids are no secret.)
    const traceableApp = await one(tx, sql<{ id: string }>`SELECT id FROM traceable_apps WHERE slug = 'chatgpt-com'`);
    await sql`INSERT INTO shadow_it_visits (org_id, event_id, visited_at, user_email, person_id, traceable_app_id, url, detection_tool)
      VALUES (${orgB}, 'b-visit-1', now(), 'b-user@b.test', ${adminB.personId}, ${traceableApp}, 'https://chatgpt.com/c/b-secret-chat', 'proxy-log')`.execute(tx);
    await sql`INSERT INTO shadow_it_ingestion_tokens (org_id, token_hash, hint) VALUES (${orgB}, 'b-token-hash', 'dsi_Bhin')`.execute(tx);
    // B's organisation: a unit and a draft plan that closes it.
    const orgUnit = await one(tx, sql<{ id: string }>`INSERT INTO org_units (org_id, code) VALUES (${orgB}, 'B-UNIT') RETURNING id`);
    const orgUnitVersion = await one(tx, sql<{ id: string }>`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from) VALUES (${orgB}, ${orgUnit}, 'B の部署', '2020-01-01') RETURNING id`);
    const orgPlan = await one(tx, sql<{ id: string }>`INSERT INTO org_plans (org_id, name, effective_on) VALUES (${orgB}, 'B の計画', '2100-01-01') RETURNING id`);
    await sql`INSERT INTO org_plan_units (org_id, plan_id, kind, unit_id, base_version_id) VALUES (${orgB}, ${orgPlan}, 'CLOSE', ${orgUnit}, ${orgUnitVersion})`.execute(tx);
    return { place, device, equipmentType, equipmentItem, worker, equipment, software, integration, appUser, orgUnit, orgPlan };
  });
  // A CSV file B uploaded: A may not import it.
  bUploadKey = `org/${orgB}/import-csv/${crypto.randomUUID()}/b.csv`;
  const presigned = await s.storage.presignUpload({ key: bUploadKey, contentType: 'text/csv', maxBytes: 1000 });
  const put = await s.app.request(presigned.url.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: '備品名\nB のファイル\n' });
  expect(put.status).toBe(200);
  Object.assign(bIds, {
    ...refs,
    person: adminB.personId,
    account: adminB.accountId,
    invitation: inv.id,
    productPermission: row.id,
    peopleGroup: group.id,
    role: role.id,
  });
});
afterAll(() => s?.close());

describe('tenant isolation', () => {
  it('every mutating route has an example body here', () => {
    for (const { contract } of routeTable) {
      if (contract.method !== 'get') expect(examples, contract.id).toHaveProperty(contract.id);
    }
  });

  it("no route, called by A with B's ids, shows or changes anything of B", async () => {
    const before = await snapshotB();
    const secrets = [...Object.values(bIds), 'Org B', adminB.email, 'b-invitee@daicho.test', 'B の備品', 'B 種別', 'B の本社', 'B のソフト', 'B のテナント', 'b-user@b.test', 'B の役割', 'b-secret-chat', 'dsi_Bhin', 'B の部署', 'B の計画'];
    for (const { contract } of routeTable) {
      // People master lists but the representative: one id each (tests/support/declarations.ts).
      const ids = DECLARATION_ROUTES.has(contract.id) ? [bIds.equipment!] : Object.values(bIds);
      const paths = contract.path.includes('{') ? ids.map((id) => contract.path.replace(/\{\w+\}/g, id)) : [contract.path];
      for (const path of paths) {
        const body = examples[contract.id]?.(bIds);
        const res = await s.app.request(path, {
          method: contract.method.toUpperCase(),
          headers: { authorization: `Bearer ${adminA.token}`, 'content-type': 'application/json' },
          ...(body === undefined || contract.method === 'get' ? {} : { body: JSON.stringify(body) }),
        });
        const text = await res.text();
        for (const secret of secrets) expect(text, `${contract.method} ${path} leaked ${secret}`).not.toContain(secret);
      }
    }
    expect(await snapshotB()).toEqual(before);
    // Every route times every id of B: a few thousand requests.
  }, 180_000);

  it("A's lists hold only A's rows", async () => {
    const { listRoles, listPeopleGroups, listProductPermissions } = await import('../../src/api/contracts/settings.js');
    const { listAccounts } = await import('../../src/api/contracts/invitations.js');
    const a = s.client(adminA.token);
    const roles = await a(listRoles);
    const groups = await a(listPeopleGroups);
    const perms = await a(listProductPermissions);
    const accounts = await a(listAccounts, { query: { type: 'OPERATOR_MEMBERSHIP' } });
    expect(roles.items.length).toBeGreaterThan(0);
    expect(accounts.items.map((x) => x.email)).toEqual([adminA.email]);
    for (const list of [roles.items, groups.items, perms.items]) {
      for (const item of list) expect(Object.values(bIds)).not.toContain(item.id);
    }
  });
});
