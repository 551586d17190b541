// A plan's draft structure: the units in force on its effective date with
// the plan's rows laid over them (ADD a unit, CHANGE a unit's values, CLOSE
// a unit), compared with today. The same computation serves the plan page,
// each edit (which must not bring a new problem into the draft) and the
// apply (which refuses a draft with any problem).
import { sql } from 'kysely';
import type * as O from '../../../src/api/contracts/organization.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../http/errors.js';
import { addDays } from '../../../src/api/contracts/dates.js';
import { cyclicUnits, memberCounts, unitsOn, type VersionRow } from './structure.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

export interface PlanRow {
  id: string;
  name: string;
  effective_on: string;
  status: 'DRAFT' | 'APPLIED';
  applied_at: Date | null;
  created_at: Date;
  updated_at: Date;
  change_count: number;
}

export interface PlanUnitRow {
  id: string;
  kind: 'ADD' | 'CHANGE' | 'CLOSE';
  unit_id: string;
  name: string | null;
  code: string | null;
  parent_unit_id: string | null;
  parent_set: boolean;
  display_order: number | null;
  base_version_id: string | null;
}

export const planOut = (p: PlanRow): O.Plan => ({
  id: p.id,
  name: p.name,
  effectiveOn: p.effective_on,
  status: p.status,
  appliedAt: p.applied_at ? new Date(p.applied_at).toISOString() : null,
  changeCount: p.change_count,
  createdAt: new Date(p.created_at).toISOString(),
  updatedAt: new Date(p.updated_at).toISOString(),
});

export const planSelect = sql`SELECT p.id, p.name, p.effective_on, p.status, p.applied_at, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM org_plan_units pu WHERE pu.plan_id = p.id) AS change_count FROM org_plans p`;

export async function loadPlan(tx: Tx, planId: string, o: { lock?: boolean } = {}): Promise<PlanRow> {
  if (o.lock) await sql`SELECT 1 FROM org_plans WHERE id = ${planId} FOR UPDATE`.execute(tx);
  const r = await sql<PlanRow>`${planSelect} WHERE p.id = ${planId}`.execute(tx);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** An applied plan is read-only. */
export function assertDraft(p: PlanRow) {
  if (p.status !== 'DRAFT') throw new AppError(409, 'CONFLICT', 'organization:errors.planApplied');
}

export const planUnitRows = (tx: Tx, planId: string) =>
  tx
    .selectFrom('org_plan_units')
    .select(['id', 'kind', 'unit_id', 'name', 'code', 'parent_unit_id', 'parent_set', 'display_order', 'base_version_id'])
    .where('plan_id', '=', planId)
    .orderBy('created_at')
    .execute() as Promise<PlanUnitRow[]>;

export interface DraftUnit {
  id: string;
  code: string | null;
  name: string;
  parentUnitId: string | null;
  displayOrder: number;
}

export type Problem =
  | { kind: 'cycle'; unitId: string }
  | { kind: 'missingParent'; unitId: string }
  | { kind: 'closedParent'; unitId: string }
  | { kind: 'closedWithChildren'; unitId: string }
  | { kind: 'baseChanged'; unitId: string };

export interface Draft {
  /** Units in force on the effective date, keyed by id. */
  base: Map<string, VersionRow>;
  /** The structure with the plan laid over it. */
  units: Map<string, DraftUnit>;
  /** Units the plan closes. */
  closed: Set<string>;
  rows: PlanUnitRow[];
  baseChanged: Set<string>;
}

/** The draft from the units on the effective date and the plan's rows. */
export function layDraft(base: VersionRow[], rows: PlanUnitRow[]): Draft {
  const byId = new Map(base.map((v) => [v.unit_id, v]));
  const units = new Map<string, DraftUnit>(
    base.map((v) => [v.unit_id, { id: v.unit_id, code: v.code, name: v.name, parentUnitId: v.parent_unit_id, displayOrder: v.display_order }]),
  );
  const closed = new Set<string>();
  const baseChanged = new Set<string>();
  for (const r of rows) {
    if (r.kind === 'ADD') {
      units.set(r.unit_id, { id: r.unit_id, code: r.code, name: r.name ?? '', parentUnitId: r.parent_unit_id, displayOrder: r.display_order ?? 0 });
      continue;
    }
    const v = byId.get(r.unit_id);
    if (!v || v.id !== r.base_version_id) baseChanged.add(r.unit_id);
    const u = units.get(r.unit_id);
    if (!u) continue;
    if (r.kind === 'CLOSE') {
      units.delete(r.unit_id);
      closed.add(r.unit_id);
    } else {
      if (r.name !== null) u.name = r.name;
      if (r.parent_set) u.parentUnitId = r.parent_unit_id;
      if (r.display_order !== null) u.displayOrder = r.display_order;
    }
  }
  return { base: byId, units, closed, rows, baseChanged };
}

/** What is wrong with a draft: loops, units under a missing or closed unit, closed units with sub-units, stale changes. */
export function problemsOf(d: Draft): Problem[] {
  const out: Problem[] = [];
  const parents = new Map<string, string | null>();
  for (const u of d.units.values()) {
    parents.set(u.id, u.parentUnitId);
    if (u.parentUnitId && !d.units.has(u.parentUnitId)) {
      out.push({ kind: d.closed.has(u.parentUnitId) ? 'closedParent' : 'missingParent', unitId: u.id });
      if (d.closed.has(u.parentUnitId)) out.push({ kind: 'closedWithChildren', unitId: u.parentUnitId });
    }
  }
  for (const unitId of cyclicUnits(parents)) out.push({ kind: 'cycle', unitId });
  for (const unitId of d.baseChanged) out.push({ kind: 'baseChanged', unitId });
  return out;
}

const problemKey = (p: Problem) => `${p.kind}:${p.unitId}`;

/** Problems of `after` that `before` did not have. */
export function newProblems(before: Draft, after: Draft): Problem[] {
  const had = new Set(problemsOf(before).map(problemKey));
  return problemsOf(after).filter((p) => !had.has(problemKey(p)));
}

export async function loadDraft(tx: Tx, plan: PlanRow): Promise<Draft> {
  const [base, rows] = await Promise.all([unitsOn(tx, plan.effective_on), planUnitRows(tx, plan.id)]);
  return layDraft(base, plan.status === 'APPLIED' ? [] : rows);
}

/** A unit's name for a message: as drafted, else as it is on the effective date. */
export function unitName(d: Draft, unitId: string): string {
  return d.units.get(unitId)?.name ?? d.base.get(unitId)?.name ?? d.rows.find((r) => r.unit_id === unitId)?.name ?? unitId;
}

/** The first problem as a refusal in the caller's language, naming the units. */
export function problemError(d: Draft, problems: Problem[]): AppError {
  const kind = problems[0]!.kind;
  const units = [...new Set(problems.filter((p) => p.kind === kind).map((p) => unitName(d, p.unitId)))].join(', ');
  return new AppError(409, 'CONFLICT', `organization:errors.draft.${kind}`, { units });
}

/** The plan page: the draft with each unit's differences from the compared date. */
export async function planDetail(tx: Tx, plan: PlanRow): Promise<O.PlanDetail> {
  const comparedWith = plan.status === 'APPLIED' ? addDays(plan.effective_on, -1) : todayInJapan();
  const [draft, before, counts] = await Promise.all([loadDraft(tx, plan), unitsOn(tx, comparedWith), memberCounts(tx, plan.effective_on)]);
  const then = new Map(before.map((v) => [v.unit_id, v]));
  const kindOf = new Map(draft.rows.map((r) => [r.unit_id, r.kind]));
  const units: O.PlanUnit[] = [];
  const beforeOf = (id: string) => {
    const v = then.get(id);
    return v ? { name: v.name, parentUnitId: v.parent_unit_id, parentName: v.parent_unit_id ? (then.get(v.parent_unit_id)?.name ?? null) : null } : null;
  };
  const applied = plan.status === 'APPLIED';
  for (const u of draft.units.values()) {
    const b = then.get(u.id);
    const marks: O.PlanMark[] = [];
    if (!b) marks.push('ADDED');
    else {
      if (b.name !== u.name) marks.push('RENAMED');
      if (b.parent_unit_id !== u.parentUnitId) marks.push('MOVED');
    }
    units.push({
      id: u.id,
      code: u.code,
      name: u.name,
      parentUnitId: u.parentUnitId,
      displayOrder: u.displayOrder,
      memberCount: counts.byUnit.get(u.id) ?? 0,
      marks,
      before: beforeOf(u.id),
      kind: applied ? null : (kindOf.get(u.id) ?? null),
      baseChanged: draft.baseChanged.has(u.id),
    });
  }
  // Units of the compared day that the draft no longer has: closed (where they were).
  for (const b of before) {
    if (draft.units.has(b.unit_id)) continue;
    units.push({
      id: b.unit_id,
      code: b.code,
      name: b.name,
      parentUnitId: b.parent_unit_id,
      displayOrder: b.display_order,
      memberCount: counts.byUnit.get(b.unit_id) ?? 0,
      marks: ['CLOSED'],
      before: beforeOf(b.unit_id),
      kind: applied ? null : (kindOf.get(b.unit_id) ?? null),
      baseChanged: draft.baseChanged.has(b.unit_id),
    });
  }
  units.sort((a, b) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name));
  return { plan: planOut(plan), comparedWith, units };
}
