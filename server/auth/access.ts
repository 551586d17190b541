// Who the caller is and what they may open, resolved inside the request's
// transaction. Areas are the union of the product permissions of every role
// whose people groups hold the account's person today.
import { sql } from 'kysely';
import type { Area } from '../../src/api/contracts/define.js';
import type { Tx } from '../db/tenant.js';
import type { VerifiedToken } from '../deps.js';
import { unauthenticated } from '../http/errors.js';
import type { AuthContext } from '../http/route.js';

export async function accountAreas(tx: Tx, personId: string | null): Promise<Area[]> {
  if (!personId) return [];
  const row = await tx
    .selectFrom('people_group_members as m')
    .innerJoin('role_people_groups as rpg', 'rpg.people_group_id', 'm.people_group_id')
    .innerJoin('role_product_permissions as rpp', 'rpp.role_id', 'rpg.role_id')
    .innerJoin('product_permissions as pp', 'pp.id', 'rpp.product_permission_id')
    .where('m.person_id', '=', personId)
    .select([
      sql<boolean>`coalesce(bool_or(pp.it), false)`.as('IT'),
      sql<boolean>`coalesce(bool_or(pp.hr), false)`.as('HR'),
      sql<boolean>`coalesce(bool_or(pp.ga), false)`.as('GA'),
      sql<boolean>`coalesce(bool_or(pp.li), false)`.as('LI'),
      sql<boolean>`coalesce(bool_or(pp.marketplace), false)`.as('MARKETPLACE'),
      sql<boolean>`coalesce(bool_or(pp.settings), false)`.as('SETTINGS'),
    ])
    .executeTakeFirst();
  if (!row) return [];
  return (Object.keys(row) as Area[]).filter((k) => row[k]);
}

export async function loadAuthContext(tx: Tx, token: VerifiedToken): Promise<AuthContext> {
  const found = await sql<{ account_id: string; org_id: string }>`SELECT * FROM auth_account_by_sub(${token.sub})`.execute(tx);
  const ids = found.rows[0];
  // A valid pool user without a Daicho account is not signed in to Daicho.
  if (!ids) throw unauthenticated();
  await sql`SELECT set_config('app.org_id', ${ids.org_id}, true), set_config('app.account_id', ${ids.account_id}, true)`.execute(tx);

  const account = await tx
    .selectFrom('accounts as a')
    .innerJoin('organizations as o', 'o.id', 'a.org_id')
    .where('a.id', '=', ids.account_id)
    .select(['a.id', 'a.email', 'a.person_id', 'a.locale', 'a.org_id', 'o.mfa_email_enabled'])
    .executeTakeFirstOrThrow();
  const kinds = await tx.selectFrom('memberships').where('account_id', '=', account.id).select('kind').execute();
  const operatorAccess = kinds.some((k) => k.kind === 'OPERATOR');
  const individualAccess = kinds.some((k) => k.kind === 'INDIVIDUAL');
  if (!operatorAccess && !individualAccess) throw unauthenticated();

  let mfaVerified = false;
  if (account.mfa_email_enabled) {
    const verified = await tx
      .selectFrom('mfa_challenges')
      .where('account_id', '=', account.id)
      .where('session_key', '=', token.sessionKey)
      .where('verified_at', 'is not', null)
      .select('id')
      .executeTakeFirst();
    mfaVerified = Boolean(verified);
  }
  return {
    sub: token.sub,
    sessionKey: token.sessionKey,
    accountId: account.id,
    orgId: account.org_id,
    email: account.email,
    personId: account.person_id,
    locale: account.locale,
    operatorAccess,
    individualAccess,
    areas: operatorAccess ? await accountAreas(tx, account.person_id) : [],
    mfaRequired: account.mfa_email_enabled,
    mfaVerified,
  };
}
