// A person's areas, kept (migration 0036): the caller's statement reads them
// by one key once a request has worked them out, and works them out again
// the moment anything they depend on changes (a role, a group, a product
// permission, a worker's type or dates) or the day turns.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../src/api/contracts/session.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let orgId: string;
beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
});
afterAll(() => s?.close());

const scopes = async (a: TestAccount) => (await s.client(a.token)(getSession)).accessibleScopes.slice().sort();

/** The person's kept row, once the request's keep (not awaited) has run. */
async function kept(a: TestAccount) {
  return vi.waitFor(
    async () => {
      const row = await s.db.selectFrom('person_areas').where('person_id', '=', a.personId).selectAll().executeTakeFirst();
      if (!row) throw new Error('not kept yet');
      return row;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Rewrites the kept areas in place (same day, same version): what the next
 * request answers shows whether it read the kept row or worked them out. */
async function plant(a: TestAccount, areas: Record<string, boolean>) {
  await s.db.updateTable('person_areas').set({ areas: JSON.stringify(areas) }).where('person_id', '=', a.personId).execute();
}
const ONLY_LI = { IT: false, HR: false, GA: false, LI: true, MARKETPLACE: false, SETTINGS: false };

/** The ids of the product permission and people group createAccount made for `a`. */
async function grantOf(a: TestAccount) {
  return s.db
    .selectFrom('people_group_overrides as o')
    .innerJoin('role_people_groups as rpg', 'rpg.people_group_id', 'o.people_group_id')
    .innerJoin('role_product_permissions as rpp', 'rpp.role_id', 'rpg.role_id')
    .where('o.person_id', '=', a.personId)
    .select(['o.people_group_id as groupId', 'rpp.product_permission_id as permissionId'])
    .executeTakeFirstOrThrow();
}

describe('kept areas', () => {
  it('are kept after the first request and read from then on', async () => {
    const a = await s.createAccount({ orgId, areas: ['GA'] });
    expect(await scopes(a)).toEqual(['GA']);
    const row = await kept(a);
    expect(row.areas).toMatchObject({ GA: true, IT: false });
    // The next request answers what is kept.
    await plant(a, ONLY_LI);
    expect(await scopes(a)).toEqual(['LI']);
  });

  it('are worked out again after a product permission changes', async () => {
    const a = await s.createAccount({ orgId, areas: ['GA'] });
    await scopes(a);
    await kept(a);
    const { permissionId } = await grantOf(a);
    await withScope(s.db, { orgId }, (tx) => tx.updateTable('product_permissions').set({ it: true }).where('id', '=', permissionId).execute());
    expect(await scopes(a)).toEqual(['GA', 'IT']);
    // And kept again, under the new version.
    await vi.waitFor(async () => expect((await kept(a)).areas).toMatchObject({ GA: true, IT: true }), { timeout: 5000 });
  });

  it('are worked out again after the person leaves the group, or the role loses the group', async () => {
    const a = await s.createAccount({ orgId, areas: ['HR'] });
    const b = await s.createAccount({ orgId, areas: ['HR'] });
    await scopes(a);
    await scopes(b);
    await kept(a);
    await kept(b);
    const ga = await grantOf(a);
    await withScope(s.db, { orgId }, (tx) =>
      tx.updateTable('people_group_overrides').set({ mode: 'EXCLUDE' }).where('people_group_id', '=', ga.groupId).where('person_id', '=', a.personId).execute(),
    );
    expect(await scopes(a)).toEqual([]);
    const gb = await grantOf(b);
    await withScope(s.db, { orgId }, (tx) => tx.deleteFrom('role_people_groups').where('people_group_id', '=', gb.groupId).execute());
    expect(await scopes(b)).toEqual([]);
  });

  it("are worked out again when a worker's dates or type change, not on the worker's other writes", async () => {
    const a = await s.createAccount({ orgId, areas: ['GA'] });
    await scopes(a);
    await kept(a);
    // A write that cannot change a membership: the kept row stays current.
    await withScope(s.db, { orgId }, (tx) => tx.updateTable('workers').set({ worker_number: 'W-1' }).where('person_id', '=', a.personId).execute());
    await plant(a, ONLY_LI);
    expect(await scopes(a)).toEqual(['LI']);

    // A group of employees (in an organisation of its own: it holds every
    // employee), and the person becomes a contractor: out.
    const own = await s.createOrg();
    const member = await s.createAccount({ orgId: own, areas: [] });
    await withScope(s.db, { orgId: own }, async (tx) => {
      const p = await tx.insertInto('product_permissions').values({ org_id: own, name: `pp ${member.email}`, settings: true }).returning('id').executeTakeFirstOrThrow();
      const g = await tx.insertInto('people_groups').values({ org_id: own, name: `employees ${member.email}`, membership_employee: true }).returning('id').executeTakeFirstOrThrow();
      const r = await tx.insertInto('roles').values({ org_id: own, name: `r ${member.email}` }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('role_product_permissions').values({ org_id: own, role_id: r.id, product_permission_id: p.id }).execute();
      await tx.insertInto('role_people_groups').values({ org_id: own, role_id: r.id, people_group_id: g.id }).execute();
    });
    expect(await scopes(member)).toEqual(['SETTINGS']);
    await kept(member);
    await withScope(s.db, { orgId: own }, (tx) => tx.updateTable('workers').set({ worker_type: 'CONTRACTOR' }).where('person_id', '=', member.personId).execute());
    expect(await scopes(member)).toEqual([]);
    await withScope(s.db, { orgId: own }, (tx) => tx.updateTable('workers').set({ worker_type: 'EMPLOYEE' }).where('person_id', '=', member.personId).execute());
    expect(await scopes(member)).toEqual(['SETTINGS']);
    // Ended yesterday: no longer a member today.
    await withScope(s.db, { orgId: own }, (tx) =>
      tx.updateTable('workers').set({ ended_on: sql`current_date - 1` }).where('person_id', '=', member.personId).execute(),
    );
    expect(await scopes(member)).toEqual([]);
  });

  it("are not read on another day than the one they were worked out on", async () => {
    const a = await s.createAccount({ orgId, areas: ['IT'] });
    await scopes(a);
    await kept(a);
    await plant(a, ONLY_LI);
    await s.db.updateTable('person_areas').set({ as_of: sql`as_of - 1` }).where('person_id', '=', a.personId).execute();
    expect(await scopes(a)).toEqual(['IT']);
    const today = (await sql<{ d: string }>`SELECT current_date::text AS d`.execute(s.db)).rows[0]!.d;
    await vi.waitFor(
      async () => expect((await sql<{ d: string }>`SELECT as_of::text AS d FROM person_areas WHERE person_id = ${a.personId}`.execute(s.db)).rows[0]?.d).toBe(today),
      { timeout: 5000 },
    );
  });

  it("are neither readable nor writable by the application's role", async () => {
    const a = await s.createAccount({ orgId, areas: ['GA'] });
    await scopes(a);
    await kept(a);
    await expect(withScope(s.db, { orgId }, (tx) => sql`SELECT * FROM person_areas`.execute(tx))).rejects.toThrow(/permission denied/);
  });
});
