// People from an external HR system (/person/external-hr-saas and its
// preview by appIntegrationId; calls beyond the spec):
//   GET  /v2/external-hr-saas                               the HR integrations and their connection
//   GET  /v2/external-hr-saas/{appIntegrationId}/preview    read the HR system, compare, write nothing
//   POST /v2/external-hr-saas/{appIntegrationId}/apply      apply the preview named by its fingerprint
//
// An HR SaaS is an app integration of a 'human-resources' app (SmartHR…),
// connected as app accounts are: SCIM 2.0 with a bearer token (the
// integration's settings). Its Users are read through the same connector
// (server/connectors/scim.ts, people(): names, work e-mail, userType and the
// enterprise extension: employeeNumber, department, manager).
//
// Decisions, for the next engineer:
// - Matching: the employee number is a worker number (case-insensitive),
//   else the work e-mail is a worker's primary e-mail or the person's
//   e-mail; a current worker wins over one that has left. A worker matched
//   twice, or an employee number two users share, is skipped and said.
// - Compared and set: family, given and middle name, the primary worker
//   e-mail, the worker number (when matched by e-mail), and the department
//   (an organisation unit open today, by name or code). A value the HR
//   system leaves empty is not cleared here. A department we do not know is
//   listed, never created, and the person keeps theirs.
// - Not applied, only shown: an inactive user (leaving is a lifecycle step
//   someone decides), the manager (resolved to our person when matched; the
//   data model has no manager field yet), and our current workers the HR
//   system does not list ("missing": never deleted).
// - New people are created from active, unmatched users with a family and
//   a given name: a person and a worker of the type userType names
//   (employee by default), joining on the date the user picks when applying
//   (default today: the HR system sends none), with an ACTIVE lifecycle event
//   and their department from that day.
// - The preview's fingerprint is a hash of the source as read, today's date
//   and the planned changes. Apply reads the HR system again, plans again,
//   and refuses (409) when the fingerprint differs: nothing is written that
//   the user did not see. One transaction; an hr_sync_runs row (0016) and the
//   tables' audit trail record it.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { applyHrSync, HR_APP_CATEGORY, type HrPreview, listHrIntegrations, previewHrSync } from '../../../src/api/contracts/hr-sync.js';
import type { WorkerType } from '../../../src/api/contracts/people-lifecycle.js';
import { createScimConnector } from '../../connectors/scim.js';
import { ConnectorError, type ConnectorPerson } from '../../connectors/types.js';
import type { AppDeps } from '../../deps.js';
import { normalizeHeader } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { currentPostJoin, openUnits, type UnitRow } from './masters.js';
import { createPeople } from './bulk.js';
import { cleanText, moveAssignment, updatePerson, updateWorker } from './write.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

interface IntegrationRow {
  id: string;
  app_id: string | null;
  app_name: string;
  logo_url: string | null;
  tenant_name: string | null;
  status: 'ACTIVE' | 'DEACTIVATED';
  connector: 'SCIM' | 'CSV';
  scim_base_url: string | null;
  scim_token: string | null;
  authenticated_at: Date | null;
  last_at: Date | null;
  last_created: number | null;
  last_updated: number | null;
}

const connection = (i: IntegrationRow) =>
  i.status === 'DEACTIVATED' ? ('DEACTIVATED' as const) : i.connector === 'SCIM' && i.scim_base_url && i.scim_token ? ('CONNECTED' as const) : ('NOT_CONNECTED' as const);

/** The organisation's live integrations of HR apps (RLS), or the one asked for. */
async function hrIntegrations(tx: Tx, id: string | null): Promise<IntegrationRow[]> {
  const r = await sql<IntegrationRow>`SELECT i.id, i.app_id, a.name AS app_name, a.logo_url, i.tenant_name, i.status, i.connector, i.scim_base_url, i.scim_token,
      i.authenticated_at, r.created_at AS last_at, r.created_count AS last_created, r.updated_count AS last_updated
    FROM app_integrations i JOIN apps a ON a.id = i.app_id
    LEFT JOIN LATERAL (SELECT created_at, created_count, updated_count FROM hr_sync_runs x WHERE x.app_integration_id = i.id ORDER BY x.created_at DESC LIMIT 1) r ON true
    WHERE a.category = ${HR_APP_CATEGORY} AND i.deleted_at IS NULL AND (${id}::uuid IS NULL OR i.id = ${id}::uuid)
    ORDER BY a.display_order, a.name, i.tenant_name NULLS FIRST, i.id`.execute(tx);
  return r.rows;
}

/** userType as HR systems write it → our worker type (an employee unless it says otherwise). */
const USER_TYPES: Readonly<Record<string, WorkerType>> = {
  employee: 'EMPLOYEE',
  'full-time': 'EMPLOYEE',
  'part-time': 'EMPLOYEE',
  従業員: 'EMPLOYEE',
  社員: 'EMPLOYEE',
  正社員: 'EMPLOYEE',
  'board member': 'BOARD_MEMBER',
  'board-member': 'BOARD_MEMBER',
  director: 'BOARD_MEMBER',
  officer: 'BOARD_MEMBER',
  役員: 'BOARD_MEMBER',
  contractor: 'CONTRACTOR',
  contract: 'CONTRACTOR',
  業務委託: 'CONTRACTOR',
  collaborator: 'COLLABORATOR',
  協力者: 'COLLABORATOR',
};
const workerTypeOf = (userType: string | null): WorkerType => (userType && USER_TYPES[normalizeHeader(userType)]) || 'EMPLOYEE';

interface OurWorker {
  worker_id: string;
  person_id: string;
  worker_type: WorkerType;
  worker_number: string | null;
  primary_email: string | null;
  person_email: string | null;
  family_name: string;
  given_name: string;
  middle_name: string | null;
  started_on: string | null;
  current: boolean;
  unit_id: string | null;
  position_id: string | null;
}

async function ourWorkers(tx: Tx, today: string): Promise<OurWorker[]> {
  const r = await sql<OurWorker>`SELECT w.id AS worker_id, w.person_id, w.worker_type, w.worker_number, w.primary_email, p.email AS person_email,
      p.family_name, p.given_name, p.middle_name, to_char(w.started_on, 'YYYY-MM-DD') AS started_on,
      (w.ended_on IS NULL OR w.ended_on >= ${today}::date) AS current, a.unit_id, a.position_id
    FROM workers w JOIN people p ON p.id = w.person_id
    ${currentPostJoin(today)}
    ORDER BY (w.ended_on IS NULL OR w.ended_on >= ${today}::date) DESC, w.started_on DESC NULLS LAST, w.id`.execute(tx);
  return r.rows;
}

/** What an apply does beside the preview: the rows to write. */
interface Plan {
  preview: Omit<HrPreview, 'appIntegrationId' | 'appName' | 'tenantName' | 'readAt'>;
  creates: Array<{ user: ConnectorPerson; type: WorkerType; unitId: string | null }>;
  updates: Array<{ worker: OurWorker; person: Record<string, string | null>; row: Record<string, string | null>; unitId: string | null }>;
}

const lower = (s: string | null | undefined) => (s ? s.toLowerCase() : null);
const nameOf = (w: { family_name: string; given_name: string }) => `${w.family_name} ${w.given_name}`.trim();

/** The difference between the HR system's users and our workers. */
function plan(users: ConnectorPerson[], ours: OurWorker[], units: UnitRow[], today: string): Plan {
  const clean = (v: string | null) => cleanText(v);
  const byNumber = new Map<string, OurWorker>();
  const byEmail = new Map<string, OurWorker>();
  // `ours` lists current workers first: the first one a key finds wins.
  for (const w of ours) {
    const n = lower(w.worker_number);
    if (n && !byNumber.has(n)) byNumber.set(n, w);
    for (const e of [lower(w.primary_email), lower(w.person_email)]) if (e && !byEmail.has(e)) byEmail.set(e, w);
  }
  const unitIndex = new Map<string, UnitRow | 'ambiguous'>();
  for (const u of units)
    for (const k of new Set([u.name, u.code].filter((x): x is string => !!x).map(normalizeHeader))) {
      const had = unitIndex.get(k);
      unitIndex.set(k, had && had !== u ? 'ambiguous' : u);
    }
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const unitOf = (dept: string | null) => {
    if (!dept) return null;
    const hit = unitIndex.get(normalizeHeader(dept));
    return hit && hit !== 'ambiguous' ? hit : 'unknown';
  };

  const sorted = [...users].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  const numberCount = new Map<string, number>();
  for (const u of sorted) if (u.employeeNumber) numberCount.set(lower(u.employeeNumber)!, (numberCount.get(lower(u.employeeNumber)!) ?? 0) + 1);
  const matchOf = new Map<string, OurWorker>();
  const claimed = new Set<string>();
  const p: Plan = {
    preview: {
      fingerprint: '',
      summary: { source: users.length, create: 0, update: 0, unchanged: 0, missing: 0, skipped: 0, unknownDepartments: 0 },
      creates: [],
      updates: [],
      missing: [],
      skipped: [],
      unknownDepartments: [],
    },
    creates: [],
    updates: [],
  };
  const unknown = new Map<string, number>();
  const noteUnknown = (d: string) => unknown.set(d, (unknown.get(d) ?? 0) + 1);

  // First pass: matches (the manager column names matched people).
  for (const u of sorted) {
    const number = lower(clean(u.employeeNumber));
    if (number && (numberCount.get(number) ?? 0) > 1) continue;
    const w = (number ? byNumber.get(number) : undefined) ?? (u.email ? byEmail.get(u.email.toLowerCase()) : undefined);
    if (w && !claimed.has(w.worker_id)) {
      claimed.add(w.worker_id);
      matchOf.set(u.externalId, w);
    }
  }
  const byExternal = new Map(sorted.map((u) => [u.externalId, u]));
  const managerOf = (u: ConnectorPerson) => {
    if (!u.managerId && !u.managerName) return null;
    const m = u.managerId ? byExternal.get(u.managerId) : undefined;
    const ours = m ? matchOf.get(m.externalId) : undefined;
    if (ours) return { name: nameOf(ours), personId: ours.person_id };
    const name = u.managerName ?? (m ? (m.displayName ?? [m.familyName, m.givenName].filter(Boolean).join(' ')) || m.userName : u.managerId);
    return name ? { name, personId: null } : null;
  };

  const typesSeen = new Set<WorkerType>(['EMPLOYEE']);
  const seenWorker = new Set<string>();
  for (const u of sorted) {
    const number = clean(u.employeeNumber);
    const skip = (reason: HrPreview['skipped'][number]['reason']) => p.preview.skipped.push({ externalId: u.externalId, userName: u.userName, reason });
    if (number && (numberCount.get(number.toLowerCase()) ?? 0) > 1) {
      skip('DUPLICATE_NUMBER');
      continue;
    }
    const w = matchOf.get(u.externalId);
    const dept = clean(u.department);
    const unit = unitOf(dept);
    if (unit === 'unknown' && dept) noteUnknown(dept);
    if (!w) {
      // A worker another user already matched.
      const other = (number ? byNumber.get(number.toLowerCase()) : undefined) ?? (u.email ? byEmail.get(u.email.toLowerCase()) : undefined);
      if (other) {
        skip('DUPLICATE_MATCH');
        continue;
      }
      if (!u.active) {
        skip('INACTIVE');
        continue;
      }
      const family = clean(u.familyName);
      const given = clean(u.givenName);
      if (!family || !given) {
        skip('NO_NAME');
        continue;
      }
      const type = workerTypeOf(u.userType);
      typesSeen.add(type);
      p.creates.push({ user: u, type, unitId: unit && unit !== 'unknown' ? unit.id : null });
      p.preview.creates.push({
        externalId: u.externalId,
        userName: u.userName,
        employeeNumber: number,
        familyName: family,
        givenName: given,
        middleName: clean(u.middleName),
        email: clean(u.email),
        workerType: type,
        department: dept,
        departmentKnown: !dept || unit !== 'unknown',
        manager: managerOf(u),
      });
      continue;
    }
    seenWorker.add(w.worker_id);
    typesSeen.add(w.worker_type);
    const changes: HrPreview['updates'][number]['changes'] = [];
    const person: Record<string, string | null> = {};
    const row: Record<string, string | null> = {};
    const compare = (field: (typeof changes)[number]['field'], before: string | null, after: string | null, set: () => void, caseless = false) => {
      if (after === null) return;
      if ((caseless ? lower(before) : before) === (caseless ? lower(after) : after)) return;
      changes.push({ field, before, after });
      set();
    };
    const family = clean(u.familyName);
    const given = clean(u.givenName);
    const middle = clean(u.middleName);
    const email = clean(u.email);
    compare('familyName', w.family_name, family, () => (person.family_name = family));
    compare('givenName', w.given_name, given, () => (person.given_name = given));
    compare('middleName', w.middle_name, middle, () => (person.middle_name = middle));
    compare('primaryWorkerEmail', w.primary_email, email, () => (row.primary_email = email), true);
    compare('workerNumber', w.worker_number, number, () => (row.worker_number = number), true);
    let unitId: string | null = null;
    if (unit && unit !== 'unknown' && unit.id !== w.unit_id) {
      changes.push({ field: 'department', before: w.unit_id ? (unitName.get(w.unit_id) ?? null) : null, after: unit.name });
      unitId = unit.id;
    }
    const unknownDepartment = unit === 'unknown' ? dept : null;
    if (changes.length || !u.active || unknownDepartment) {
      if (changes.length) p.updates.push({ worker: w, person, row, unitId });
      p.preview.updates.push({
        externalId: u.externalId,
        personId: w.person_id,
        workerId: w.worker_id,
        name: nameOf(w),
        workerNumber: w.worker_number,
        matchedBy: number && lower(w.worker_number) === number.toLowerCase() ? 'EMPLOYEE_NUMBER' : 'EMAIL',
        changes,
        inactive: !u.active,
        unknownDepartment,
        manager: managerOf(u),
      });
    } else p.preview.summary.unchanged++;
  }
  for (const w of ours) {
    if (!w.current || seenWorker.has(w.worker_id) || !typesSeen.has(w.worker_type)) continue;
    p.preview.missing.push({ personId: w.person_id, workerId: w.worker_id, name: nameOf(w), workerNumber: w.worker_number, email: w.primary_email ?? w.person_email, workerType: w.worker_type });
  }
  p.preview.missing.sort((a, b) => (a.workerNumber ?? '').localeCompare(b.workerNumber ?? '') || a.name.localeCompare(b.name));
  p.preview.unknownDepartments = [...unknown].map(([name, people]) => ({ name, people })).sort((a, b) => a.name.localeCompare(b.name));
  const s = p.preview.summary;
  s.create = p.preview.creates.length;
  s.update = p.updates.length;
  s.missing = p.preview.missing.length;
  s.skipped = p.preview.skipped.length;
  s.unknownDepartments = p.preview.unknownDepartments.length;
  p.preview.fingerprint = crypto
    .createHash('sha256')
    .update(JSON.stringify({ today, source: sorted, creates: p.preview.creates, updates: p.preview.updates, missing: p.preview.missing.map((m) => m.workerId) }))
    .digest('base64url');
  return p;
}

/** Reads the HR system and plans, for the preview and for the apply. */
async function readAndPlan(tx: Tx, deps: AppDeps, id: string) {
  const i = (await hrIntegrations(tx, id))[0];
  if (!i) throw notFound();
  if (connection(i) !== 'CONNECTED') throw new AppError(409, 'CONFLICT', connection(i) === 'DEACTIVATED' ? 'software:integrationDeactivated' : 'hrSync:errors.notConnected');
  const connector = createScimConnector({ baseUrl: i.scim_base_url!, token: i.scim_token!, allowPrivateNetwork: deps.config.CONNECTOR_ALLOW_PRIVATE_NETWORK });
  const users: ConnectorPerson[] = [];
  try {
    for await (const page of connector.people(AbortSignal.timeout(2 * 60_000))) users.push(...page);
  } catch (err) {
    if (err instanceof ConnectorError) throw new AppError(409, 'CONFLICT', `software:connector.${err.code}`);
    throw err;
  }
  const today = todayInJapan();
  const [ours, units] = [await ourWorkers(tx, today), await openUnits(tx, today)];
  return { i, today, plan: plan(users, ours, units, today) };
}

/** Writes a plan in the caller's transaction. */
async function applyPlan(tx: Tx, orgId: string, p: Plan, today: string, joiningDate: string, locale: Locale) {
  const note = t(locale, 'hrSync:eventNote');
  await createPeople(
    tx,
    orgId,
    p.creates.map((c) => ({
      person: { family_name: cleanText(c.user.familyName), given_name: cleanText(c.user.givenName), middle_name: cleanText(c.user.middleName), email: cleanText(c.user.email) },
      workerType: c.type,
      worker: { worker_number: cleanText(c.user.employeeNumber), primary_email: cleanText(c.user.email), started_on: joiningDate },
      jobTypeIds: [],
      placeIds: [],
      unitId: c.unitId,
      positionId: null,
      assignFrom: joiningDate,
      events: [{ stage: 'ACTIVE', on: joiningDate }],
    })),
    note,
  );
  for (const x of p.updates) {
    await updatePerson(tx, x.worker.person_id, x.person);
    await updateWorker(tx, x.worker.worker_id, x.row);
    if (x.unitId) {
      const joins = x.worker.started_on;
      await moveAssignment(tx, orgId, x.worker.worker_id, x.unitId, x.worker.position_id, joins && joins > today ? joins : today);
      if (!Object.keys(x.row).length) await sql`UPDATE workers SET updated_at = now() WHERE id = ${x.worker.worker_id}`.execute(tx);
    }
  }
}

export function hrSyncRoutes(): AnyRoute[] {
  return [
    defineRoute(listHrIntegrations, async (_input, { tx }) => {
      const items = (await hrIntegrations(tx, null)).map((i) => ({
        appIntegrationId: i.id,
        appId: i.app_id,
        appName: i.app_name,
        logoUrl: i.logo_url,
        tenantName: i.tenant_name,
        connection: connection(i),
        authenticatedAt: i.authenticated_at?.toISOString() ?? null,
        lastApplied: i.last_at ? { at: i.last_at.toISOString(), created: i.last_created ?? 0, updated: i.last_updated ?? 0 } : null,
      }));
      return { items, count: items.length };
    }) as AnyRoute,
    defineRoute(previewHrSync, async ({ params }, { tx, deps }) => {
      const { i, plan: p } = await readAndPlan(tx, deps, params.appIntegrationId);
      return { appIntegrationId: i.id, appName: i.app_name, tenantName: i.tenant_name, readAt: new Date().toISOString(), ...p.preview };
    }) as AnyRoute,
    defineRoute(applyHrSync, async ({ params, body }, { tx, auth, locale, deps }) => {
      const { i, today, plan: p } = await readAndPlan(tx, deps, params.appIntegrationId);
      if (p.preview.fingerprint !== body.fingerprint) throw new AppError(409, 'CONFLICT', 'hrSync:errors.changed');
      await applyPlan(tx, auth.orgId, p, today, body.joiningDate ?? today, locale);
      const created = p.creates.length;
      const updated = p.updates.length;
      await sql`INSERT INTO hr_sync_runs (org_id, app_integration_id, fingerprint, created_count, updated_count)
        VALUES (${auth.orgId}, ${i.id}, ${body.fingerprint}, ${created}, ${updated})`.execute(tx);
      return { created, updated };
    }) as AnyRoute,
  ];
}
