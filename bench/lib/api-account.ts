// The benchmark's caller: an operator account of the scale organisation with
// the GA and HR areas (person, worker, a product permission granting GA through a
// role and a people group holding the person, account, OPERATOR membership),
// idempotent by e-mail; and its user in a cognito-local pool.
import { sql } from 'kysely';
import { createCognitoAdmin } from '../../server/auth/cognito-admin.js';
import type { Db } from '../../server/db/index.js';
import { withScope } from '../../server/db/tenant.js';

export const BENCH_EMAIL = 'bench-ga@scale.example';
export const BENCH_PASSWORD = 'Bench-passw0rd!';

/** Creates the account once; returns its id. */
export async function ensureBenchAccount(db: Db, orgId: string): Promise<string> {
  return withScope(db, { orgId, requestId: 'bench:account' }, async (tx) => {
    const found = await tx.selectFrom('accounts').where(sql<boolean>`lower(email) = ${BENCH_EMAIL}`).select('id').executeTakeFirst();
    // The people lists (HR area) are measured too: an account made before them gains HR.
    if (found) {
      await tx.updateTable('product_permissions').set({ hr: true }).where('name', '=', 'bench GA').execute();
      return found.id;
    }
    const person = await tx
      .insertInto('people')
      .values({ org_id: orgId, family_name: 'ベンチ', given_name: '総務', email: BENCH_EMAIL })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('workers').values({ org_id: orgId, person_id: person.id, worker_type: 'EMPLOYEE', primary_email: BENCH_EMAIL }).execute();
    const account = await tx.insertInto('accounts').values({ org_id: orgId, email: BENCH_EMAIL, person_id: person.id }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('memberships').values({ org_id: orgId, account_id: account.id, kind: 'OPERATOR' }).execute();
    const pp = await tx.insertInto('product_permissions').values({ org_id: orgId, name: 'bench GA', ga: true, hr: true }).returning('id').executeTakeFirstOrThrow();
    const group = await tx.insertInto('people_groups').values({ org_id: orgId, name: 'bench GA' }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('people_group_overrides').values({ org_id: orgId, people_group_id: group.id, person_id: person.id, mode: 'INCLUDE' }).execute();
    const role = await tx.insertInto('roles').values({ org_id: orgId, name: 'bench GA' }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('role_product_permissions').values({ org_id: orgId, role_id: role.id, product_permission_id: pp.id }).execute();
    await tx.insertInto('role_people_groups').values({ org_id: orgId, role_id: role.id, people_group_id: group.id }).execute();
    return account.id;
  });
}

/** The pool user for the account (created or its password reset), linked by sub. */
export async function linkPoolUser(db: Db, accountId: string, pool: { region: string; endpoint: string; userPoolId: string }): Promise<void> {
  const identity = createCognitoAdmin(pool);
  const { sub } = await identity.createUser({ email: BENCH_EMAIL, password: BENCH_PASSWORD, givenName: 'Bench', familyName: 'GA' });
  await db.updateTable('accounts').set({ cognito_sub: sub }).where('id', '=', accountId).execute();
}
