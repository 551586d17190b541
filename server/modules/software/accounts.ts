// Accounts of an integration matched to people, and the rules they are
// checked against (spec 3 App user, 4 alert categories).
//
// Matching: an account belongs to the person whose worker e-mail or personal
// e-mail equals its e-mail (case-insensitive), else whose worker number
// equals its employee number; an operator's choice (link_manual) wins over
// both and survives refreshes.
//
// Rules (ruleMatching), per account row:
//   no-worker      no person is linked;
//   violated       the integration has assignments (app_assignments: who
//                  should hold an account) and the person has none;
//   violated-role  the person's assignment names a role and the account's
//                  role differs (case-insensitive);
//   matched        otherwise; also every linked account of an integration
//                  with no assignments at all (no rule set yet, nothing to
//                  break).
// and one row per assigned person without an account: no-user.
// Beside the rule: inactive = an active account without a sign-in for
// INACTIVE_AFTER_DAYS (its creation counts when it never signed in); alumni =
// an active account of a person with no current worker record.
//
// Categories: NO_WORKER, VIOLATED, VIOLATED_ROLE count active accounts only
// (a deactivated account is no risk); NO_USER every no-user row; INACTIVE and
// ALUMNI as above; FOLLOWING is the union of all of these, the rows that need
// someone to act; ALL every row.
import { type RawBuilder, sql } from 'kysely';
import { type AppUserRow, INACTIVE_AFTER_DAYS, type UserCategory, USER_CATEGORIES } from '../../../src/api/contracts/software.js';
import type { Tx } from '../../db/tenant.js';
import { likeEscape } from '../../db/like.js';

/** Links every account of the integration not linked by hand to its person (or to none). */
export async function matchAccounts(tx: Tx, integrationId: string): Promise<void> {
  await sql`UPDATE app_users u SET person_id = m.person_id, updated_at = now()
    FROM (
      SELECT u2.id, coalesce(
        (SELECT w.person_id FROM workers w WHERE u2.email IS NOT NULL AND lower(w.primary_email) = lower(u2.email)
          ORDER BY (w.ended_on IS NULL OR w.ended_on >= current_date) DESC, w.started_on DESC NULLS LAST LIMIT 1),
        (SELECT p.id FROM people p WHERE u2.email IS NOT NULL AND lower(p.email) = lower(u2.email) LIMIT 1),
        (SELECT w.person_id FROM workers w WHERE u2.employee_number IS NOT NULL AND w.worker_number = u2.employee_number
          ORDER BY (w.ended_on IS NULL OR w.ended_on >= current_date) DESC LIMIT 1)
      ) AS person_id
      FROM app_users u2 WHERE u2.app_integration_id = ${integrationId} AND NOT u2.link_manual
    ) m
    WHERE u.id = m.id AND u.person_id IS DISTINCT FROM m.person_id`.execute(tx);
}

/** Every row of the integration (accounts and no-user rows) with its rule and flags, as a subquery `r` (also read by overview.ts). */
// integrationId may be SQL (sql.ref('i.id')): a LATERAL join over several integrations (app alerts).
export function rowsOf(integrationId: string | RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(
    WITH assigned AS (SELECT person_id, role_name FROM app_assignments WHERE app_integration_id = ${integrationId}),
    base AS (
      SELECT u.id::text AS row_id, u.id AS app_user_id, u.user_name, u.display_name, u.email, u.avatar_url, u.role_name,
             u.status_name, u.last_signed_in_at, u.app_created_at, u.deactivated_at, u.configured_mfa, u.is_active,
             u.employee_number, u.source, u.person_id, a.role_name AS assigned_role,
             CASE WHEN u.person_id IS NULL THEN 'no-worker'
                  WHEN NOT EXISTS (SELECT 1 FROM assigned) THEN 'matched'
                  WHEN a.person_id IS NULL THEN 'violated'
                  WHEN a.role_name IS NOT NULL AND lower(a.role_name) IS DISTINCT FROM lower(u.role_name) THEN 'violated-role'
                  ELSE 'matched' END AS rule,
             u.is_active AND coalesce(u.last_signed_in_at, u.app_created_at, u.created_at) < now() - make_interval(days => ${INACTIVE_AFTER_DAYS}) AS inactive
      FROM app_users u LEFT JOIN assigned a ON a.person_id = u.person_id
      WHERE u.app_integration_id = ${integrationId}
      UNION ALL
      SELECT 'no-user:' || a.person_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false,
             NULL, NULL, a.person_id, a.role_name, 'no-user', false
      FROM assigned a
      WHERE NOT EXISTS (SELECT 1 FROM app_users u WHERE u.app_integration_id = ${integrationId} AND u.person_id = a.person_id)
    )
    SELECT b.*, p.family_name || ' ' || p.given_name AS person_name, p.avatar_url AS person_avatar, p.email AS person_email,
           w.worker_type, w.worker_number, w.primary_email AS worker_email,
           coalesce(w.current = false, false) AS alumni
    FROM base b
    LEFT JOIN people p ON p.id = b.person_id
    LEFT JOIN LATERAL (
      SELECT x.worker_type, x.worker_number, x.primary_email, (x.ended_on IS NULL OR x.ended_on >= current_date) AS current
      FROM workers x WHERE x.person_id = b.person_id
      ORDER BY (x.ended_on IS NULL OR x.ended_on >= current_date) DESC, x.started_on DESC NULLS LAST LIMIT 1
    ) w ON true
  ) r`;
}

/** The condition of a category on `r`. */
export function categoryCondition(category: UserCategory): RawBuilder<boolean> {
  switch (category) {
    case 'NO_WORKER':
      return sql<boolean>`(r.rule = 'no-worker' AND r.is_active)`;
    case 'VIOLATED':
      return sql<boolean>`(r.rule = 'violated' AND r.is_active)`;
    case 'VIOLATED_ROLE':
      return sql<boolean>`(r.rule = 'violated-role' AND r.is_active)`;
    case 'NO_USER':
      return sql<boolean>`(r.rule = 'no-user')`;
    case 'INACTIVE':
      return sql<boolean>`(r.inactive)`;
    case 'ALUMNI':
      return sql<boolean>`(r.alumni AND r.is_active)`;
    case 'FOLLOWING':
      return sql<boolean>`(r.rule = 'no-user' OR (r.is_active AND (r.rule <> 'matched' OR r.inactive OR r.alumni)))`;
    case 'ALL':
      return sql<boolean>`true`;
  }
}

function textCondition(freeText: string | undefined): RawBuilder<boolean> {
  const text = freeText?.replace(/\s+/gu, ' ').trim();
  if (!text) return sql<boolean>`true`;
  const p = `%${likeEscape(text)}%`;
  return sql<boolean>`(r.user_name ILIKE ${p} OR r.display_name ILIKE ${p} OR r.email ILIKE ${p} OR r.person_name ILIKE ${p} OR r.role_name ILIKE ${p} OR r.employee_number ILIKE ${p} OR r.worker_number ILIKE ${p})`;
}

export const SORTS = {
  NAME: sql`coalesce(r.display_name, r.user_name, r.person_name)`,
  EMAIL: sql`coalesce(r.email, r.worker_email, r.person_email)`,
  PERSON: sql`r.person_name`,
  ROLE: sql`coalesce(r.role_name, r.assigned_role)`,
  LAST_SIGNED_IN_AT: sql`r.last_signed_in_at`,
  RULE_MATCHING: sql`r.rule`,
} as const;

export interface RawRow {
  row_id: string;
  app_user_id: string | null;
  user_name: string | null;
  display_name: string | null;
  email: string | null;
  avatar_url: string | null;
  role_name: string | null;
  status_name: string | null;
  last_signed_in_at: Date | null;
  app_created_at: Date | null;
  deactivated_at: Date | null;
  configured_mfa: boolean | null;
  is_active: boolean;
  employee_number: string | null;
  source: string | null;
  person_id: string | null;
  assigned_role: string | null;
  rule: AppUserRow['ruleMatching'];
  inactive: boolean;
  person_name: string | null;
  person_avatar: string | null;
  person_email: string | null;
  worker_type: string | null;
  worker_number: string | null;
  worker_email: string | null;
  alumni: boolean;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function suggestedAction(r: RawRow): AppUserRow['suggestedAction'] {
  if (r.rule === 'no-user') return 'CREATE_ACCOUNT';
  if (!r.is_active) return null;
  if (r.rule === 'no-worker') return 'LINK_PERSON';
  if (r.rule === 'violated') return 'REMOVE_ACCOUNT';
  if (r.rule === 'violated-role') return 'CHANGE_ROLE';
  if (r.alumni || r.inactive) return 'DEACTIVATE_ACCOUNT';
  return null;
}

export function toRow(r: RawRow, integration: { id: string; name: string; active: boolean }): AppUserRow {
  const account = r.app_user_id !== null;
  return {
    id: r.row_id,
    appUserId: r.app_user_id,
    name: r.user_name,
    displayName: r.display_name,
    email: r.email,
    avatarUrl: r.avatar_url,
    actualRoleName: r.role_name,
    statusName: r.status_name,
    lastSignedInAt: isoOrNull(r.last_signed_in_at),
    createdAt: isoOrNull(r.app_created_at),
    deactivatedAt: isoOrNull(r.deactivated_at),
    configuredMfa: r.configured_mfa,
    isActive: r.is_active,
    workerNumber: r.employee_number ?? r.worker_number,
    ruleMatching: r.rule,
    isInactive: r.inactive,
    canChangePerson: account && integration.active,
    // A SCIM account comes back at the next refresh while the tenant has it.
    canDelete: account && integration.active && (r.source !== 'SCIM' || !r.is_active),
    suggestedAction: suggestedAction(r),
    worker: r.person_id
      ? {
          personId: r.person_id,
          personName: r.person_name ?? '',
          avatarUrl: r.person_avatar,
          workerEmail: r.worker_email ?? r.person_email,
          workerNumber: r.worker_number,
          workerType: r.worker_type,
          assignedRoleName: r.assigned_role,
          isAlumni: r.alumni,
        }
      : null,
    appIntegration: { appIntegrationId: integration.id, appName: integration.name },
  };
}

export interface UsersQuery {
  category: UserCategory;
  freeText?: string | undefined;
  pageIndex: number;
  pageSize: number;
  sortColumn: keyof typeof SORTS;
  sortOrder: 'asc' | 'desc';
}

/** One page of rows and the total of the category. */
export async function listAccounts(tx: Tx, integration: { id: string; name: string; active: boolean }, q: UsersQuery) {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const r = await sql<RawRow & { total: string }>`
    SELECT r.*, count(*) OVER () AS total FROM ${rowsOf(integration.id)}
    WHERE ${categoryCondition(q.category)} AND ${textCondition(q.freeText)}
    ORDER BY ${SORTS[q.sortColumn]} ${dir} NULLS LAST, r.row_id
    LIMIT ${q.pageSize} OFFSET ${q.pageIndex * q.pageSize}`.execute(tx);
  let count = Number(r.rows[0]?.total ?? 0);
  if (!r.rows.length && q.pageIndex > 0) {
    const c = await sql<{ n: string }>`SELECT count(*) AS n FROM ${rowsOf(integration.id)} WHERE ${categoryCondition(q.category)} AND ${textCondition(q.freeText)}`.execute(tx);
    count = Number(c.rows[0]?.n ?? 0);
  }
  return { items: r.rows.map((row) => toRow(row, integration)), count };
}

/** One row by account id (after a change). */
export async function accountRow(tx: Tx, integration: { id: string; name: string; active: boolean }, appUserId: string): Promise<AppUserRow | null> {
  const r = await sql<RawRow>`SELECT r.* FROM ${rowsOf(integration.id)} WHERE r.app_user_id = ${appUserId}`.execute(tx);
  return r.rows[0] ? toRow(r.rows[0], integration) : null;
}

/** Rows per category, in one statement. */
export async function countAccounts(tx: Tx, integrationId: string, freeText?: string): Promise<Record<UserCategory, number>> {
  const cols = USER_CATEGORIES.map((c) => sql`count(*) FILTER (WHERE ${categoryCondition(c)}) AS ${sql.id(c)}`);
  const r = await sql<Record<UserCategory, string>>`SELECT ${sql.join(cols)} FROM ${rowsOf(integrationId)} WHERE ${textCondition(freeText)}`.execute(tx);
  const row = r.rows[0];
  return Object.fromEntries(USER_CATEGORIES.map((c) => [c, Number(row?.[c] ?? 0)])) as Record<UserCategory, number>;
}

/** A person's rows (accounts and a no-user row) in one integration. */
export async function personRows(tx: Tx, integration: { id: string; name: string; active: boolean }, personId: string): Promise<AppUserRow[]> {
  const r = await sql<RawRow>`SELECT r.* FROM ${rowsOf(integration.id)} WHERE r.person_id = ${personId} ORDER BY r.row_id`.execute(tx);
  return r.rows.map((row) => toRow(row, integration));
}
