// Roles, product permissions and people groups through the API: the lists
// carry the spec's columns, and who a role reaches follows the groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../src/api/contracts/define.js';
import { getSession } from '../../src/api/contracts/session.js';
import {
  createPeopleGroup,
  createProductPermission,
  createRole,
  listPeopleGroups,
  listProductPermissions,
  listRoles,
} from '../../src/api/contracts/settings.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let admin: TestAccount;
let orgId: string;
beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  admin = await s.createAccount({ orgId, areas: [...AREAS] });
});
afterAll(() => s?.close());

describe('permissions', () => {
  it('a role grants its areas to the people of its groups, with exclusions', async () => {
    const c = s.client(admin.token);
    const employee = await s.createAccount({ orgId, workerType: 'EMPLOYEE' });
    const excluded = await s.createAccount({ orgId, workerType: 'EMPLOYEE' });
    const contractor = await s.createAccount({ orgId, workerType: 'CONTRACTOR' });

    const pp = await c(createProductPermission, { body: { productPermissionName: 'IT と HR', itForce: true, hrForce: true } });
    const group = await c(createPeopleGroup, {
      body: {
        name: '社員（一部除く）',
        membershipEmployee: true,
        individuallyIncluded: [contractor.personId],
        individuallyExcluded: [excluded.personId],
      },
    });
    const role = await c(createRole, { body: { roleName: '情シス', productPermissionIds: [pp.id], peopleGroupIds: [group.id] } });

    expect((await s.client(employee.token)(getSession)).accessibleScopes.sort()).toEqual(['HR', 'IT']);
    expect((await s.client(contractor.token)(getSession)).accessibleScopes.sort()).toEqual(['HR', 'IT']);
    expect((await s.client(excluded.token)(getSession)).accessibleScopes).toEqual([]);

    const roles = await c(listRoles, { query: { freeText: '情シス' } });
    expect(roles.count).toBe(1);
    // Employees of the org (admin, employee, and the other test accounts are employees) + the contractor − the excluded.
    const employees = await s.db.selectFrom('workers').where('org_id', '=', orgId).where('worker_type', '=', 'EMPLOYEE').select('id').execute();
    expect(roles.items[0]).toEqual({
      id: role.id,
      roleName: '情シス',
      totalPeople: employees.length + 1 - 1,
      peopleGroups: [{ id: group.id, name: '社員（一部除く）' }],
      productPermissions: [{ id: pp.id, name: 'IT と HR' }],
    });

    const groups = await c(listPeopleGroups, { query: { freeText: '一部' } });
    expect(groups.items[0]).toMatchObject({
      membershipEmployee: true,
      membershipContractor: false,
      referencedRoles: [{ id: role.id, name: '情シス' }],
      individuallyIncluded: [{ id: contractor.personId }],
      individuallyExcluded: [{ id: excluded.personId }],
    });
  });

  it('lists product permissions by category, text and number of areas', async () => {
    const c = s.client(admin.token);
    await c(createProductPermission, { body: { productPermissionName: 'PP 総務のみ', gaForce: true } });
    await c(createProductPermission, { body: { productPermissionName: 'PP 総務と設定', gaForce: true, settings: true } });
    const ga = await c(listProductPermissions, { query: { category: 'GA', freeText: 'PP 総務', orderBy: 'TOTAL_ACCESSIBLE_PRODUCTS', orderDirection: 'desc' } });
    expect(ga.items.map((x) => [x.productPermissionName, x.totalAccessibleProducts])).toEqual([
      ['PP 総務と設定', 2],
      ['PP 総務のみ', 1],
    ]);
    const it_ = await c(listProductPermissions, { query: { category: 'IT', freeText: 'PP 総務' } });
    expect(it_.count).toBe(0);
    const paged = await c(listProductPermissions, { query: { freeText: 'PP 総務', pageSize: 1, pageIndex: 1 } });
    expect([paged.count, paged.items.length]).toEqual([2, 1]);
  });

  it('refuses ids of rows that do not exist, field by field', async () => {
    const c = s.client(admin.token);
    const res = await s.app.request('/v2/settings/roles', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ roleName: 'x', peopleGroupIds: [crypto.randomUUID()] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ peopleGroupIds: ['指定されたデータが見つかりません。'] });
    expect((await c(listRoles, { query: { freeText: 'x' } })).items.find((r) => r.roleName === 'x')).toBeUndefined();
  });
});
