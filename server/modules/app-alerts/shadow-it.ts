// Shadow IT from stored visits: the apps list (aggregates over the last 30
// days), the visit histories and the count (definitions in
// src/api/contracts/app-alerts.ts: live integrations, covered, unknown).
import { type RawBuilder, sql } from 'kysely';
import {
  customSaasTypeOf,
  SHADOW_IT_APP_SORTS,
  SHADOW_IT_MAX_AVATARS,
  SHADOW_IT_WINDOW_DAYS,
  type ShadowItApp,
  type ShadowItVisit,
  type TraceableApp,
  type UnknownFilter,
  type VisitUser,
} from '../../../src/api/contracts/app-alerts.js';
import type { SoftwareCategory } from '../../../src/api/contracts/software-enums.js';
import type { Tx } from '../../db/tenant.js';

/** Ids of the traceable apps no live integration covers (subquery). */
export const uncoveredApps = sql`(SELECT t.id FROM traceable_apps t WHERE NOT EXISTS (
    SELECT 1 FROM app_integrations i LEFT JOIN software s ON s.id = i.software_id
    WHERE i.deleted_at IS NULL AND i.status = 'ACTIVE' AND (i.app_id = t.integratable_app_id OR s.traceable_app_id = t.id)))`;

const window = (days: number) => sql`now() - make_interval(days => ${days})`;

function unknownCondition(unknown: UnknownFilter): RawBuilder<boolean> {
  if (unknown === 'ONLY') return sql<boolean>`v.person_id IS NULL`;
  if (unknown === 'EXCLUDE') return sql<boolean>`v.person_id IS NOT NULL`;
  return sql<boolean>`true`;
}

interface AppRow {
  id: string;
  name: string;
  avatar_url: string | null;
  category: SoftwareCategory;
  website_url: string;
  integratable_app_id: string | null;
  domains: string[];
}

export const traceableOut = (t: AppRow): TraceableApp => ({
  id: t.id,
  name: t.name,
  avatarUrl: t.avatar_url,
  category: t.category,
  websiteUrl: t.website_url,
  integratableAppId: t.integratable_app_id,
  customSaasType: customSaasTypeOf(t.category),
  domains: t.domains,
});

export async function traceableApp(tx: Tx, id: string): Promise<TraceableApp | null> {
  const r = await sql<AppRow>`SELECT * FROM traceable_apps WHERE id = ${id}`.execute(tx);
  return r.rows[0] ? traceableOut(r.rows[0]) : null;
}

const personName = sql`p.family_name || ' ' || p.given_name`;

const SORTS: Record<(typeof SHADOW_IT_APP_SORTS)[number], RawBuilder<unknown>> = {
  count30DaysHistory: sql`a.c30`,
  count7DaysHistory: sql`a.c7`,
  countUniqueUser: sql`a.unique_users`,
  name: sql`t.name`,
};

export interface AppsQuery {
  page: number;
  pageSize: number;
  sortBy: (typeof SHADOW_IT_APP_SORTS)[number];
  sortOrder: 'asc' | 'desc';
  unknown: UnknownFilter;
}

/** The aggregated apps of the window (CTE `a`: id, unique_users, c7, c30, last_at). */
const aggregated = (unknown: UnknownFilter) => sql`
  v AS (
    SELECT v.traceable_app_id, v.user_email, v.person_id, v.visited_at FROM shadow_it_visits v
    WHERE v.visited_at >= ${window(SHADOW_IT_WINDOW_DAYS)} AND ${unknownCondition(unknown)} AND v.traceable_app_id IN ${uncoveredApps}
  ),
  a AS (
    SELECT v.traceable_app_id AS id, count(DISTINCT v.user_email) AS unique_users,
      count(*) FILTER (WHERE v.visited_at >= ${window(7)}) AS c7, count(*) AS c30, max(v.visited_at) AS last_at
    FROM v GROUP BY v.traceable_app_id
  )`;

/** One page of shadow-IT apps and the total. */
export async function listShadowItApps(tx: Tx, q: AppsQuery): Promise<{ items: ShadowItApp[]; count: number }> {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const r = await sql<AppRow & { unique_users: string; c7: string; c30: string; last_at: Date; users: VisitUser[]; total: string }>`
    WITH ${aggregated(q.unknown)}
    SELECT t.*, a.unique_users, a.c7, a.c30, a.last_at, count(*) OVER () AS total,
      (SELECT coalesce(json_agg(json_build_object('personId', p.id, 'name', coalesce(${personName}, u.user_email), 'email', u.user_email, 'avatarUrl', p.avatar_url)
                                ORDER BY u.last_at DESC, u.user_email), '[]'::json)
       FROM (SELECT v.user_email, max(v.visited_at) AS last_at, (array_agg(v.person_id) FILTER (WHERE v.person_id IS NOT NULL))[1] AS person_id
             FROM v WHERE v.traceable_app_id = t.id GROUP BY v.user_email ORDER BY max(v.visited_at) DESC, v.user_email LIMIT ${SHADOW_IT_MAX_AVATARS}) u
       LEFT JOIN people p ON p.id = u.person_id) AS users
    FROM a JOIN traceable_apps t ON t.id = a.id
    ORDER BY ${SORTS[q.sortBy]} ${dir}, t.name, t.id
    LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}`.execute(tx);
  let count = Number(r.rows[0]?.total ?? 0);
  if (!r.rows.length && q.page > 0) count = await countShadowItApps(tx, q.unknown);
  const items = r.rows.map((row) => {
    const { domains: _d, ...app } = traceableOut(row);
    return {
      ...app,
      countUniqueUser: Number(row.unique_users),
      count7DaysHistory: Number(row.c7),
      count30DaysHistory: Number(row.c30),
      lastVisitedAt: row.last_at.toISOString(),
      users: row.users,
    };
  });
  return { items, count };
}

export async function countShadowItApps(tx: Tx, unknown: UnknownFilter = 'INCLUDE'): Promise<number> {
  const r = await sql<{ n: string }>`WITH ${aggregated(unknown)} SELECT count(*) AS n FROM a`.execute(tx);
  return Number(r.rows[0]?.n ?? 0);
}

interface VisitRow {
  id: string;
  visited_at: Date;
  user_email: string;
  person_id: string | null;
  person_name: string | null;
  person_avatar: string | null;
  app_id: string;
  app_name: string;
  app_avatar: string | null;
  category: SoftwareCategory;
  url: string;
  detection_tool: string;
}

const visitOut = (v: VisitRow): ShadowItVisit => ({
  id: v.id,
  visitedAt: v.visited_at.toISOString(),
  user: { personId: v.person_id, name: v.person_name ?? v.user_email, email: v.user_email, avatarUrl: v.person_avatar },
  traceableApp: { id: v.app_id, name: v.app_name, avatarUrl: v.app_avatar },
  category: v.category,
  url: v.url,
  detectionTool: v.detection_tool,
});

const visitSelect = sql`SELECT v.id, v.visited_at, v.visited_at::text AS at_text, v.user_email, v.person_id, ${personName} AS person_name, p.avatar_url AS person_avatar,
    t.id AS app_id, t.name AS app_name, t.avatar_url AS app_avatar, t.category, v.url, v.detection_tool
  FROM shadow_it_visits v JOIN traceable_apps t ON t.id = v.traceable_app_id LEFT JOIN people p ON p.id = v.person_id
  WHERE v.traceable_app_id IN ${uncoveredApps}`;

export async function listShadowItVisits(tx: Tx, q: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const r = await sql<VisitRow>`${visitSelect} ORDER BY v.visited_at ${dir}, v.id ${dir} LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}`.execute(tx);
  const c = await sql<{ n: string }>`SELECT count(*) AS n FROM shadow_it_visits v WHERE v.traceable_app_id IN ${uncoveredApps}`.execute(tx);
  return { items: r.rows.map(visitOut), count: Number(c.rows[0]?.n ?? 0) };
}

/** A keyset batch of visits, newest first, after `cursor` (for the CSV export). */
export async function visitsAfter(tx: Tx, cursor: { at: string; id: string } | null, limit: number) {
  const keyset = cursor ? sql`(v.visited_at, v.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`;
  const r = await sql<VisitRow & { at_text: string }>`${visitSelect} AND ${keyset}
    ORDER BY v.visited_at DESC, v.id DESC LIMIT ${limit}`.execute(tx);
  const last = r.rows[r.rows.length - 1];
  return { items: r.rows.map(visitOut), cursor: last ? { at: last.at_text, id: last.id } : null };
}
