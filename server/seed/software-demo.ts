// Demo software and apps: the registry (SaaS from the catalogue, installed
// software, middleware/OS, a scratch-built tool), eight app integrations with
// their contracts, accounts of the demo people with every kind of row the
// rules know (matched, violated, violated-role, no-worker, no-user, inactive,
// alumni), who should hold an account (assignments), and 12 months of
// sign-in history. Called by seedDemo inside its transaction (as daicho_app,
// scoped to the demo organisation), after the people exist.
//
// Deterministic for a seed: which person holds which account and every
// figure derived from it (counts, costs, savings) depend only on the seed;
// dates are relative to today, so the accounts stay recent, inactive or
// alumni as time passes. Set-based: a handful of statements however many
// accounts (npm start stays fast).
//
// The accounts come from the seed (source 'SEED'), not from a fake
// connector: the integrations' connector is CSV, so a refresh only matches
// them to people again and records the month's activity.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContract } from '../../src/api/contracts/software.js';
import type { Tx } from '../db/tenant.js';
import { matchAccounts } from '../modules/software/accounts.js';
import { CURRENT_MONTH, CURRENT_MONTH_START, recordActivity } from '../modules/software/activity.js';
import { rng } from './equipment.js';

interface RosterRow {
  id: string;
  email: string;
  family_name: string;
  given_name: string;
  worker_type: 'EMPLOYEE' | 'BOARD_MEMBER' | 'CONTRACTOR' | 'COLLABORATOR' | null;
  worker_number: string | null;
  current: boolean | null;
}

type Contract = Omit<AppContract, 'priceOfUnitPerBillingCycle'> & { priceOfUnitPerBillingCycle: number | null };

interface IntegrationSpec {
  key: string;
  appId: string | null;
  name: string;
  tenantName: string;
  customSaasType?: string;
  status?: 'ACTIVE' | 'DEACTIVATED';
  parent?: string;
  /** Days since it was installed. */
  installedDaysAgo: number;
  contract: Contract | null;
}

const contract = (c: Partial<Contract>): Contract => ({
  contractAnchorMonth: null,
  contractAnchorDay: null,
  billingCycleUnit: null,
  billingCycleLength: null,
  pricingModel: null,
  priceOfUnitPerBillingCycle: null,
  currencyCode: null,
  unit: null,
  planName: null,
  ...c,
});

/** The demo integrations. Slack holds one of every kind of row (the overview's e2e test reads its figures). */
export const DEMO_INTEGRATIONS: readonly IntegrationSpec[] = [
  {
    key: 'slack',
    appId: 'slack',
    name: 'Slack',
    tenantName: 'daicho-demo.slack.com',
    installedDaysAgo: 1100,
    contract: contract({ planName: 'Pro', pricingModel: 'LINEAR', unit: 'BILLABLE_USER', priceOfUnitPerBillingCycle: 1050, currencyCode: 'JPY', billingCycleUnit: 'MONTH', billingCycleLength: 1, contractAnchorMonth: 4, contractAnchorDay: 1 }),
  },
  {
    key: 'google',
    appId: 'google-workspace',
    name: 'Google Workspace',
    tenantName: 'daicho.example',
    installedDaysAgo: 1500,
    contract: contract({ planName: 'Business Standard', pricingModel: 'LINEAR', unit: 'LICENSE_SEAT', priceOfUnitPerBillingCycle: 16320, currencyCode: 'JPY', billingCycleUnit: 'YEAR', billingCycleLength: 1, contractAnchorMonth: 4, contractAnchorDay: 1 }),
  },
  {
    key: 'github',
    appId: 'github',
    name: 'GitHub',
    tenantName: 'daicho-demo',
    installedDaysAgo: 900,
    contract: contract({ planName: 'Team', pricingModel: 'LINEAR', unit: 'BILLABLE_USER', priceOfUnitPerBillingCycle: 4, currencyCode: 'USD', billingCycleUnit: 'MONTH', billingCycleLength: 1, contractAnchorMonth: 1, contractAnchorDay: 15 }),
  },
  // A second organisation of the same GitHub account: billed under its parent.
  { key: 'github-oss', appId: 'github', name: 'GitHub', tenantName: 'daicho-oss', parent: 'github', installedDaysAgo: 600, contract: null },
  {
    key: 'zoom',
    appId: 'zoom',
    name: 'Zoom',
    tenantName: 'daicho-demo.zoom.us',
    installedDaysAgo: 1300,
    contract: contract({ planName: 'ビジネス（10 ライセンス）', pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 198000, currencyCode: 'JPY', billingCycleUnit: 'YEAR', billingCycleLength: 1, contractAnchorMonth: 10, contractAnchorDay: 1 }),
  },
  {
    key: 'salesforce',
    appId: 'salesforce',
    name: 'Salesforce',
    tenantName: 'daicho-demo.my.salesforce.com',
    status: 'DEACTIVATED',
    installedDaysAgo: 1000,
    contract: contract({ planName: 'Enterprise', pricingModel: 'LINEAR', unit: 'BILLABLE_USER', priceOfUnitPerBillingCycle: 165, currencyCode: 'USD', billingCycleUnit: 'MONTH', billingCycleLength: 1, contractAnchorMonth: 7, contractAnchorDay: 1 }),
  },
  {
    key: 'expenses',
    appId: null,
    name: '経費精算クラウド',
    tenantName: 'daicho-demo',
    customSaasType: 'FINANCE_AND_ACCOUNTING',
    installedDaysAgo: 700,
    contract: contract({ planName: 'スタンダード', pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 30000, currencyCode: 'JPY', billingCycleUnit: 'MONTH', billingCycleLength: 1, contractAnchorMonth: 1, contractAnchorDay: 1 }),
  },
  {
    key: 'notion',
    appId: 'notion',
    name: 'Notion',
    tenantName: 'daicho-demo',
    installedDaysAgo: 240,
    contract: contract({ planName: 'Free', pricingModel: 'FREE', priceOfUnitPerBillingCycle: 0, currencyCode: 'JPY' }),
  },
];

/** Registry entries beyond the integrated apps: [name, type, vendor, category, version, deployment]. */
const OTHER_SOFTWARE = [
  ['Microsoft Office LTSC 2021', 'INSTALLED', 'Microsoft', 'productivity-office', '2021', 'ON_PREMISE'],
  ['Adobe Acrobat Pro', 'INSTALLED', 'Adobe', 'productivity-office', '2024', 'ON_PREMISE'],
  ['Visual Studio Code', 'INSTALLED', 'Microsoft', 'development', '1.95', 'ON_PREMISE'],
  ['Windows 11 Pro', 'MW_OS', 'Microsoft', 'it-management', '23H2', 'ON_PREMISE'],
  ['PostgreSQL', 'MW_OS', 'PostgreSQL Global Development Group', 'devops-infrastructure', '16', 'ON_PREMISE'],
  ['在庫照会ツール', 'SCRATCH', '情報システム部', 'other', '2.3', 'ON_PREMISE'],
] as const;

interface AccountSpec {
  integration: string;
  external_id: string;
  user_name: string;
  display_name: string | null;
  email: string | null;
  role_name: string | null;
  is_active: boolean;
  configured_mfa: boolean;
  /** Signed in this month (a moment between the month's start, at most 20 days back, and now). */
  recent: number | null;
  /** Else: days since the last sign-in (null: never). */
  last_days: number | null;
  created_days: number;
  deactivated_days: number | null;
}

const localPart = (email: string) => email.split('@')[0]!;

export async function seedSoftwareDemo(tx: Tx, orgId: string, seed: number): Promise<void> {
  const rand = rng(seed ^ 0x5a17);
  const between = (min: number, max: number) => Math.floor(min + rand() * (max - min + 1));

  // ── The registry ──────────────────────────────────────────────────────────
  const appIds = [...new Set(DEMO_INTEGRATIONS.flatMap((i) => (i.appId ? [i.appId] : [])))];
  const saas = await sql<{ id: string; app_id: string }>`
    INSERT INTO software (org_id, name, software_type, app_id, vendor_name, category, website_url, description, deployment, auth_method, status)
    SELECT ${orgId}, a.name, 'SAAS', a.id, a.vendor, a.category, a.website_url, a.description_ja, 'CLOUD', 'SAML',
      CASE WHEN a.id = 'salesforce' THEN 'DEACTIVATED' ELSE 'ACTIVE' END
    FROM apps a WHERE a.id = ANY(${appIds}::text[]) ORDER BY a.id
    RETURNING id, app_id`.execute(tx);
  const softwareOfApp = new Map(saas.rows.map((r) => [r.app_id, r.id]));
  const custom = DEMO_INTEGRATIONS.filter((i) => !i.appId);
  const others = await sql<{ id: string; name: string }>`
    INSERT INTO software (org_id, name, software_type, custom_saas_type, vendor_name, category, version, deployment)
    SELECT ${orgId}, x.name, x.software_type, x.custom_saas_type, x.vendor_name, x.category, x.version, x.deployment
    FROM jsonb_to_recordset(${JSON.stringify([
      ...custom.map((i) => ({ name: i.name, software_type: 'CUSTOM_SAAS', custom_saas_type: i.customSaasType, vendor_name: null, category: 'finance-accounting', version: null, deployment: 'CLOUD' })),
      ...OTHER_SOFTWARE.map(([name, type, vendor, category, version, deployment]) => ({ name, software_type: type, custom_saas_type: null, vendor_name: vendor, category, version, deployment })),
    ])}::jsonb) AS x(name text, software_type text, custom_saas_type text, vendor_name text, category text, version text, deployment text)
    RETURNING id, name`.execute(tx);
  const softwareOfName = new Map(others.rows.map((r) => [r.name, r.id]));

  // ── Integrations (ids made here: a subordinate names its parent's) ───────
  const ids = new Map(DEMO_INTEGRATIONS.map((i) => [i.key, randomUUID()]));
  const integrationRows = DEMO_INTEGRATIONS.map((i) => ({
    id: ids.get(i.key),
    app_id: i.appId,
    software_id: i.appId ? softwareOfApp.get(i.appId) : softwareOfName.get(i.name),
    name: i.name,
    custom_app: !i.appId,
    custom_saas_type: i.customSaasType ?? null,
    tenant_name: i.tenantName,
    status: i.status ?? 'ACTIVE',
    parent_integration_id: i.parent ? ids.get(i.parent) : null,
    installed_days: i.installedDaysAgo,
    pricing_model: i.contract?.pricingModel ?? null,
    billing_cycle_unit: i.contract?.billingCycleUnit ?? null,
    billing_cycle_length: i.contract?.billingCycleLength ?? null,
    price: i.contract?.priceOfUnitPerBillingCycle ?? null,
    currency_code: i.contract?.currencyCode ?? null,
    unit: i.contract?.unit ?? null,
    plan_name: i.contract?.planName ?? null,
    anchor_month: i.contract?.contractAnchorMonth ?? null,
    anchor_day: i.contract?.contractAnchorDay ?? null,
  }));
  await sql`
    INSERT INTO app_integrations (id, org_id, app_id, software_id, name, custom_app, custom_saas_type, tenant_name, status, parent_integration_id, connector,
      pricing_model, billing_cycle_unit, billing_cycle_length, price_of_unit_per_billing_cycle, currency_code, unit, plan_name,
      contract_anchor_month, contract_anchor_day, refreshed_at, created_at, updated_at)
    SELECT x.id, ${orgId}, x.app_id, x.software_id, x.name, x.custom_app, x.custom_saas_type, x.tenant_name, x.status, x.parent_integration_id, 'CSV',
      x.pricing_model, x.billing_cycle_unit, x.billing_cycle_length, x.price, x.currency_code, x.unit, x.plan_name,
      x.anchor_month, x.anchor_day,
      CASE WHEN x.status = 'ACTIVE' THEN now() - interval '2 hours' ELSE now() - interval '95 days' END,
      now() - make_interval(days => x.installed_days), now()
    FROM jsonb_to_recordset(${JSON.stringify(integrationRows)}::jsonb) AS x(id uuid, app_id text, software_id uuid, name text, custom_app boolean, custom_saas_type text,
      tenant_name text, status text, parent_integration_id uuid, installed_days int, pricing_model text, billing_cycle_unit text, billing_cycle_length int,
      price numeric, currency_code text, unit text, plan_name text, anchor_month int, anchor_day int)`.execute(tx);

  // ── Who is who ────────────────────────────────────────────────────────────
  const roster = (
    await sql<RosterRow>`
      SELECT p.id, p.email, p.family_name, p.given_name, w.worker_type, w.worker_number, w.current
      FROM people p LEFT JOIN LATERAL (
        SELECT x.worker_type, x.worker_number, (x.ended_on IS NULL OR x.ended_on >= current_date) AS current
        FROM workers x WHERE x.person_id = p.id ORDER BY (x.ended_on IS NULL OR x.ended_on >= current_date) DESC, x.started_on DESC NULLS LAST LIMIT 1
      ) w ON true
      WHERE p.email IS NOT NULL ORDER BY p.email`.execute(tx)
  ).rows;
  const isDemo = (p: RosterRow) => p.email === 'admin@daicho.example' || p.email === 'it-operator@daicho.example' || p.email === 'individual@daicho.example';
  const current = (type: RosterRow['worker_type']) => roster.filter((p) => p.current && p.worker_type === type);
  const employees = current('EMPLOYEE');
  const plainEmployees = employees.filter((p) => !isDemo(p));
  const staff = [...employees, ...current('BOARD_MEMBER'), ...current('CONTRACTOR')];
  const collaborators = current('COLLABORATOR');
  const alumni = roster.filter((p) => p.worker_type && !p.current);
  const admins = roster.filter((p) => p.email === 'admin@daicho.example' || p.email === 'it-operator@daicho.example');

  const accounts: AccountSpec[] = [];
  const assignments: Array<{ integration: string; person_id: string; role_name: string | null }> = [];
  const nameOf = (p: RosterRow) => `${p.family_name} ${p.given_name}`;
  /** A person's account: signed in this month unless `lastDays` says when. */
  const account = (integration: string, p: RosterRow | null, o: Partial<AccountSpec> & { user?: string; createdWithinYear?: boolean } = {}) => {
    const user = o.user ?? (p ? localPart(p.email) : 'unknown');
    const lastDays = o.last_days ?? null;
    const created = o.created_days ?? (o.createdWithinYear ? between(15, 330) : between(400, 1400));
    accounts.push({
      integration,
      external_id: `${integration}:${user}`,
      user_name: user,
      display_name: o.display_name !== undefined ? o.display_name : p ? nameOf(p) : null,
      email: o.email !== undefined ? o.email : (p?.email ?? null),
      role_name: o.role_name ?? null,
      is_active: o.is_active ?? true,
      configured_mfa: rand() < 0.8,
      recent: lastDays === null && (o.is_active ?? true) && o.recent !== null ? rand() : null,
      last_days: lastDays,
      // Created before its last sign-in.
      created_days: lastDays !== null && created <= lastDays ? lastDays + between(10, 60) : created,
      deactivated_days: o.deactivated_days ?? null,
    });
  };

  // Slack: every current staff member should have an account ('Member'; the
  // two IT operators 'Workspace Admin'). Two have none yet (no-user); two
  // hold an admin role they were not given (violated-role); four stopped
  // signing in (inactive); two collaborators have guest accounts
  // (violated); five alumni still have one (three active: alumni), and
  // three accounts belong to no one (no-worker), one of them unused.
  const noUser = new Set(plainEmployees.slice(-2).map((p) => p.id));
  const wrongRole = new Set(plainEmployees.slice(0, 2).map((p) => p.id));
  const inactive = new Set(plainEmployees.slice(2, 6).map((p) => p.id));
  for (const p of staff) {
    const role = admins.includes(p) ? 'Workspace Admin' : 'Member';
    assignments.push({ integration: 'slack', person_id: p.id, role_name: role });
    if (noUser.has(p.id)) continue;
    account('slack', p, {
      role_name: wrongRole.has(p.id) ? 'Workspace Admin' : role,
      ...(inactive.has(p.id) ? { last_days: between(100, 250) } : {}),
      createdWithinYear: rand() < 0.25,
    });
  }
  for (const p of collaborators.slice(0, 2)) account('slack', p, { role_name: 'Guest', createdWithinYear: true });
  alumni.forEach((p, k) => {
    const gone = between(400, 1500);
    account('slack', p, { role_name: 'Member', last_days: gone, ...(k >= 3 ? { is_active: false, deactivated_days: gone - between(1, 30) } : {}) });
  });
  account('slack', null, { user: 'ext.consultant', display_name: 'External Consultant', email: 'ext.consultant@partner.example', role_name: 'Guest', createdWithinYear: true });
  account('slack', null, { user: 'shared.reception', display_name: '受付（共用）', email: 'shared.reception@daicho.example', role_name: 'Member', last_days: between(120, 200) });
  account('slack', null, { user: 'kiosk.tablet', display_name: '会議室タブレット', email: 'kiosk.tablet@daicho.example', role_name: 'Member' });

  // Google Workspace: a seat for every current staff member; two alumni
  // suspended (still holding seats); two shared mailboxes; no assignments.
  for (const p of staff) account('google', p, { role_name: admins.includes(p) ? 'Super Admin' : 'User', ...(plainEmployees.slice(6, 8).includes(p) ? { last_days: between(95, 180) } : {}), createdWithinYear: rand() < 0.15 });
  for (const p of alumni.slice(0, 2)) {
    const gone = between(200, 900);
    account('google', p, { role_name: 'User', is_active: false, last_days: gone, deactivated_days: gone - 1 });
  }
  account('google', null, { user: 'info', display_name: 'お問い合わせ窓口', email: 'info@daicho.example', role_name: 'User' });
  account('google', null, { user: 'recruit', display_name: '採用担当', email: 'recruit@daicho.example', role_name: 'User' });

  // GitHub: the engineers (assigned, two owners), one without an account
  // yet, one owner who should be a member, one engineer inactive, and the CI bot.
  const engineers = [...plainEmployees.slice(8, 19), ...current('CONTRACTOR').slice(0, 2), ...admins.filter((p) => p.email === 'it-operator@daicho.example')];
  engineers.forEach((p, k) => {
    const role = k === engineers.length - 1 || k === 0 ? 'owner' : 'member';
    assignments.push({ integration: 'github', person_id: p.id, role_name: role });
    if (k === engineers.length - 2) return; // no-user
    const login = localPart(p.email).replace(/\./g, '-');
    account('github', p, { user: login, display_name: nameOf(p), role_name: k === 1 ? 'owner' : role, ...(k === 2 ? { last_days: between(110, 170) } : {}), createdWithinYear: rand() < 0.3 });
  });
  account('github', null, { user: 'daicho-ci-bot', display_name: null, email: null, role_name: 'member' });
  // Its open-source organisation: five of the engineers.
  for (const p of engineers.slice(0, 5)) account('github-oss', p, { user: localPart(p.email).replace(/\./g, '-'), display_name: nameOf(p), role_name: 'member' });

  // Zoom: board and 15 employees, three inactive.
  const zoomUsers = [...current('BOARD_MEMBER'), ...employees.slice(0, 15)];
  zoomUsers.forEach((p, k) => account('zoom', p, { role_name: k < 3 ? 'Owner' : 'Licensed', ...(k >= 10 && k < 13 ? { last_days: between(95, 300) } : {}) }));

  // Salesforce (deactivated three months ago): the sales team's accounts as last read.
  for (const p of plainEmployees.slice(19, 27)) account('salesforce', p, { role_name: 'Sales User', last_days: between(95, 110) });

  // The expense claims service (a custom app, fixed price): 20 employees and an alumnus.
  for (const p of employees.slice(0, 20)) account('expenses', p, { role_name: '申請者' });
  if (alumni[2]) account('expenses', alumni[2], { role_name: '申請者', last_days: between(400, 900) });

  // Notion (free plan, since eight months): ten employees and a collaborator.
  for (const [k, p] of [...employees.slice(20, 30), ...collaborators.slice(0, 1)].entries()) account('notion', p, { role_name: 'Member', created_days: between(10, 230), ...(k < 2 ? { last_days: between(95, 100) } : {}) });

  // ── Accounts, assignments, matching ───────────────────────────────────────
  const keyed = (k: string) => ids.get(k)!;
  await sql`
    INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, display_name, email, role_name, status_name, is_active,
      configured_mfa, last_signed_in_at, app_created_at, deactivated_at, source)
    SELECT ${orgId}, x.integration_id, x.external_id, x.user_name, x.display_name, x.email, x.role_name,
      CASE WHEN x.is_active THEN 'Active' ELSE 'Deactivated' END, x.is_active, x.configured_mfa,
      CASE WHEN x.recent IS NOT NULL THEN now() - x.recent * least(now() - ${CURRENT_MONTH_START}, interval '20 days')
           WHEN x.last_days IS NOT NULL THEN now() - make_interval(days => x.last_days) END,
      now() - make_interval(days => x.created_days),
      CASE WHEN x.deactivated_days IS NOT NULL THEN now() - make_interval(days => x.deactivated_days) END,
      'SEED'
    FROM jsonb_to_recordset(${JSON.stringify(accounts.map(({ integration, ...a }) => ({ ...a, integration_id: keyed(integration) })))}::jsonb)
      AS x(integration_id uuid, external_id text, user_name text, display_name text, email text, role_name text, is_active boolean, configured_mfa boolean,
        recent float8, last_days int, created_days int, deactivated_days int)`.execute(tx);
  await sql`
    INSERT INTO app_assignments (org_id, app_integration_id, person_id, role_name)
    SELECT ${orgId}, x.integration_id, x.person_id, x.role_name
    FROM jsonb_to_recordset(${JSON.stringify(assignments.map(({ integration, ...a }) => ({ ...a, integration_id: keyed(integration) })))}::jsonb)
      AS x(integration_id uuid, person_id uuid, role_name text)`.execute(tx);
  const all = [...ids.values()];
  for (const id of all) await matchAccounts(tx, id);

  // ── Sign-in history: the 11 months before this one (this month: recordActivity) ─
  // An account counts in a month once created; it is active until deactivated;
  // it signed in during every month up to its last sign-in, but skips about
  // one month in ten (always signing in the month of its last sign-in). A
  // deactivated integration stopped being read three months ago.
  await sql`
    INSERT INTO app_user_months (org_id, app_integration_id, month, external_id, is_active, signed_in)
    SELECT u.org_id, u.app_integration_id, m.month, u.external_id, a.active,
      a.active AND coalesce(u.last_signed_in_at >= m.start, false)
        AND (u.last_signed_in_at < m.next OR ('x' || substr(md5(u.external_id || m.month::text), 1, 2))::bit(8)::int < 230)
    FROM app_users u
    JOIN app_integrations i ON i.id = u.app_integration_id
    CROSS JOIN LATERAL (
      SELECT d.month, d.month::timestamp AT TIME ZONE 'Asia/Tokyo' AS start, (d.month + interval '1 month') AT TIME ZONE 'Asia/Tokyo' AS next, d.g
      FROM (SELECT (${CURRENT_MONTH} - make_interval(months => g))::date AS month, g FROM generate_series(1, 11) g) d
    ) m
    CROSS JOIN LATERAL (SELECT u.deactivated_at IS NULL OR u.deactivated_at >= m.start AS active) a
    WHERE u.app_integration_id = ANY(${all}::uuid[]) AND u.app_created_at < m.next AND (i.status = 'ACTIVE' OR m.g >= 3)`.execute(tx);
  await recordActivity(
    tx,
    DEMO_INTEGRATIONS.filter((i) => (i.status ?? 'ACTIVE') === 'ACTIVE').map((i) => keyed(i.key)),
  );
}
