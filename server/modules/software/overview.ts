// The app integration overview (spec 7: GET /v2/app-integrations/{id}/overview/…):
// nine calls, each computed from what is stored — the accounts and their
// rules (accounts.ts), the month-by-month sign-in history (activity.ts) and
// the contract (contract-math.ts). Counting happens in SQL; the contract's
// arithmetic on those counts in contract-math.
//
// Choices where the spec is silent:
// - A subordinate integration has no overview (spec 2.3 hides the tab):
//   404 for every call but app-contract, which answers with the parent's
//   contract (the CSV import page reads it for the subordinate flag).
// - The current month comes from the accounts as they are now; past months
//   from the history. A month nothing was recorded in is null, not zero.
// - Costs of past months use the current contract (contracts have no history).
// - A deactivated integration recommends nothing: its accounts cannot be
//   changed until it is reactivated.
import { sql } from 'kysely';
import * as O from '../../../src/api/contracts/app-overview.js';
import type { AppContract, UserCategory } from '../../../src/api/contracts/software.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { categoryCondition, countAccounts, rowsOf } from './accounts.js';
import { CURRENT_MONTH, CURRENT_MONTH_START } from './activity.js';
import { billableUnits, contractOfRow, costPerMonth, cycleBounds, cycleCost, daysBetween, type Money, nextRenewal, roundMoney, savingPerMonth } from './contract-math.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

interface IntegrationRow {
  id: string;
  app_id: string | null;
  name: string;
  tenant_name: string | null;
  status: 'ACTIVE' | 'DEACTIVATED';
  parent_integration_id: string | null;
  parent_name: string | null;
  logo_url: string | null;
  created_month: string;
  pricing_model: AppContract['pricingModel'];
  billing_cycle_unit: AppContract['billingCycleUnit'];
  billing_cycle_length: number | null;
  price_of_unit_per_billing_cycle: string | null;
  currency_code: AppContract['currencyCode'];
  unit: AppContract['unit'];
  plan_name: string | null;
  contract_anchor_month: number | null;
  contract_anchor_day: number | null;
}

/** A live integration of the caller's organisation, with the contract it is billed under (a subordinate's parent's); else 404. */
async function integrationOf(tx: Tx, id: string): Promise<IntegrationRow & { contract: AppContract }> {
  const r = await sql<IntegrationRow>`
    SELECT i.id, i.app_id, i.name, i.tenant_name, i.status, i.parent_integration_id, p.name AS parent_name, a.logo_url,
      to_char(i.created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS created_month,
      c.pricing_model, c.billing_cycle_unit, c.billing_cycle_length, c.price_of_unit_per_billing_cycle, c.currency_code, c.unit,
      c.plan_name, c.contract_anchor_month, c.contract_anchor_day
    FROM app_integrations i
    JOIN app_integrations c ON c.id = coalesce(i.parent_integration_id, i.id)
    LEFT JOIN app_integrations p ON p.id = i.parent_integration_id
    LEFT JOIN apps a ON a.id = i.app_id
    WHERE i.id = ${id} AND i.deleted_at IS NULL`.execute(tx);
  const i = r.rows[0];
  if (!i) throw notFound();
  return {
    ...i,
    contract: contractOfRow(i),
  };
}

/** The integration, unless it is subordinate (no overview of its own). */
async function overviewOf(tx: Tx, id: string) {
  const i = await integrationOf(tx, id);
  if (i.parent_integration_id) throw notFound('appOverview:errors.subordinate');
  return i;
}

/** The accounts as they are now. */
async function liveCounts(tx: Tx, id: string) {
  const r = await sql<{ accounts: string; active: string; signed_in_30: string; people: string; assigned: string }>`
    SELECT count(*) AS accounts, count(*) FILTER (WHERE u.is_active) AS active,
      count(*) FILTER (WHERE u.is_active AND u.last_signed_in_at >= now() - interval '30 days') AS signed_in_30,
      count(DISTINCT u.person_id) FILTER (WHERE u.is_active) AS people,
      (SELECT count(*) FROM app_assignments a WHERE a.app_integration_id = ${id}) AS assigned
    FROM app_users u WHERE u.app_integration_id = ${id}`.execute(tx);
  const x = r.rows[0]!;
  return { accounts: Number(x.accounts), activeAccounts: Number(x.active), signedInLast30Days: Number(x.signed_in_30), matchedPeople: Number(x.people), assignedPeople: Number(x.assigned) };
}

interface MonthRow {
  month: string;
  accounts: string | null;
  active: string | null;
  signed_in: string | null;
}

/** The last OVERVIEW_MONTHS months, oldest first: past ones from the history, the current one from the accounts now. */
async function monthSeries(tx: Tx, id: string) {
  const back = O.OVERVIEW_MONTHS - 1;
  const r = await sql<MonthRow>`
    WITH m AS (
      SELECT (${CURRENT_MONTH} - make_interval(months => g))::date AS month, g = 0 AS current FROM generate_series(0, ${back}) g
    ), h AS (
      SELECT month, count(*) AS accounts, count(*) FILTER (WHERE is_active) AS active, count(*) FILTER (WHERE is_active AND signed_in) AS signed_in
      FROM app_user_months
      WHERE app_integration_id = ${id} AND month >= (${CURRENT_MONTH} - make_interval(months => ${back}))::date AND month < ${CURRENT_MONTH}
      GROUP BY month
    ), l AS (
      SELECT count(*) AS accounts, count(*) FILTER (WHERE is_active) AS active,
        count(*) FILTER (WHERE is_active AND last_signed_in_at >= ${CURRENT_MONTH_START}) AS signed_in
      FROM app_users WHERE app_integration_id = ${id}
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
      CASE WHEN m.current THEN l.accounts ELSE h.accounts END AS accounts,
      CASE WHEN m.current THEN l.active ELSE h.active END AS active,
      CASE WHEN m.current THEN l.signed_in ELSE h.signed_in END AS signed_in
    FROM m LEFT JOIN h ON h.month = m.month CROSS JOIN l
    ORDER BY m.month`.execute(tx);
  const n = (v: string | null) => (v === null ? null : Number(v));
  return r.rows.map((x) => ({ month: x.month, accounts: n(x.accounts), activeAccounts: n(x.active), signedIn: n(x.signed_in) }));
}

const perYear = (m: Money | null): Money | null => m && { currencyCode: m.currencyCode, amount: roundMoney(m.amount * 12, m.currencyCode) };

/** Accounts per saving category and in any of them (each once), in one statement. */
async function removable(tx: Tx, id: string) {
  const cols = O.SAVING_CATEGORIES.map((c) => sql`count(*) FILTER (WHERE ${categoryCondition(c)}) AS ${sql.id(c)}`);
  const any = sql.join(
    O.SAVING_CATEGORIES.map((c) => categoryCondition(c)),
    sql` OR `,
  );
  const r = await sql<Record<string, string>>`SELECT ${sql.join(cols)}, count(*) FILTER (WHERE ${any}) AS removable FROM ${rowsOf(id)}`.execute(tx);
  const row = r.rows[0] ?? {};
  return { removable: Number(row.removable ?? 0), byCategory: O.SAVING_CATEGORIES.map((category) => ({ category, accounts: Number(row[category] ?? 0) })) };
}

/** Action, its users-tab category, and whether doing it removes accounts (and so may save). */
const ACTIONS: ReadonlyArray<{ action: (typeof O.RECOMMENDED_ACTIONS)[number]; category: UserCategory; removes: boolean }> = [
  { action: 'REMOVE_VIOLATED_ACCOUNTS', category: 'VIOLATED', removes: true },
  { action: 'REMOVE_ALUMNI_ACCOUNTS', category: 'ALUMNI', removes: true },
  { action: 'LINK_ACCOUNTS', category: 'NO_WORKER', removes: false },
  { action: 'FIX_ROLES', category: 'VIOLATED_ROLE', removes: false },
  { action: 'REMOVE_INACTIVE_ACCOUNTS', category: 'INACTIVE', removes: true },
  { action: 'CREATE_ACCOUNTS', category: 'NO_USER', removes: false },
];

export function overviewRoutes(): AnyRoute[] {
  const routes = [
    defineRoute(O.getOverviewAppContract, async ({ params }, { tx }) => {
      const i = await integrationOf(tx, params.id);
      return {
        app: { appIntegrationId: i.id, appId: i.app_id, appName: i.name, avatarUrl: i.logo_url, tenantName: i.tenant_name },
        integratedTenantName: i.tenant_name,
        appContract: i.contract,
        isSubordinate: i.parent_integration_id !== null,
        parentApp: i.parent_integration_id ? { appIntegrationId: i.parent_integration_id, appName: i.parent_name ?? '' } : null,
        status: i.status,
      };
    }),
    defineRoute(O.getOverviewUserAndPeople, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      const live = await liveCounts(tx, i.id);
      return { ...live, deactivatedAccounts: live.accounts - live.activeAccounts, counts: await countAccounts(tx, i.id) };
    }),
    defineRoute(O.getOverviewBillingCost, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      const c = i.contract;
      const units = billableUnits(c, await liveCounts(tx, i.id));
      const monthly = costPerMonth(c, units);
      return {
        pricingModel: c.pricingModel,
        unit: c.unit,
        units: c.pricingModel === 'LINEAR' ? units : null,
        unitPrice:
          c.currencyCode && c.pricingModel && (c.priceOfUnitPerBillingCycle !== null || c.pricingModel === 'FREE')
            ? { currencyCode: c.currencyCode, amount: c.pricingModel === 'FREE' ? 0 : roundMoney(c.priceOfUnitPerBillingCycle ?? 0, c.currencyCode) }
            : null,
        cycle: cycleBounds(c, todayInJapan()),
        cycleCost: cycleCost(c, units),
        monthlyCost: monthly,
        yearlyCost: perYear(monthly),
      };
    }),
    defineRoute(O.getOverviewUserGrowth, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      return { months: (await monthSeries(tx, i.id)).map(({ month, accounts, activeAccounts }) => ({ month, accounts, activeAccounts })) };
    }),
    defineRoute(O.getOverviewMonthlyActiveUserRate, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      return {
        months: (await monthSeries(tx, i.id)).map(({ month, activeAccounts, signedIn }) => ({
          month,
          activeAccounts,
          signedIn,
          rate: activeAccounts && signedIn !== null ? Math.round((signedIn / activeAccounts) * 10_000) / 10_000 : null,
        })),
      };
    }),
    defineRoute(O.getOverviewMonthlyCost, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      const c = i.contract;
      return {
        currencyCode: c.pricingModel ? c.currencyCode : null,
        months: (await monthSeries(tx, i.id)).map((m) => {
          // A LINEAR month needs its accounts; a FIXED or FREE one only that the integration existed.
          const known = m.accounts !== null && m.activeAccounts !== null;
          const units = known ? billableUnits(c, { accounts: m.accounts!, activeAccounts: m.activeAccounts! }) : null;
          const cost = c.pricingModel === 'LINEAR' ? (units === null ? null : costPerMonth(c, units)) : known || m.month >= i.created_month ? costPerMonth(c, 0) : null;
          return { month: m.month, units: c.pricingModel === 'LINEAR' ? units : null, amount: cost?.amount ?? null };
        }),
      };
    }),
    defineRoute(O.getOverviewRenewalDate, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      const c = i.contract;
      const today = todayInJapan();
      const renewalDate = nextRenewal(c, today);
      return {
        renewalDate,
        daysLeft: renewalDate ? daysBetween(today, renewalDate) : null,
        billingCycleUnit: c.billingCycleUnit,
        billingCycleLength: c.billingCycleLength,
        contractAnchorMonth: c.contractAnchorMonth,
        contractAnchorDay: c.contractAnchorDay,
      };
    }),
    defineRoute(O.getOverviewSavingCost, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      const c = i.contract;
      const r = await removable(tx, i.id);
      const monthly = savingPerMonth(c, r.removable);
      return {
        pricingModel: c.pricingModel,
        removableAccounts: r.removable,
        monthly,
        yearly: perYear(monthly),
        byCategory: r.byCategory.map((x) => {
          const m = savingPerMonth(c, x.accounts);
          return { ...x, monthly: m, yearly: perYear(m) };
        }),
      };
    }),
    defineRoute(O.getOverviewRecommendedActions, async ({ params }, { tx }) => {
      const i = await overviewOf(tx, params.id);
      if (i.status !== 'ACTIVE') return { items: [] };
      const c = i.contract;
      const counts = await countAccounts(tx, i.id);
      const items: Array<{ action: (typeof O.RECOMMENDED_ACTIONS)[number]; category: UserCategory | null; count: number; monthlySaving: Money | null }> = ACTIONS.filter(
        (a) => counts[a.category] > 0,
      ).map((a) => ({ action: a.action, category: a.category, count: counts[a.category], monthlySaving: a.removes ? savingPerMonth(c, counts[a.category]) : null }));
      if (!c.pricingModel) items.push({ action: 'SET_PRICING_PLAN', category: null, count: 0, monthlySaving: null });
      return { items };
    }),
  ];
  return routes as unknown as AnyRoute[];
}
