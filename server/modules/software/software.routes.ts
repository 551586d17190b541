// Software and apps: the marketplace catalogue, installs, app integrations
// and their settings, accounts, refreshes, and the software pages' calls
// beyond the registry's module routes (spec 7 Software, App integrations).
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import * as S from '../../../src/api/contracts/software.js';
import { SOFTWARE_CATEGORIES } from '../../../src/api/modules/software.js';
import { createScimConnector } from '../../connectors/scim.js';
import { ConnectorError } from '../../connectors/types.js';
import type { Tx } from '../../db/tenant.js';
import { likeEscape } from '../../db/like.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { accountRow, countAccounts, listAccounts, matchAccounts, personRows } from './accounts.js';
import { billableUnits, contractOfRow, costPerMonth, nextRenewal, roundMoney } from './contract-math.js';
import { refreshInProgress, requestRefresh } from './refresh.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

// ── Assignments ─────────────────────────────────────────────────────────────
interface AssignmentRow {
  person_id: string;
  person_name: string;
  worker_email: string | null;
  role_name: string | null;
  has_account: boolean;
}
const assignmentSelect = sql`SELECT a.person_id, p.family_name || ' ' || p.given_name AS person_name,
    coalesce((SELECT w.primary_email FROM workers w WHERE w.person_id = p.id ORDER BY w.started_on DESC NULLS LAST LIMIT 1), p.email) AS worker_email,
    a.role_name, EXISTS (SELECT 1 FROM app_users u WHERE u.app_integration_id = a.app_integration_id AND u.person_id = a.person_id) AS has_account
  FROM app_assignments a JOIN people p ON p.id = a.person_id`;
const assignmentOut = (a: AssignmentRow): S.Assignment => ({
  personId: a.person_id,
  personName: a.person_name,
  workerEmail: a.worker_email,
  roleName: a.role_name,
  hasAccount: a.has_account,
});

// ── Catalogue ───────────────────────────────────────────────────────────────
interface AppRow {
  id: string;
  name: string;
  vendor: string;
  category: (typeof SOFTWARE_CATEGORIES)[number];
  website_url: string;
  description_ja: string;
  description_en: string;
  connectors: ('SCIM' | 'CSV')[];
  logo_url: string;
  integrations: string;
}
const appOut = (a: AppRow, locale: Locale): S.App => ({
  id: a.id,
  name: a.name,
  vendor: a.vendor,
  categoryId: a.category,
  websiteUrl: a.website_url,
  description: locale === 'en-US' ? a.description_en : a.description_ja,
  avatarUrl: a.logo_url,
  connectors: a.connectors,
  integrationCount: Number(a.integrations),
});
const appSelect = sql`SELECT a.*, (SELECT count(*) FROM app_integrations i WHERE i.app_id = a.id AND i.deleted_at IS NULL) AS integrations FROM apps a`;

// ── Integrations ────────────────────────────────────────────────────────────
interface IntegrationRow {
  id: string;
  app_id: string | null;
  software_id: string | null;
  name: string;
  custom_app: boolean;
  custom_saas_type: S.AppIntegration['customSaasType'];
  tenant_name: string | null;
  status: 'ACTIVE' | 'DEACTIVATED';
  parent_integration_id: string | null;
  parent_name: string | null;
  connector: 'SCIM' | 'CSV';
  scim_base_url: string | null;
  has_token: boolean;
  authenticated_at: Date | null;
  user_provisioning: boolean;
  mdm_activated_at: Date | null;
  pricing_model: S.AppContract['pricingModel'];
  billing_cycle_unit: S.AppContract['billingCycleUnit'];
  billing_cycle_length: number | null;
  price_of_unit_per_billing_cycle: string | null;
  currency_code: S.AppContract['currencyCode'];
  unit: S.AppContract['unit'];
  plan_name: string | null;
  contract_anchor_month: number | null;
  contract_anchor_day: number | null;
  refreshed_at: Date | null;
  refresh_error: string | null;
  created_at: Date;
  logo_url: string | null;
  accounts: string;
  active_accounts: string;
}

const integrationSelect = sql`
  SELECT i.*, i.scim_token IS NOT NULL AS has_token, p.name AS parent_name, a.logo_url,
    (SELECT count(*) FROM app_users u WHERE u.app_integration_id = i.id) AS accounts,
    (SELECT count(*) FROM app_users u WHERE u.app_integration_id = i.id AND u.is_active) AS active_accounts
  FROM app_integrations i
  LEFT JOIN app_integrations p ON p.id = i.parent_integration_id
  LEFT JOIN apps a ON a.id = i.app_id`;

const contractOf = (i: IntegrationRow): S.AppContract => contractOfRow(i);

const integrationOut = (i: IntegrationRow): S.AppIntegration => ({
  appIntegrationId: i.id,
  appId: i.app_id,
  appName: i.name,
  avatarUrl: i.logo_url,
  tenantName: i.tenant_name,
  status: i.status,
  customApp: i.custom_app,
  customSaasType: i.custom_saas_type,
  isSubordinate: i.parent_integration_id !== null,
  parentApp: i.parent_integration_id ? { appIntegrationId: i.parent_integration_id, appName: i.parent_name ?? '' } : null,
  softwareId: i.software_id,
  connector: i.connector,
  appContract: contractOf(i),
  renewalDate: nextRenewal(contractOf(i), todayInJapan()),
  accountCount: Number(i.accounts),
  refreshedAt: i.refreshed_at?.toISOString() ?? null,
  createdAt: i.created_at.toISOString(),
});

/** A live (not deleted) integration of the caller's organisation, or 404. */
async function integrationOf(tx: Tx, id: string): Promise<IntegrationRow> {
  const r = await sql<IntegrationRow>`${integrationSelect} WHERE i.id = ${id} AND i.deleted_at IS NULL`.execute(tx);
  const row = r.rows[0];
  if (!row) throw notFound();
  return row;
}

/** Changes of a settings call; only an active integration's settings change (reactivate aside). */
async function patch(tx: Tx, id: string, sets: ReturnType<typeof sql>[], o: { whileDeactivated?: boolean } = {}) {
  const i = await integrationOf(tx, id);
  if (i.status !== 'ACTIVE' && !o.whileDeactivated) throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
  await sql`UPDATE app_integrations SET ${sql.join([...sets, sql`updated_at = now()`])} WHERE id = ${id}`.execute(tx);
  return { success: true };
}

/** Creates (once per app) the registry entry of an integration's app and links the integration to it. */
export async function ensureSoftware(tx: Tx, orgId: string, i: { id: string; app_id: string | null; name: string; custom_app: boolean; custom_saas_type: string | null; software_id: string | null }): Promise<string> {
  if (i.software_id) return i.software_id;
  let softwareId: string | undefined;
  if (i.app_id) {
    softwareId = (await sql<{ id: string }>`SELECT id FROM software WHERE app_id = ${i.app_id}`.execute(tx)).rows[0]?.id;
    if (!softwareId) {
      softwareId = (
        await sql<{ id: string }>`INSERT INTO software (org_id, name, software_type, app_id, vendor_name, category, website_url, description, deployment)
          SELECT ${orgId}, a.name, 'SAAS', a.id, a.vendor, a.category, a.website_url, a.description_ja, 'CLOUD' FROM apps a WHERE a.id = ${i.app_id}
          RETURNING id`.execute(tx)
      ).rows[0]!.id;
    }
  } else {
    softwareId = (
      await sql<{ id: string }>`INSERT INTO software (org_id, name, software_type, custom_saas_type, deployment)
        VALUES (${orgId}, ${i.name}, 'CUSTOM_SAAS', ${i.custom_saas_type}, 'CLOUD') RETURNING id`.execute(tx)
    ).rows[0]!.id;
  }
  await sql`UPDATE app_integrations SET software_id = ${softwareId} WHERE id = ${i.id}`.execute(tx);
  return softwareId;
}

function connectorMessage(locale: Locale, err: ConnectorError) {
  return new AppError(400, 'VALIDATION_ERROR', `software:connector.${err.code}`, {}, { scimBaseUrl: [t(locale, `software:connector.${err.code}`)] });
}

const statusCondition = (status: (typeof S.INTEGRATION_LIST_STATUSES)[number]) => {
  switch (status) {
    case 'INTEGRATIONS':
      return sql`i.status = 'ACTIVE' AND NOT i.custom_app`;
    case 'CUSTOM_APPS':
      return sql`i.status = 'ACTIVE' AND i.custom_app`;
    case 'DEACTIVATED':
      return sql`i.status = 'DEACTIVATED'`;
    case 'ALL':
      return sql`true`;
  }
};

export function softwareRoutes(): AnyRoute[] {
  const routes = [
    defineRoute(S.listApps, async ({ query }, { tx, locale }) => {
      const text = query.freeText?.trim();
      const p = text ? `%${likeEscape(text)}%` : null;
      const r = await sql<AppRow>`${appSelect}
        WHERE (${query.categoryId ?? null}::text IS NULL OR a.category = ${query.categoryId ?? null})
          AND (${p}::text IS NULL OR a.name ILIKE ${p} OR a.vendor ILIKE ${p} OR a.description_ja ILIKE ${p} OR a.description_en ILIKE ${p})
        ORDER BY a.display_order, a.name`.execute(tx);
      return { items: r.rows.map((a) => appOut(a, locale)) };
    }),
    defineRoute(S.listAppCategories, async (_i, { tx, locale }) => {
      const r = await sql<{ category: string; n: string }>`SELECT category, count(*) AS n FROM apps GROUP BY category`.execute(tx);
      const counts = new Map(r.rows.map((x) => [x.category, Number(x.n)]));
      return { items: SOFTWARE_CATEGORIES.map((id) => ({ id, name: t(locale, `software:enums.category.${id}`), appCount: counts.get(id) ?? 0 })) };
    }),
    defineRoute(S.getApp, async ({ params }, { tx, locale }) => {
      if (params.id === S.CUSTOM_APP_ID) throw notFound();
      const a = (await sql<AppRow>`${appSelect} WHERE a.id = ${params.id}`.execute(tx)).rows[0];
      if (!a) throw notFound();
      return appOut(a, locale);
    }),

    defineRoute(S.installApp, async ({ body }, { tx, auth }) => {
      const app = (await sql<{ id: string; name: string }>`SELECT id, name FROM apps WHERE id = ${body.appId}`.execute(tx)).rows[0];
      if (!app) throw fieldError('appId', 'validation.reference');
      if (body.parentAppIntegrationId) await integrationOf(tx, body.parentAppIntegrationId);
      const row = (
        await sql<{ id: string; app_id: string; name: string; custom_app: boolean; custom_saas_type: null; software_id: null }>`
          INSERT INTO app_integrations (org_id, app_id, name, tenant_name, parent_integration_id)
          VALUES (${auth.orgId}, ${app.id}, ${app.name}, ${body.tenantName || null}, ${body.parentAppIntegrationId ?? null})
          RETURNING id, app_id, name, custom_app, custom_saas_type, software_id`.execute(tx)
      ).rows[0]!;
      const softwareId = await ensureSoftware(tx, auth.orgId, row);
      return { appIntegrationId: row.id, softwareId };
    }),

    defineRoute(S.listIntegrations, async ({ query }, { tx }) => {
      const text = query.text?.trim();
      const p = text ? `%${likeEscape(text)}%` : null;
      const textCond = sql`(${p}::text IS NULL OR i.name ILIKE ${p} OR i.tenant_name ILIKE ${p})`;
      const dir = sql.raw(query.sortOrder === 'desc' ? 'DESC' : 'ASC');
      const r = await sql<IntegrationRow & { total: string }>`${integrationSelect}
        WHERE i.deleted_at IS NULL AND ${statusCondition(query.status)} AND ${textCond}
        ORDER BY i.name ${dir}, i.id LIMIT ${query.pageSize} OFFSET ${query.pageIndex * query.pageSize}`.execute(tx);
      const c = await sql<Record<string, string>>`SELECT ${sql.join(
        S.INTEGRATION_LIST_STATUSES.map((s) => sql`count(*) FILTER (WHERE ${statusCondition(s)}) AS ${sql.id(s)}`),
      )} FROM app_integrations i WHERE i.deleted_at IS NULL AND ${textCond}`.execute(tx);
      const counts = Object.fromEntries(S.INTEGRATION_LIST_STATUSES.map((s) => [s, Number(c.rows[0]?.[s] ?? 0)])) as Record<(typeof S.INTEGRATION_LIST_STATUSES)[number], number>;
      return { items: r.rows.map(integrationOut), count: counts[query.status], counts };
    }),
    defineRoute(S.getIntegration, async ({ params }, { tx }) => integrationOut(await integrationOf(tx, params.id))),
    defineRoute(S.getIntegrationSettings, async ({ params }, { tx }) => {
      let i = await integrationOf(tx, params.id);
      // A subordinate integration's settings are its parent's (spec 2.3).
      if (i.parent_integration_id) i = await integrationOf(tx, i.parent_integration_id);
      return {
        status: i.status,
        externalTenant: { tenantName: i.tenant_name },
        customApp: i.custom_app ? { name: i.name, customSaasType: i.custom_saas_type } : null,
        appContract: contractOf(i),
        features: { USER_PROVISIONING: i.user_provisioning },
        authentication: { connector: i.connector, scimBaseUrl: i.scim_base_url, hasToken: i.has_token, authenticatedAt: i.authenticated_at?.toISOString() ?? null },
        mdmActivated: i.mdm_activated_at !== null,
      };
    }),
    defineRoute(S.deactivateIntegration, async ({ params }, { tx }) => patch(tx, params.id, [sql`status = 'DEACTIVATED'`])),
    defineRoute(S.reactivateIntegration, async ({ params }, { tx }) => patch(tx, params.id, [sql`status = 'ACTIVE'`], { whileDeactivated: true })),
    defineRoute(S.updateExternalTenant, async ({ params, body }, { tx }) => patch(tx, params.id, [sql`tenant_name = ${body.tenantName}`])),
    defineRoute(S.updateCustomApp, async ({ params, body }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      if (!i.custom_app) throw new AppError(409, 'CONFLICT', 'software:notCustomApp');
      await patch(tx, params.id, [sql`name = ${body.name}`, sql`custom_saas_type = ${body.customSaasType}`]);
      if (i.software_id) await sql`UPDATE software SET name = ${body.name}, custom_saas_type = ${body.customSaasType}, updated_at = now() WHERE id = ${i.software_id}`.execute(tx);
      return { success: true };
    }),
    defineRoute(S.updateCustomAppContract, async ({ params, body }, { tx }) =>
      patch(tx, params.id, [
        sql`contract_anchor_month = ${body.contractAnchorMonth}`,
        sql`contract_anchor_day = ${body.contractAnchorDay}`,
        sql`billing_cycle_unit = ${body.billingCycleUnit}`,
        sql`billing_cycle_length = ${body.billingCycleLength}`,
      ]),
    ),
    defineRoute(S.updatePricingPlan, async ({ params, body }, { tx }) =>
      patch(tx, params.id, [
        sql`plan_name = ${body.planName}`,
        sql`pricing_model = ${body.pricingModel}`,
        sql`price_of_unit_per_billing_cycle = ${body.pricingModel === 'FREE' ? 0 : body.priceOfUnitPerBillingCycle}`,
        sql`currency_code = ${body.currencyCode}`,
        sql`unit = ${body.pricingModel === 'LINEAR' ? body.unit : null}`,
      ]),
    ),
    defineRoute(S.updateFeatures, async ({ params, body }, { tx }) => patch(tx, params.id, [sql`user_provisioning = ${body.USER_PROVISIONING}`])),
    defineRoute(S.authenticateIntegration, async ({ params, body }, { tx, locale, deps }) => {
      const i = await integrationOf(tx, params.id);
      if (i.status !== 'ACTIVE') throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      if (body.connector === 'SCIM') {
        // Checked against the tenant before anything is stored.
        try {
          await createScimConnector({ baseUrl: body.scimBaseUrl, token: body.scimToken, allowPrivateNetwork: deps.config.CONNECTOR_ALLOW_PRIVATE_NETWORK }).test(AbortSignal.timeout(15_000));
        } catch (err) {
          if (err instanceof ConnectorError) throw connectorMessage(locale, err);
          throw err;
        }
        await sql`UPDATE app_integrations SET connector = 'SCIM', scim_base_url = ${body.scimBaseUrl.replace(/\/+$/, '')}, scim_token = ${body.scimToken},
          authenticated_at = now(), refresh_error = NULL, updated_at = now() WHERE id = ${i.id}`.execute(tx);
      } else {
        await sql`UPDATE app_integrations SET connector = 'CSV', scim_base_url = NULL, scim_token = NULL, authenticated_at = NULL, updated_at = now() WHERE id = ${i.id}`.execute(tx);
      }
      return { success: true };
    }),
    defineRoute(S.mdmActivateIntegration, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      if (i.status !== 'ACTIVE') return { success: false };
      await sql`UPDATE app_integrations SET mdm_activated_at = coalesce(mdm_activated_at, now()), updated_at = now() WHERE id = ${i.id}`.execute(tx);
      return { success: true };
    }),
    defineRoute(S.deleteIntegration, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      await sql`DELETE FROM app_users WHERE app_integration_id = ${i.id}`.execute(tx);
      await sql`DELETE FROM app_assignments WHERE app_integration_id = ${i.id}`.execute(tx);
      await sql`UPDATE app_integrations SET deleted_at = now(), status = 'DEACTIVATED', scim_token = NULL, updated_at = now() WHERE id = ${i.id} OR parent_integration_id = ${i.id}`.execute(tx);
      return null;
    }),

    defineRoute(S.listIntegrationUsers, async ({ params, query }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      const category = query.category ?? (i.parent_integration_id ? 'ALL' : 'FOLLOWING');
      return listAccounts(tx, { id: i.id, name: i.name, active: i.status === 'ACTIVE' }, { ...query, category });
    }),
    defineRoute(S.countIntegrationUsers, async ({ params, query }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      return { counts: await countAccounts(tx, i.id, query.freeText) };
    }),
    defineRoute(S.listIntegrationGroups, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      const r = await sql<{ name: string; members: { appUserId: string; name: string; active: boolean }[] }>`
        SELECT g AS name, json_agg(json_build_object('appUserId', u.id, 'name', coalesce(u.display_name, u.user_name), 'active', u.is_active)
                                   ORDER BY coalesce(u.display_name, u.user_name)) AS members
        FROM app_users u CROSS JOIN LATERAL unnest(u.groups) g
        WHERE u.app_integration_id = ${i.id} GROUP BY g ORDER BY g`.execute(tx);
      return {
        items: r.rows.map((g) => ({
          name: g.name,
          memberCount: g.members.length,
          activeMemberCount: g.members.filter((m) => m.active).length,
          members: g.members.map(({ appUserId, name }) => ({ appUserId, name })),
        })),
      };
    }),
    defineRoute(S.listPersonApps, async ({ params }, { tx }) => {
      const p = (
        await sql<{ id: string; name: string; email: string | null; avatar_url: string | null; worker_number: string | null; current: boolean | null }>`
          SELECT p.id, p.family_name || ' ' || p.given_name AS name, coalesce(w.primary_email, p.email) AS email, p.avatar_url, w.worker_number, w.current
          FROM people p LEFT JOIN LATERAL (
            SELECT x.worker_number, x.primary_email, (x.ended_on IS NULL OR x.ended_on >= current_date) AS current
            FROM workers x WHERE x.person_id = p.id ORDER BY (x.ended_on IS NULL OR x.ended_on >= current_date) DESC, x.started_on DESC NULLS LAST LIMIT 1
          ) w ON true WHERE p.id = ${params.personId}`.execute(tx)
      ).rows[0];
      if (!p) throw notFound();
      // Integrations where the person has an account or should have one.
      const ints = await sql<{ id: string; name: string; status: string }>`
        SELECT i.id, i.name, i.status FROM app_integrations i
        WHERE i.deleted_at IS NULL AND (
          EXISTS (SELECT 1 FROM app_users u WHERE u.app_integration_id = i.id AND u.person_id = ${p.id})
          OR EXISTS (SELECT 1 FROM app_assignments a WHERE a.app_integration_id = i.id AND a.person_id = ${p.id}))
        ORDER BY i.name, i.id`.execute(tx);
      const items = [];
      for (const i of ints.rows) items.push(...(await personRows(tx, { id: i.id, name: i.name, active: i.status === 'ACTIVE' }, p.id)));
      return {
        person: { personId: p.id, name: p.name, email: p.email, avatarUrl: p.avatar_url, workerNumber: p.worker_number, isAlumni: p.current === false },
        items,
      };
    }),
    defineRoute(S.listAssignments, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      const r = await sql<AssignmentRow>`${assignmentSelect} WHERE a.app_integration_id = ${i.id} ORDER BY p.family_name, p.given_name, a.person_id`.execute(tx);
      return { items: r.rows.map(assignmentOut) };
    }),
    defineRoute(S.putAssignment, async ({ params, body }, { tx, auth }) => {
      const i = await integrationOf(tx, params.id);
      if (i.status !== 'ACTIVE') throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      const found = await sql`SELECT 1 FROM people WHERE id = ${params.personId}`.execute(tx);
      if (!found.rows.length) throw notFound();
      await sql`INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name) VALUES (${auth.orgId}, ${i.id}, ${params.personId}, ${body.roleName || null})
        ON CONFLICT (app_integration_id, person_id) DO UPDATE SET role_name = EXCLUDED.role_name, updated_at = now()`.execute(tx);
      const r = await sql<AssignmentRow>`${assignmentSelect} WHERE a.app_integration_id = ${i.id} AND a.person_id = ${params.personId}`.execute(tx);
      return assignmentOut(r.rows[0]!);
    }),
    defineRoute(S.deleteAssignment, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      if (i.status !== 'ACTIVE') throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      const r = await sql`DELETE FROM app_assignments WHERE app_integration_id = ${i.id} AND person_id = ${params.personId}`.execute(tx);
      if (!Number(r.numAffectedRows ?? 0)) throw notFound();
      return null;
    }),
    defineRoute(S.listSoftwarePeople, async ({ query }, { tx }) => {
      const types = { Employee: ['EMPLOYEE'], Board: ['BOARD_MEMBER'], Contractor: ['CONTRACTOR'], Collaborator: ['COLLABORATOR'], All: ['EMPLOYEE', 'BOARD_MEMBER', 'CONTRACTOR', 'COLLABORATOR'] }[query.menu];
      // The lifecycle states of the category (joining, offered, …) belong to
      // the people module; this list tells current workers from alumni.
      const state = query.category.split('-').slice(1).join('-');
      const stateCond = state === 'alumni' ? sql`NOT w.current` : state === 'all' ? sql`true` : sql`w.current`;
      const text = query.freeText?.replace(/\s+/gu, ' ').trim();
      const p = text ? `%${likeEscape(text)}%` : null;
      const ids = query.appIntegrationIds ?? [];
      const appCond = ids.length
        ? sql`EXISTS (SELECT 1 FROM app_users u WHERE u.person_id = x.id AND u.app_integration_id IN (${sql.join(ids)}))`
        : sql`true`;
      const dir = sql.raw(query.sortOrder === 'desc' ? 'DESC' : 'ASC');
      const r = await sql<{ id: string; name: string; avatar_url: string | null; worker_type: string | null; email: string | null; current: boolean; total: string }>`
        SELECT x.id, x.family_name || ' ' || x.given_name AS name, x.avatar_url, w.worker_type, coalesce(w.primary_email, x.email) AS email, w.current,
               count(*) OVER () AS total
        FROM people x
        JOIN LATERAL (
          SELECT y.worker_type, y.primary_email, (y.ended_on IS NULL OR y.ended_on >= current_date) AS current
          FROM workers y WHERE y.person_id = x.id ORDER BY (y.ended_on IS NULL OR y.ended_on >= current_date) DESC, y.started_on DESC NULLS LAST LIMIT 1
        ) w ON true
        WHERE w.worker_type IN (${sql.join(types)}) AND ${stateCond} AND ${appCond}
          AND (${p}::text IS NULL OR x.family_name || ' ' || x.given_name ILIKE ${p} OR x.email ILIKE ${p} OR w.primary_email ILIKE ${p})
        ORDER BY x.family_name ${dir}, x.given_name ${dir}, x.id
        LIMIT ${query.pageSize} OFFSET ${query.pageIndex * query.pageSize}`.execute(tx);
      const personIds = r.rows.map((x) => x.id);
      const apps = personIds.length
        ? (
            await sql<{ person_id: string; id: string; name: string; avatar_url: string | null; is_active: boolean }>`
              SELECT u.person_id, i.id, i.name, coalesce(a.logo_url, NULL) AS avatar_url, bool_or(u.is_active) AS is_active
              FROM app_users u JOIN app_integrations i ON i.id = u.app_integration_id AND i.deleted_at IS NULL LEFT JOIN apps a ON a.id = i.app_id
              WHERE u.person_id IN (${sql.join(personIds)})
              GROUP BY u.person_id, i.id, i.name, a.logo_url ORDER BY i.name`.execute(tx)
          ).rows
        : [];
      return {
        count: Number(r.rows[0]?.total ?? 0),
        items: r.rows.map((x) => {
          const mine = apps.filter((a) => a.person_id === x.id);
          return {
            personId: x.id,
            personName: x.name,
            avatarUrl: x.avatar_url,
            workerType: x.worker_type,
            workerEmail: x.email,
            isAlumni: !x.current,
            accountCount: mine.length,
            activeAccountCount: mine.filter((a) => a.is_active).length,
            apps: mine.map((a) => ({ appIntegrationId: a.id, appName: a.name, avatarUrl: a.avatar_url, isActive: a.is_active })),
          };
        }),
      };
    }),
    defineRoute(S.deleteIntegrationUser, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      const row = await accountRow(tx, { id: i.id, name: i.name, active: i.status === 'ACTIVE' }, params.appUserId);
      if (!row) throw notFound();
      if (!row.canDelete) throw new AppError(409, 'CONFLICT', 'software:cannotDeleteAccount');
      await sql`DELETE FROM app_users WHERE id = ${params.appUserId}`.execute(tx);
      return null;
    }),
    defineRoute(S.linkIntegrationUser, async ({ params, body }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      const ref = { id: i.id, name: i.name, active: i.status === 'ACTIVE' };
      const row = await accountRow(tx, ref, params.appUserId);
      if (!row) throw notFound();
      if (!row.canChangePerson) throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      if (body.personId) {
        const found = await sql`SELECT 1 FROM people WHERE id = ${body.personId}`.execute(tx);
        if (!found.rows.length) throw fieldError('personId', 'validation.reference');
        await sql`UPDATE app_users SET person_id = ${body.personId}, link_manual = true, updated_at = now() WHERE id = ${params.appUserId}`.execute(tx);
      } else {
        await sql`UPDATE app_users SET link_manual = false, updated_at = now() WHERE id = ${params.appUserId}`.execute(tx);
        await matchAccounts(tx, i.id);
      }
      return (await accountRow(tx, ref, params.appUserId))!;
    }),

    defineRoute(S.refreshResources, async ({ params }, { tx, auth }) => {
      const i = await integrationOf(tx, params.id);
      if (i.status !== 'ACTIVE') throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      return { status: await requestRefresh(tx, auth.orgId, i.id) };
    }),
    defineRoute(S.refreshResourcesStatus, async ({ params }, { tx, locale }) => {
      const i = await integrationOf(tx, params.id);
      const refreshedAt = i.refreshed_at?.toISOString() ?? null;
      if (await refreshInProgress(tx, i.id)) return { status: 'IN_PROGRESS' as const, refreshedAt, error: null };
      if (i.refresh_error) return { status: 'FAILED' as const, refreshedAt, error: t(locale, `software:connector.${i.refresh_error}`) };
      return { status: refreshedAt ? ('COMPLETED' as const) : ('NEVER' as const), refreshedAt, error: null };
    }),
    defineRoute(S.refreshResourcesAll, async (_i, { tx, auth }) => {
      const ids = (await sql<{ id: string }>`SELECT id FROM app_integrations WHERE deleted_at IS NULL AND status = 'ACTIVE' ORDER BY id`.execute(tx)).rows;
      const outcomes = [];
      for (const { id } of ids) outcomes.push(await requestRefresh(tx, auth.orgId, id));
      const enqueued = outcomes.filter((x) => x === 'ENQUEUED').length;
      const status: (typeof S.REFRESH_TRIGGERS)[number] = enqueued ? 'ENQUEUED' : outcomes.includes('ALREADY_IN_PROGRESS') ? 'ALREADY_IN_PROGRESS' : outcomes.length ? 'RATE_LIMITED' : 'ENQUEUED';
      return { status, enqueued };
    }),
    defineRoute(S.refreshResourcesAllStatus, async (_i, { tx }) => {
      const r = await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE queue = 'app-refresh' AND state IN ('QUEUED', 'RUNNING')`.execute(tx);
      const n = Number(r.rows[0]?.n ?? 0);
      return { status: n ? ('IN_PROGRESS' as const) : ('COMPLETED' as const), inProgress: n };
    }),

    defineRoute(S.getSoftwareSummary, async ({ params }, { tx }) => {
      const s = (
        await sql<{ id: string; name: string; app_id: string | null; software_type: string; vendor_name: string | null; status: 'ACTIVE' | 'TRIAL' | 'DEACTIVATED' | 'DISCONTINUED'; logo_url: string | null }>`
          SELECT s.id, s.name, s.app_id, s.software_type, s.vendor_name, s.status, a.logo_url FROM software s LEFT JOIN apps a ON a.id = s.app_id WHERE s.id = ${params.softwareId}`.execute(tx)
      ).rows[0];
      if (!s) throw notFound();
      const integrations = (await sql<IntegrationRow>`${integrationSelect} WHERE i.software_id = ${s.id} AND i.deleted_at IS NULL ORDER BY i.name, i.id`.execute(tx)).rows;
      const today = todayInJapan();
      const live = integrations.filter((i) => i.status === 'ACTIVE');
      const renewals = live.map((i) => nextRenewal(contractOf(i), today)).filter((d): d is string => !!d).sort();
      const costs = new Map<string, number>();
      for (const i of live) {
        // The same units and rounding as the integration's billing-cost overview.
        const contract = contractOf(i);
        const c = costPerMonth(contract, billableUnits(contract, { accounts: Number(i.accounts), activeAccounts: Number(i.active_accounts) }));
        if (c) costs.set(c.currencyCode, (costs.get(c.currencyCode) ?? 0) + c.amount);
      }
      const refreshing = await refreshInProgress(tx, ...live.map((i) => i.id));
      return {
        softwareId: s.id,
        name: s.name,
        appId: s.app_id,
        isCustomSaas: s.software_type === 'CUSTOM_SAAS',
        vendorName: s.vendor_name,
        status: s.status,
        avatarUrl: s.logo_url,
        assignedTotal: live.reduce((n, i) => n + Number(i.accounts), 0),
        renewalDate: renewals[0] ?? null,
        monthlyCost: [...costs].map(([currencyCode, amount]) => ({ currencyCode: currencyCode as S.AppContract['currencyCode'] & string, amount: roundMoney(amount, currencyCode as NonNullable<S.AppContract['currencyCode']>) })),
        integrations: integrations.map((i) => ({ appIntegrationId: i.id, appName: i.name, tenantName: i.tenant_name, status: i.status, accountCount: Number(i.accounts) })),
        refreshStatus: refreshing ? ('IN_PROGRESS' as const) : ('COMPLETED' as const),
      };
    }),
    defineRoute(S.putSoftwareDetail, async ({ params, body }, { tx }) => {
      const r = await sql`UPDATE software SET name = ${body.name}, vendor_name = ${body.vendorName ?? null}, category = ${body.category ?? null}, status = ${body.status},
        version = ${body.version ?? null}, website_url = ${body.websiteUrl ?? null}, description = ${body.description ?? null},
        custom_saas_type = CASE WHEN software_type = 'CUSTOM_SAAS' THEN ${body.customSaasType ?? null} ELSE custom_saas_type END, updated_at = now()
        WHERE id = ${params.softwareId}`.execute(tx);
      if (!Number(r.numAffectedRows)) throw notFound();
      return { softwareId: params.softwareId };
    }),
    defineRoute(S.putSoftwareArchitecture, async ({ params, body }, { tx }) => {
      const r = await sql`UPDATE software SET deployment = ${body.deployment}, auth_method = ${body.authMethod}, patch_status = ${body.patchStatus}, compliance = ${body.compliance},
        environment = ${body.environment ?? null}, install_method = ${body.installMethod ?? null}, data_location = ${body.dataLocation ?? null}, updated_at = now()
        WHERE id = ${params.softwareId}`.execute(tx);
      if (!Number(r.numAffectedRows)) throw notFound();
      return { softwareId: params.softwareId };
    }),
    defineRoute(S.getIntegrationSoftware, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.appIntegrationId);
      if (!i.software_id) throw notFound();
      return { softwareId: i.software_id };
    }),
    defineRoute(S.createIntegrationSoftware, async ({ params }, { tx, auth }) => {
      const i = await integrationOf(tx, params.appIntegrationId);
      return { softwareId: await ensureSoftware(tx, auth.orgId, i) };
    }),
  ];
  return routes as unknown as AnyRoute[];
}
