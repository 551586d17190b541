import { type ExpressionBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  createPeopleGroup,
  createProductPermission,
  createRole,
  getMfaSettings,
  listPeopleGroups,
  listProductPermissions,
  listRoles,
  patchMfaEmail,
} from '../../../src/api/contracts/settings.js';
import type { Database } from '../../db/schema.js';
import type { Tx } from '../../db/tenant.js';
import { paged } from '../../db/paging.js';
import { fieldError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';

const AREA_COLUMN = { IT: 'it', HR: 'hr', GA: 'ga', LI: 'li', MARKETPLACE: 'marketplace', SETTINGS: 'settings' } as const;

/** Every id must name a row of the caller's organisation (RLS hides the rest). */
async function assertIds(tx: Tx, table: 'people' | 'roles' | 'people_groups' | 'product_permissions', ids: string[], field: string) {
  if (ids.length === 0) return;
  const found = await tx.selectFrom(table).where('id', 'in', ids).select('id').execute();
  if (found.length !== new Set(ids).size) throw fieldError(field, 'NOT_FOUND');
}

export const settingsRoutes = [
  defineRoute(getMfaSettings, async (_i, { tx, auth }) => {
    const org = await tx.selectFrom('organizations').where('id', '=', auth.orgId).select('mfa_email_enabled').executeTakeFirstOrThrow();
    return { email: { enabled: org.mfa_email_enabled } };
  }),

  defineRoute(patchMfaEmail, async ({ body }, { tx, auth }) => {
    await tx.updateTable('organizations').set({ mfa_email_enabled: body.enabled, updated_at: new Date() }).where('id', '=', auth.orgId).execute();
    if (body.enabled) {
      // The administrator who switches codes on is not locked out mid-session:
      // this sign-in counts as verified; their next sign-in asks for a code.
      await tx
        .insertInto('mfa_challenges')
        .values({ org_id: auth.orgId, account_id: auth.accountId, session_key: auth.sessionKey, code_hash: '-', expires_at: new Date(), verified_at: new Date() })
        .execute();
    }
    return { email: { enabled: body.enabled } };
  }),

  defineRoute(listProductPermissions, async ({ query }, { tx }) => {
    let base = tx.selectFrom('product_permissions as pp');
    if (query.category !== 'ALL') base = base.where(`pp.${AREA_COLUMN[query.category]}`, '=', true);
    if (query.freeText?.trim()) base = base.where('pp.name', 'ilike', `%${query.freeText.trim()}%`);
    const total = sql<number>`(pp.it::int + pp.hr::int + pp.ga::int + pp.li::int + pp.marketplace::int + pp.settings::int)`;
    const { rows, count } = await paged(
      base,
      (q) =>
        q
        .selectAll('pp')
        .select(total.as('total'))
        .select((eb) =>
          jsonArrayFrom(
            eb
              .selectFrom('role_product_permissions as rpp')
              .innerJoin('roles as r', 'r.id', 'rpp.role_id')
              .whereRef('rpp.product_permission_id', '=', 'pp.id')
              .select(['r.id', 'r.name'])
              .orderBy('r.name'),
          ).as('roles'),
        )
        .orderBy(query.orderBy === 'NAME' ? 'pp.name' : total, query.orderDirection)
        .orderBy('pp.id'),
      query,
    );
    return {
      count,
      items: rows.map((r) => ({
        id: r.id,
        productPermissionName: r.name,
        totalAccessibleProducts: Number(r.total),
        itForce: r.it,
        hrForce: r.hr,
        gaForce: r.ga,
        liForce: r.li,
        marketplace: r.marketplace,
        settings: r.settings,
        referencedRoles: r.roles,
      })),
    };
  }),

  defineRoute(createProductPermission, async ({ body }, { tx, auth }) => {
    const row = await tx
      .insertInto('product_permissions')
      .values({
        org_id: auth.orgId,
        name: body.productPermissionName.trim(),
        it: body.itForce,
        hr: body.hrForce,
        ga: body.gaForce,
        li: body.liForce,
        marketplace: body.marketplace,
        settings: body.settings,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }),

  defineRoute(listPeopleGroups, async ({ query }, { tx }) => {
    let base = tx.selectFrom('people_groups as g');
    if (query.freeText?.trim()) base = base.where('g.name', 'ilike', `%${query.freeText.trim()}%`);
    const overrides = (eb: ExpressionBuilder<Database & { g: Database['people_groups'] }, 'g'>, mode: 'INCLUDE' | 'EXCLUDE') =>
      jsonArrayFrom(
        eb
          .selectFrom('people_group_overrides as o')
          .innerJoin('people as p', 'p.id', 'o.person_id')
          .whereRef('o.people_group_id', '=', 'g.id')
          .where('o.mode', '=', mode)
          .select(['p.id', sql<string>`p.family_name || ' ' || p.given_name`.as('name')]),
      );
    const { rows, count } = await paged(
      base,
      (q) =>
        q
        .selectAll('g')
        .select((eb) => [
          eb
            .selectFrom('people_group_members as m')
            .whereRef('m.people_group_id', '=', 'g.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('total'),
          jsonArrayFrom(
            eb
              .selectFrom('role_people_groups as rpg')
              .innerJoin('roles as r', 'r.id', 'rpg.role_id')
              .whereRef('rpg.people_group_id', '=', 'g.id')
              .select(['r.id', 'r.name']),
          ).as('roles'),
          overrides(eb, 'INCLUDE').as('included'),
          overrides(eb, 'EXCLUDE').as('excluded'),
        ])
        .orderBy('g.name')
        .orderBy('g.id'),
      query,
    );
    return {
      count,
      items: rows.map((g) => ({
        id: g.id,
        name: g.name,
        totalPeople: Number(g.total ?? 0),
        referencedRoles: g.roles,
        membershipEmployee: g.membership_employee,
        membershipBoardMember: g.membership_board_member,
        membershipContractor: g.membership_contractor,
        membershipCollaborator: g.membership_collaborator,
        individuallyIncluded: g.included,
        individuallyExcluded: g.excluded,
      })),
    };
  }),

  defineRoute(createPeopleGroup, async ({ body }, { tx, auth }) => {
    await assertIds(tx, 'people', body.individuallyIncluded, 'individuallyIncluded');
    await assertIds(tx, 'people', body.individuallyExcluded, 'individuallyExcluded');
    const g = await tx
      .insertInto('people_groups')
      .values({
        org_id: auth.orgId,
        name: body.name.trim(),
        membership_employee: body.membershipEmployee,
        membership_board_member: body.membershipBoardMember,
        membership_contractor: body.membershipContractor,
        membership_collaborator: body.membershipCollaborator,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const overrides = [
      ...body.individuallyIncluded.map((id) => ({ person_id: id, mode: 'INCLUDE' as const })),
      ...body.individuallyExcluded.filter((id) => !body.individuallyIncluded.includes(id)).map((id) => ({ person_id: id, mode: 'EXCLUDE' as const })),
    ];
    if (overrides.length) {
      await tx
        .insertInto('people_group_overrides')
        .values(overrides.map((o) => ({ ...o, org_id: auth.orgId, people_group_id: g.id })))
        .execute();
    }
    return { id: g.id };
  }),

  defineRoute(listRoles, async ({ query }, { tx }) => {
    let base = tx.selectFrom('roles as r');
    if (query.freeText?.trim()) base = base.where('r.name', 'ilike', `%${query.freeText.trim()}%`);
    const { rows, count } = await paged(
      base,
      (q) =>
        q
        .selectAll('r')
        .select((eb) => [
          eb
            .selectFrom('role_people_groups as rpg')
            .innerJoin('people_group_members as m', 'm.people_group_id', 'rpg.people_group_id')
            .whereRef('rpg.role_id', '=', 'r.id')
            .select(sql<string>`count(DISTINCT m.person_id)`.as('n'))
            .as('total'),
          jsonArrayFrom(
            eb
              .selectFrom('role_people_groups as rpg')
              .innerJoin('people_groups as g', 'g.id', 'rpg.people_group_id')
              .whereRef('rpg.role_id', '=', 'r.id')
              .select(['g.id', 'g.name']),
          ).as('groups'),
          jsonArrayFrom(
            eb
              .selectFrom('role_product_permissions as rpp')
              .innerJoin('product_permissions as pp', 'pp.id', 'rpp.product_permission_id')
              .whereRef('rpp.role_id', '=', 'r.id')
              .select(['pp.id', 'pp.name']),
          ).as('permissions'),
        ])
        .orderBy('r.name')
        .orderBy('r.id'),
      query,
    );
    return {
      count,
      items: rows.map((r) => ({
        id: r.id,
        roleName: r.name,
        totalPeople: Number(r.total ?? 0),
        peopleGroups: r.groups,
        productPermissions: r.permissions,
      })),
    };
  }),

  defineRoute(createRole, async ({ body }, { tx, auth }) => {
    await assertIds(tx, 'product_permissions', body.productPermissionIds, 'productPermissionIds');
    await assertIds(tx, 'people_groups', body.peopleGroupIds, 'peopleGroupIds');
    const role = await tx.insertInto('roles').values({ org_id: auth.orgId, name: body.roleName.trim() }).returning('id').executeTakeFirstOrThrow();
    if (body.productPermissionIds.length) {
      await tx
        .insertInto('role_product_permissions')
        .values([...new Set(body.productPermissionIds)].map((id) => ({ org_id: auth.orgId, role_id: role.id, product_permission_id: id })))
        .execute();
    }
    if (body.peopleGroupIds.length) {
      await tx
        .insertInto('role_people_groups')
        .values([...new Set(body.peopleGroupIds)].map((id) => ({ org_id: auth.orgId, role_id: role.id, people_group_id: id })))
        .execute();
    }
    return { id: role.id };
  }),
];
