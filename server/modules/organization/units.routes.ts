// The chart on a date, a unit on a date with its members and filter choices,
// and a unit's settings changed from a date (a new dated version).
import { sql } from 'kysely';
import * as O from '../../../src/api/contracts/organization.js';
import type { Tx } from '../../db/tenant.js';
import { likeEscape } from '../../db/like.js';
import { fieldError, notFound } from '../../http/errors.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { assertAcyclicFrom, changeFrom, codeTaken, cycleError, memberCounts, memberOn, unitsOn, versionOn } from './structure.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

async function unitDetail(tx: Tx, id: string, baseDate: string): Promise<O.UnitDetail> {
  const unit = await tx.selectFrom('org_units').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
  if (!unit) throw notFound();
  const [units, counts, versions] = await Promise.all([
    unitsOn(tx, baseDate),
    memberCounts(tx, baseDate),
    sql<O.UnitVersion>`SELECT v.id, v.name, v.parent_unit_id AS "parentUnitId",
        (SELECT p.name FROM org_unit_versions p WHERE p.unit_id = v.parent_unit_id AND p.valid_from <= v.valid_from
          AND (p.valid_to IS NULL OR p.valid_to > v.valid_from)) AS "parentName",
        v.display_order AS "displayOrder", v.valid_from AS "validFrom", v.valid_to AS "validTo"
      FROM org_unit_versions v WHERE v.unit_id = ${id} ORDER BY v.valid_from`.execute(tx),
  ]);
  const byId = new Map(units.map((u) => [u.unit_id, u]));
  const current = versions.rows.find((v) => v.validFrom <= baseDate && (v.validTo === null || v.validTo > baseDate)) ?? null;
  const path: { id: string; name: string }[] = [];
  const seen = new Set([id]);
  for (let p = byId.get(id)?.parent_unit_id; p && byId.has(p) && !seen.has(p); p = byId.get(p)?.parent_unit_id) {
    seen.add(p);
    path.unshift({ id: p, name: byId.get(p)!.name });
  }
  const childrenOf = new Map<string, string[]>();
  for (const u of units) if (u.parent_unit_id) childrenOf.set(u.parent_unit_id, [...(childrenOf.get(u.parent_unit_id) ?? []), u.unit_id]);
  const total = (u: string, guard = new Set<string>()): number => {
    if (guard.has(u)) return 0;
    guard.add(u);
    return (counts.byUnit.get(u) ?? 0) + (childrenOf.get(u) ?? []).reduce((n, c) => n + total(c, guard), 0);
  };
  return {
    id,
    code: unit.code,
    baseDate,
    today: todayInJapan(),
    current,
    path,
    children: current
      ? units
          .filter((u) => u.parent_unit_id === id)
          .map((u) => ({ id: u.unit_id, code: u.code, name: u.name, memberCount: counts.byUnit.get(u.unit_id) ?? 0 }))
      : [],
    memberCount: current ? (counts.byUnit.get(id) ?? 0) : 0,
    totalMemberCount: current ? total(id) : 0,
    versions: versions.rows,
  };
}

const SORT_SQL: Record<(typeof O.MEMBER_SORTS)[number], string> = {
  NAME: `coalesce(p.family_name_kana, p.family_name) || coalesce(p.given_name_kana, p.given_name)`,
  WORKER_NUMBER: 'w.worker_number',
  POSITION: 'pos.display_order',
  EMPLOYMENT_TYPE: 'et.display_order',
  ASSIGNED_FROM: 'a.valid_from',
};

export function unitRoutes(): AnyRoute[] {
  return [
    defineRoute(O.getChart, async ({ query }, { tx }) => {
      const today = todayInJapan();
      const baseDate = query.baseDate ?? today;
      const [units, counts] = await Promise.all([unitsOn(tx, baseDate), memberCounts(tx, baseDate)]);
      return {
        baseDate,
        today,
        memberCount: counts.total,
        units: units.map((u) => ({
          id: u.unit_id,
          code: u.code,
          name: u.name,
          parentUnitId: u.parent_unit_id,
          displayOrder: u.display_order,
          memberCount: counts.byUnit.get(u.unit_id) ?? 0,
          validFrom: u.valid_from,
          validTo: u.valid_to,
        })),
      };
    }),

    defineRoute(O.getUnit, async ({ params, query }, { tx }) => unitDetail(tx, params.id, query.baseDate ?? todayInJapan())),

    defineRoute(O.listUnitMembers, async ({ params, query }, { tx }) => {
      const d = query.baseDate ?? todayInJapan();
      const conditions = [sql`a.unit_id = ${params.id}`, memberOn(d)];
      if (query.positionId) conditions.push(sql`a.position_id = ${query.positionId}`);
      if (query.employmentTypeId) conditions.push(sql`w.employment_type_id = ${query.employmentTypeId}`);
      if (query.jobTypeId) conditions.push(sql`EXISTS (SELECT 1 FROM worker_job_types wj WHERE wj.worker_id = w.id AND wj.job_type_id = ${query.jobTypeId})`);
      const text = query.text?.trim();
      if (text) {
        const like = `%${likeEscape(text)}%`;
        conditions.push(sql`(p.family_name || p.given_name ILIKE ${like} OR p.family_name || ' ' || p.given_name ILIKE ${like}
          OR coalesce(p.family_name_kana, '') || coalesce(p.given_name_kana, '') ILIKE ${like}
          OR w.worker_number ILIKE ${like} OR w.primary_email ILIKE ${like} OR p.email ILIKE ${like}
          OR pos.name ILIKE ${like})`);
      }
      const dir = sql.raw(query.orderDirection === 'desc' ? 'DESC' : 'ASC');
      const sort = query.sortColumn ?? 'POSITION';
      const nameOrder = sql.raw(SORT_SQL.NAME);
      const r = await sql<{ rows: O.UnitMember[] | null; count: number }>`
        WITH m AS (
          SELECT a.id, a.worker_id, p.id AS person_id, p.family_name || ' ' || p.given_name AS name,
            nullif(trim(coalesce(p.family_name_kana, '') || ' ' || coalesce(p.given_name_kana, '')), '') AS name_kana,
            w.worker_number, w.worker_type, coalesce(w.primary_email, p.email) AS email,
            a.position_id, pos.name AS position_name, w.employment_type_id, et.name AS employment_type_name,
            worker_stage(w, ${d}::date) AS stage, a.is_primary, a.valid_from, a.valid_to,
            ${sql.raw(SORT_SQL[sort])} AS sort_key, ${nameOrder} AS name_key
          FROM worker_assignments a
          JOIN workers w ON w.id = a.worker_id
          JOIN people p ON p.id = w.person_id
          LEFT JOIN positions pos ON pos.id = a.position_id
          LEFT JOIN employment_types et ON et.id = w.employment_type_id
          WHERE ${sql.join(conditions, sql` AND `)}
        ), page AS (
          SELECT * FROM m ORDER BY sort_key ${dir} NULLS LAST, name_key ${dir}, id
          LIMIT ${query.pageSize} OFFSET ${query.pageIndex * query.pageSize}
        )
        SELECT (SELECT count(*)::int FROM m) AS count,
          (SELECT json_agg(json_build_object(
              'id', page.id, 'workerId', page.worker_id, 'personId', page.person_id, 'name', page.name, 'nameKana', page.name_kana,
              'workerNumber', page.worker_number, 'workerType', page.worker_type, 'email', page.email,
              'positionId', page.position_id, 'positionName', page.position_name,
              'employmentTypeId', page.employment_type_id, 'employmentTypeName', page.employment_type_name,
              'jobTypes', (SELECT coalesce(json_agg(json_build_object('id', jt.id, 'name', jt.name) ORDER BY jt.display_order NULLS LAST, jt.name), '[]'::json)
                FROM worker_job_types wj JOIN job_types jt ON jt.id = wj.job_type_id WHERE wj.worker_id = page.worker_id),
              'stage', page.stage, 'isPrimary', page.is_primary, 'assignedFrom', page.valid_from, 'assignedTo', page.valid_to)
            ORDER BY page.sort_key ${dir} NULLS LAST, page.name_key ${dir}, page.id) FROM page) AS rows`.execute(tx);
      const row = r.rows[0]!;
      return { items: row.rows ?? [], count: row.count };
    }),

    defineRoute(O.getUnitMemberFilters, async ({ params, query }, { tx }) => {
      const d = query.baseDate ?? todayInJapan();
      const members = sql`SELECT DISTINCT a.worker_id, a.position_id, w.employment_type_id FROM worker_assignments a JOIN workers w ON w.id = a.worker_id
        WHERE a.unit_id = ${params.id} AND ${memberOn(d)}`;
      type Opt = { id: string; name: string; count: number };
      const [positions, employmentTypes, jobTypes] = await Promise.all([
        sql<Opt>`SELECT t.id, t.name, count(DISTINCT m.worker_id)::int AS count FROM (${members}) m JOIN positions t ON t.id = m.position_id
          GROUP BY t.id, t.name, t.display_order ORDER BY t.display_order NULLS LAST, t.name`.execute(tx),
        sql<Opt>`SELECT t.id, t.name, count(DISTINCT m.worker_id)::int AS count FROM (${members}) m JOIN employment_types t ON t.id = m.employment_type_id
          GROUP BY t.id, t.name, t.display_order ORDER BY t.display_order NULLS LAST, t.name`.execute(tx),
        sql<Opt>`SELECT t.id, t.name, count(DISTINCT m.worker_id)::int AS count FROM (${members}) m
          JOIN worker_job_types wj ON wj.worker_id = m.worker_id JOIN job_types t ON t.id = wj.job_type_id
          GROUP BY t.id, t.name, t.display_order ORDER BY t.display_order NULLS LAST, t.name`.execute(tx),
      ]);
      return { positions: positions.rows, employmentTypes: employmentTypes.rows, jobTypes: jobTypes.rows };
    }),

    defineRoute(O.updateUnit, async ({ params, body }, { tx }) => {
      const unit = await tx.selectFrom('org_units').select(['id', 'code']).where('id', '=', params.id).executeTakeFirst();
      if (!unit) throw notFound();
      const base = await versionOn(tx, params.id, body.validFrom);
      if (!base) throw fieldError('validFrom', 'organization:errors.notOnDate');
      if (body.code !== undefined) {
        const newCode = body.code?.trim() || null;
        if (newCode !== unit.code) {
          if (newCode) {
            const taken = await sql`SELECT 1 FROM org_units WHERE lower(code) = lower(${newCode}) AND id <> ${params.id}`.execute(tx);
            if (taken.rows.length) throw fieldError('code', 'organization:errors.codeTaken');
          }
          try {
            await tx.updateTable('org_units').set({ code: newCode, updated_at: new Date() }).where('id', '=', params.id).execute();
          } catch (e) {
            throw codeTaken(e) ?? e;
          }
        }
      }
      if (body.parentUnitId) {
        if (body.parentUnitId === params.id) throw cycleError();
        if (!(await versionOn(tx, body.parentUnitId, body.validFrom))) throw fieldError('parentUnitId', 'organization:errors.parentNotOnDate');
      }
      await changeFrom(tx, base, body.validFrom, { name: body.name, parentUnitId: body.parentUnitId, displayOrder: body.displayOrder });
      await assertAcyclicFrom(tx, body.validFrom);
      return unitDetail(tx, params.id, body.validFrom);
    }),
  ];
}
