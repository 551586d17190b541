// The app integration overview (spec 7: GET /v2/app-integrations/{id}/overview/…)
// against constructed data: accounts of every kind, assignments, a refresh
// (which records the month's activity) and past months' history; each of
// the nine calls under FREE, FIXED and LINEAR plans, monthly and yearly
// cycles; a subordinate integration; another organisation's integration.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as O from '../../src/api/contracts/app-overview.js';
import type { ContractBody } from '../../src/api/contracts/define.js';
import * as S from '../../src/api/contracts/software.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';

let s: TestServer;
let orgId: string;
let admin: TestAccount;
let adminEn: TestAccount;
const ja = () => s.client(admin.token);
const marker = () => crypto.randomUUID().slice(0, 8);

// Today and months in Japan time, as the server counts them.
const tokyo = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(d);
const today = () => tokyo(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 'YYYY-MM' of the month `back` months before this one. */
function monthBack(back: number): string {
  const [y, m] = today().split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

const run = <T>(f: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>) => withScope(s.db, { orgId }, f);

async function person(o: { email: string; ended?: boolean }) {
  return run(async (tx) => {
    const p = await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, '試験', ${o.email.slice(0, 8)}, ${o.email}) RETURNING id`.execute(tx);
    await sql`INSERT INTO workers (org_id, person_id, worker_type, primary_email, started_on, ended_on)
      VALUES (${orgId}, ${p.rows[0]!.id}, 'EMPLOYEE', ${o.email}, '2020-04-01', ${o.ended ? '2024-03-31' : null})`.execute(tx);
    return p.rows[0]!.id;
  });
}

/** An account as a CSV import would leave it; lastDays null = never signed in, 0 = just now. */
async function account(integrationId: string, o: { user: string; email: string; role?: string; active?: boolean; lastDays: number | null; createdDays?: number }) {
  await run((tx) =>
    sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, email, role_name, is_active, last_signed_in_at, app_created_at, deactivated_at, source)
      VALUES (${orgId}, ${integrationId}, ${o.user}, ${o.user}, ${o.email}, ${o.role ?? 'Member'}, ${o.active ?? true},
        ${o.lastDays === null ? null : sql`now() - make_interval(days => ${o.lastDays})`},
        now() - make_interval(days => ${o.createdDays ?? 400}), ${o.active === false ? sql`now() - interval '5 days'` : null}, 'CSV')`.execute(tx),
  );
}

async function assign(integrationId: string, personId: string, role: string) {
  await run((tx) => sql`INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name) VALUES (${orgId}, ${integrationId}, ${personId}, ${role})`.execute(tx));
}

/** Past months' history rows: n accounts, `active` of them active, `signedIn` of those signed in. */
async function history(integrationId: string, back: number, n: number, active: number, signedIn: number) {
  await run((tx) =>
    sql`INSERT INTO app_user_months (org_id, app_integration_id, month, external_id, is_active, signed_in)
      SELECT ${orgId}, ${integrationId}, (date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo') - make_interval(months => ${back}))::date, 'h' || k, k <= ${active}, k <= ${signedIn}
      FROM generate_series(1, ${n}) k`.execute(tx),
  );
}

const pricing = (id: string, body: ContractBody<typeof S.updatePricingPlan>) => ja()(S.updatePricingPlan, { params: { id }, body });
const cycle = (id: string, unit: 'MONTH' | 'YEAR', anchor: string) =>
  ja()(S.updateCustomAppContract, {
    params: { id },
    body: { billingCycleUnit: unit, billingCycleLength: 1, contractAnchorMonth: Number(anchor.slice(5, 7)), contractAnchorDay: Number(anchor.slice(8, 10)) },
  });

let linear: string; // the integration most tests read
// The renewal ten days from now: the anchor's month and day.
let renewal: string;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  [admin, adminEn] = await Promise.all([s.createAccount({ orgId, areas: ['IT'] }), s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' })]);

  const m = marker();
  const mail = (n: string) => `${n}-${m}@overview.test`;
  linear = (await ja()(S.installApp, { body: { appId: 'slack', tenantName: `ov-${m}` } })).appIntegrationId;
  const [p1, p2, p3, p4, p5, alum] = await Promise.all([
    person({ email: mail('p1') }),
    person({ email: mail('p2') }),
    person({ email: mail('p3') }),
    person({ email: mail('p4') }),
    person({ email: mail('p5') }),
    person({ email: mail('alum'), ended: true }),
  ]);
  // a1, a2 signed in just now (a2's role differs from its assignment); a3
  // not for 120 days (inactive); the alumnus's account not for 200 days
  // (alumni, inactive, violated: no assignment); a5 belongs to no one; p4's
  // account is deactivated (it never signed in); p5 is assigned but has no account.
  await account(linear, { user: 'a1', email: mail('p1'), lastDays: 0 });
  await account(linear, { user: 'a2', email: mail('p2'), role: 'Admin', lastDays: 0 });
  await account(linear, { user: 'a3', email: mail('p3'), lastDays: 120 });
  await account(linear, { user: 'a4', email: mail('alum'), lastDays: 200 });
  await account(linear, { user: 'a5', email: mail('nobody'), lastDays: 0 });
  await account(linear, { user: 'a6', email: mail('p4'), active: false, lastDays: null });
  for (const p of [p1, p2, p3, p5]) await assign(linear, p, 'Member');
  void p4;
  void alum;
  // A refresh matches the accounts to people and records this month's activity.
  expect(await ja()(S.refreshResources, { params: { id: linear } })).toEqual({ status: 'ENQUEUED' });
  await s.worker.drain();
  // Past months: last month 4 accounts (3 of the 4 active signed in), two months ago 2 (both).
  await history(linear, 1, 4, 4, 3);
  await history(linear, 2, 2, 2, 2);

  renewal = addDays(today(), 10);
  await pricing(linear, { planName: 'Pro', pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 1000, currencyCode: 'JPY', unit: 'BILLABLE_USER' });
  await cycle(linear, 'MONTH', renewal);
});
afterAll(() => s?.close());

const yen = (amount: number) => ({ currencyCode: 'JPY', amount });

describe('the overview of an integration', () => {
  it('app-contract: the app, tenant and contract', async () => {
    const r = await ja()(O.getOverviewAppContract, { params: { id: linear } });
    expect(r).toMatchObject({ app: { appIntegrationId: linear, appId: 'slack', appName: 'Slack' }, isSubordinate: false, parentApp: null, status: 'ACTIVE' });
    expect(r.integratedTenantName).toMatch(/^ov-/);
    expect(r.appContract).toEqual({
      planName: 'Pro',
      pricingModel: 'LINEAR',
      priceOfUnitPerBillingCycle: 1000,
      currencyCode: 'JPY',
      unit: 'BILLABLE_USER',
      billingCycleUnit: 'MONTH',
      billingCycleLength: 1,
      contractAnchorMonth: Number(renewal.slice(5, 7)),
      contractAnchorDay: Number(renewal.slice(8, 10)),
    });
  });

  it('user-and-people: accounts, active, people, and the rows per category', async () => {
    const r = await ja()(O.getOverviewUserAndPeople, { params: { id: linear } });
    expect(r).toMatchObject({ accounts: 6, activeAccounts: 5, deactivatedAccounts: 1, signedInLast30Days: 3, matchedPeople: 4, assignedPeople: 4 });
    expect(r.counts).toMatchObject({ NO_WORKER: 1, VIOLATED: 1, VIOLATED_ROLE: 1, NO_USER: 1, INACTIVE: 2, ALUMNI: 1, FOLLOWING: 5, ALL: 7 });
  });

  it('billing-cost: LINEAR per billable user (active accounts), this month’s cycle', async () => {
    const r = await ja()(O.getOverviewBillingCost, { params: { id: linear } });
    expect(r).toMatchObject({ pricingModel: 'LINEAR', unit: 'BILLABLE_USER', units: 5, unitPrice: yen(1000), cycleCost: yen(5000), monthlyCost: yen(5000), yearlyCost: yen(60000) });
    expect(r.cycle!.end).toBe(renewal);
    expect(r.cycle!.start <= today() && today() < r.cycle!.end).toBe(true);
  });

  it('renewal-date: the next renewal and the days left', async () => {
    expect(await ja()(O.getOverviewRenewalDate, { params: { id: linear } })).toMatchObject({ renewalDate: renewal, daysLeft: 10, billingCycleUnit: 'MONTH', billingCycleLength: 1 });
  });

  it('user-growth: 12 months, this one from the accounts now, past ones from the history, null where nothing was recorded', async () => {
    const { months } = await ja()(O.getOverviewUserGrowth, { params: { id: linear } });
    expect(months.map((x) => x.month)).toEqual(Array.from({ length: 12 }, (_, k) => monthBack(11 - k)));
    expect(months[11]).toEqual({ month: monthBack(0), accounts: 6, activeAccounts: 5 });
    expect(months[10]).toEqual({ month: monthBack(1), accounts: 4, activeAccounts: 4 });
    expect(months[9]).toEqual({ month: monthBack(2), accounts: 2, activeAccounts: 2 });
    // Eight months back and earlier: before any sign-in the accounts told of.
    expect(months.slice(0, 3).every((x) => x.accounts === null && x.activeAccounts === null)).toBe(true);
  });

  it('the refresh recorded this month’s accounts and the months of earlier last sign-ins', async () => {
    const rows = await run((tx) =>
      sql<{ month: string; external_id: string; is_active: boolean; signed_in: boolean }>`
        SELECT to_char(month, 'YYYY-MM') AS month, external_id, is_active, signed_in FROM app_user_months
        WHERE app_integration_id = ${linear} AND external_id LIKE 'a%' ORDER BY month, external_id`.execute(tx),
    );
    const thisMonth = rows.rows.filter((r) => r.month === monthBack(0));
    expect(thisMonth.map((r) => [r.external_id, r.is_active, r.signed_in])).toEqual([
      ['a1', true, true],
      ['a2', true, true],
      ['a3', true, false],
      ['a4', true, false],
      ['a5', true, true],
      ['a6', false, false],
    ]);
    const a3Month = tokyo(new Date(Date.now() - 120 * 86_400_000)).slice(0, 7);
    expect(rows.rows.find((r) => r.external_id === 'a3' && r.month === a3Month)).toMatchObject({ is_active: true, signed_in: true });
  });

  it('monthly-active-user-rate: signed-in share of the active accounts per month', async () => {
    const { months } = await ja()(O.getOverviewMonthlyActiveUserRate, { params: { id: linear } });
    expect(months[11]).toEqual({ month: monthBack(0), activeAccounts: 5, signedIn: 3, rate: 0.6 });
    expect(months[10]).toEqual({ month: monthBack(1), activeAccounts: 4, signedIn: 3, rate: 0.75 });
    expect(months[9]).toEqual({ month: monthBack(2), activeAccounts: 2, signedIn: 2, rate: 1 });
    expect(months[0]).toEqual({ month: monthBack(11), activeAccounts: null, signedIn: null, rate: null });
  });

  it('monthly-cost: LINEAR months cost their active accounts; unknown months are null', async () => {
    const r = await ja()(O.getOverviewMonthlyCost, { params: { id: linear } });
    expect(r.currencyCode).toBe('JPY');
    expect(r.months[11]).toEqual({ month: monthBack(0), units: 5, amount: 5000 });
    expect(r.months[10]).toEqual({ month: monthBack(1), units: 4, amount: 4000 });
    expect(r.months[9]).toEqual({ month: monthBack(2), units: 2, amount: 2000 });
    expect(r.months[0]).toEqual({ month: monthBack(11), units: null, amount: null });
  });

  it('saving-cost: inactive, alumni and no-worker accounts, each counted once, per month and year', async () => {
    const r = await ja()(O.getOverviewSavingCost, { params: { id: linear } });
    // a3 (inactive), a4 (inactive and alumni), a5 (no-worker).
    expect(r).toMatchObject({ pricingModel: 'LINEAR', removableAccounts: 3, monthly: yen(3000), yearly: yen(36000) });
    expect(r.byCategory).toEqual([
      { category: 'INACTIVE', accounts: 2, monthly: yen(2000), yearly: yen(24000) },
      { category: 'ALUMNI', accounts: 1, monthly: yen(1000), yearly: yen(12000) },
      { category: 'NO_WORKER', accounts: 1, monthly: yen(1000), yearly: yen(12000) },
    ]);
  });

  it('recommended-actions: one per category that needs action, most urgent first, with what removals save', async () => {
    const r = await ja()(O.getOverviewRecommendedActions, { params: { id: linear } });
    expect(r.items).toEqual([
      { action: 'REMOVE_VIOLATED_ACCOUNTS', category: 'VIOLATED', count: 1, monthlySaving: yen(1000) },
      { action: 'REMOVE_ALUMNI_ACCOUNTS', category: 'ALUMNI', count: 1, monthlySaving: yen(1000) },
      { action: 'LINK_ACCOUNTS', category: 'NO_WORKER', count: 1, monthlySaving: null },
      { action: 'FIX_ROLES', category: 'VIOLATED_ROLE', count: 1, monthlySaving: null },
      { action: 'REMOVE_INACTIVE_ACCOUNTS', category: 'INACTIVE', count: 2, monthlySaving: yen(2000) },
      { action: 'CREATE_ACCOUNTS', category: 'NO_USER', count: 1, monthlySaving: null },
    ]);
  });
});

describe('pricing models and cycles', () => {
  it('LINEAR per licence seat on a yearly cycle: every account holds a seat; the year spread over months', async () => {
    await pricing(linear, { planName: 'Business', pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 12000, currencyCode: 'JPY', unit: 'LICENSE_SEAT' });
    await cycle(linear, 'YEAR', renewal);
    try {
      const b = await ja()(O.getOverviewBillingCost, { params: { id: linear } });
      expect(b).toMatchObject({ units: 6, unitPrice: yen(12000), cycleCost: yen(72000), monthlyCost: yen(6000), yearlyCost: yen(72000) });
      expect(b.cycle).toEqual({ start: `${Number(renewal.slice(0, 4)) - 1}${renewal.slice(4)}`, end: renewal });
      expect(await ja()(O.getOverviewRenewalDate, { params: { id: linear } })).toMatchObject({ renewalDate: renewal, daysLeft: 10, billingCycleUnit: 'YEAR' });
      const cost = await ja()(O.getOverviewMonthlyCost, { params: { id: linear } });
      // Seats: every account of the month, active or not.
      expect(cost.months[11]).toEqual({ month: monthBack(0), units: 6, amount: 6000 });
      expect(cost.months[10]).toEqual({ month: monthBack(1), units: 4, amount: 4000 });
      expect((await ja()(O.getOverviewSavingCost, { params: { id: linear } })).monthly).toEqual(yen(3000));
    } finally {
      await cycle(linear, 'MONTH', renewal);
    }
  });

  it('FIXED: the price per cycle whatever the accounts; removing accounts saves nothing', async () => {
    await pricing(linear, { planName: 'Flat', pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 120000, currencyCode: 'JPY', unit: null });
    await cycle(linear, 'YEAR', renewal);
    try {
      expect(await ja()(O.getOverviewBillingCost, { params: { id: linear } })).toMatchObject({ units: null, cycleCost: yen(120000), monthlyCost: yen(10000), yearlyCost: yen(120000) });
      const cost = await ja()(O.getOverviewMonthlyCost, { params: { id: linear } });
      expect(cost.months[11]).toEqual({ month: monthBack(0), units: null, amount: 10000 });
      expect(cost.months[10]).toEqual({ month: monthBack(1), units: null, amount: 10000 });
      // Installed this month: no cost before it.
      expect(cost.months[0]!.amount).toBeNull();
      const saving = await ja()(O.getOverviewSavingCost, { params: { id: linear } });
      expect(saving).toMatchObject({ removableAccounts: 3, monthly: yen(0), yearly: yen(0) });
      const actions = await ja()(O.getOverviewRecommendedActions, { params: { id: linear } });
      expect(actions.items.find((a) => a.action === 'REMOVE_ALUMNI_ACCOUNTS')!.monthlySaving).toEqual(yen(0));
    } finally {
      await cycle(linear, 'MONTH', renewal);
    }
  });

  it('FREE: nothing to pay, nothing to save; a plan without pricing asks for one', async () => {
    await pricing(linear, { planName: 'Free', pricingModel: 'FREE', priceOfUnitPerBillingCycle: null, currencyCode: 'USD', unit: null });
    expect(await ja()(O.getOverviewBillingCost, { params: { id: linear } })).toMatchObject({
      pricingModel: 'FREE',
      unitPrice: { currencyCode: 'USD', amount: 0 },
      cycleCost: { currencyCode: 'USD', amount: 0 },
      monthlyCost: { currencyCode: 'USD', amount: 0 },
    });
    expect((await ja()(O.getOverviewSavingCost, { params: { id: linear } })).monthly).toEqual({ currencyCode: 'USD', amount: 0 });

    const fresh = (await ja()(S.installApp, { body: { appId: 'zoom', tenantName: `fresh-${marker()}` } })).appIntegrationId;
    expect(await ja()(O.getOverviewBillingCost, { params: { id: fresh } })).toMatchObject({ pricingModel: null, units: null, unitPrice: null, cycle: null, cycleCost: null, monthlyCost: null });
    expect(await ja()(O.getOverviewRenewalDate, { params: { id: fresh } })).toMatchObject({ renewalDate: null, daysLeft: null });
    expect((await ja()(O.getOverviewMonthlyCost, { params: { id: fresh } })).months.every((x) => x.amount === null)).toBe(true);
    expect((await ja()(O.getOverviewSavingCost, { params: { id: fresh } })).monthly).toBeNull();
    expect((await ja()(O.getOverviewRecommendedActions, { params: { id: fresh } })).items).toEqual([{ action: 'SET_PRICING_PLAN', category: null, count: 0, monthlySaving: null }]);
    expect((await ja()(O.getOverviewUserAndPeople, { params: { id: fresh } })).accounts).toBe(0);

    await pricing(linear, { planName: 'Pro', pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 1000, currencyCode: 'JPY', unit: 'BILLABLE_USER' });
  });

  it('a deactivated integration keeps its figures and recommends nothing', async () => {
    await ja()(S.deactivateIntegration, { params: { id: linear } });
    try {
      expect((await ja()(O.getOverviewUserAndPeople, { params: { id: linear } })).accounts).toBe(6);
      expect((await ja()(O.getOverviewRecommendedActions, { params: { id: linear } })).items).toEqual([]);
    } finally {
      await ja()(S.reactivateIntegration, { params: { id: linear } });
    }
  });
});

describe('which integrations have an overview', () => {
  it('a subordinate integration: app-contract with its parent’s contract, every other call 404 in the caller’s language', async () => {
    const sub = (await ja()(S.installApp, { body: { appId: 'slack', tenantName: `sub-${marker()}`, parentAppIntegrationId: linear } })).appIntegrationId;
    const c = await ja()(O.getOverviewAppContract, { params: { id: sub } });
    expect(c).toMatchObject({ isSubordinate: true, parentApp: { appIntegrationId: linear, appName: 'Slack' }, app: { appIntegrationId: sub } });
    expect(c.appContract).toMatchObject({ pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 1000, planName: 'Pro' });
    for (const contract of O.overviewContracts.filter((x) => x !== O.getOverviewAppContract)) {
      const e = await apiFailure(ja()(contract, { params: { id: sub } }));
      expect(e.status, contract.id).toBe(404);
      expect(e.body.message).toBe('従属する連携には独自の概要はありません。親の連携を参照してください。');
    }
    const en = await apiFailure(s.client(adminEn.token)(O.getOverviewSavingCost, { params: { id: sub } }));
    expect(en.body.message).toBe('A subordinate integration has no overview of its own. See its parent integration.');
  });

  it('another organisation’s integration, a deleted one and an unknown id: 404', async () => {
    const other = await s.createOrg();
    const stranger = await s.createAccount({ orgId: other, areas: ['IT'] });
    const theirs = (await s.client(stranger.token)(S.installApp, { body: { appId: 'slack', tenantName: 'theirs' } })).appIntegrationId;
    expect((await s.client(stranger.token)(O.getOverviewUserAndPeople, { params: { id: theirs } })).accounts).toBe(0);
    for (const contract of O.overviewContracts) {
      expect((await apiFailure(ja()(contract, { params: { id: theirs } }))).status, contract.id).toBe(404);
    }
    const gone = (await ja()(S.installApp, { body: { appId: 'notion', tenantName: `gone-${marker()}` } })).appIntegrationId;
    await ja()(S.deleteIntegration, { params: { id: gone } });
    expect((await apiFailure(ja()(O.getOverviewAppContract, { params: { id: gone } }))).status).toBe(404);
    expect((await apiFailure(ja()(O.getOverviewMonthlyCost, { params: { id: crypto.randomUUID() } }))).status).toBe(404);
  });
});
