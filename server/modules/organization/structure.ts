// The dated organisation: units in force on a date, members on a date, and
// the one way a unit changes from a date on (a settings change and an
// applied plan both go through `changeFrom` / `closeFrom`).
//
// A version is valid over [valid_from, valid_to). A change from D:
//   - the version in force on D ends at D and a new one starts at D with the
//     changed fields (or, when it already starts on D, is changed itself);
//   - later versions (scheduled changes) take the new value of a changed
//     field as long as they still carried the value it replaced, so a later
//     change of that field stays and the days before D are never rewritten.
// A close from D ends the version in force on D at D and drops later ones.
// After any write, `assertAcyclicFrom(D)` checks every later day's chart.
import { sql } from 'kysely';
import type { Tx } from '../../db/tenant.js';
import { AppError, fieldError } from '../../http/errors.js';

export interface VersionRow {
  id: string;
  unit_id: string;
  code: string | null;
  name: string;
  parent_unit_id: string | null;
  display_order: number;
  valid_from: string;
  valid_to: string | null;
}

/** Every unit in force on a date, in display order. */
export async function unitsOn(tx: Tx, date: string): Promise<VersionRow[]> {
  const r = await sql<VersionRow>`SELECT v.id, v.unit_id, u.code, v.name, v.parent_unit_id, v.display_order, v.valid_from, v.valid_to
    FROM org_unit_versions v JOIN org_units u ON u.id = v.unit_id
    WHERE v.valid_from <= ${date} AND (v.valid_to IS NULL OR v.valid_to > ${date})
    ORDER BY v.display_order, v.name, v.unit_id`.execute(tx);
  return r.rows;
}

/** A unit's version in force on a date, if any. */
export async function versionOn(tx: Tx, unitId: string, date: string): Promise<VersionRow | null> {
  const r = await sql<VersionRow>`SELECT v.id, v.unit_id, u.code, v.name, v.parent_unit_id, v.display_order, v.valid_from, v.valid_to
    FROM org_unit_versions v JOIN org_units u ON u.id = v.unit_id
    WHERE v.unit_id = ${unitId} AND v.valid_from <= ${date} AND (v.valid_to IS NULL OR v.valid_to > ${date})`.execute(tx);
  return r.rows[0] ?? null;
}

/** The condition "worker w is a member on date d" (spec: an assignment in force, the worker neither alumni nor not yet offered). */
export const memberOn = (d: string) =>
  sql`a.valid_from <= ${d} AND (a.valid_to IS NULL OR a.valid_to > ${d}) AND worker_stage(w, ${d}::date) IS NOT NULL AND worker_stage(w, ${d}::date) <> 'ALUMNI'`;

/** Distinct members per unit on a date, and in the whole organisation. */
export async function memberCounts(tx: Tx, date: string): Promise<{ byUnit: Map<string, number>; total: number }> {
  const r = await sql<{ unit_id: string | null; n: number }>`SELECT a.unit_id, count(DISTINCT a.worker_id)::int AS n
    FROM worker_assignments a JOIN workers w ON w.id = a.worker_id
    WHERE ${memberOn(date)}
    GROUP BY GROUPING SETS ((a.unit_id), ())`.execute(tx);
  const byUnit = new Map<string, number>();
  let total = 0;
  for (const row of r.rows) {
    if (row.unit_id === null) total = row.n;
    else byUnit.set(row.unit_id, row.n);
  }
  return { byUnit, total };
}

/** Units whose parent chain loops, given unit → parent. */
export function cyclicUnits(parents: ReadonlyMap<string, string | null>): string[] {
  const out = new Set<string>();
  const done = new Set<string>();
  for (const start of parents.keys()) {
    if (done.has(start)) continue;
    const seen: string[] = [];
    const onPath = new Set<string>();
    let node: string | null | undefined = start;
    while (node && !done.has(node) && !onPath.has(node)) {
      onPath.add(node);
      seen.push(node);
      node = parents.get(node);
    }
    // The walk came back to a unit of this path: the loop is from there on.
    if (node && onPath.has(node)) for (const u of seen.slice(seen.indexOf(node))) out.add(u);
    for (const u of seen) done.add(u);
  }
  return [...out];
}

export const cycleError = () => fieldError('parentUnitId', 'organization:errors.cycle');

/** Units whose parent chain loops on D or on any later day where some version starts. */
export async function cyclesFrom(tx: Tx, from: string): Promise<string[]> {
  const r = await sql<{ unit_id: string; parent_unit_id: string | null; valid_from: string; valid_to: string | null }>`
    SELECT unit_id, parent_unit_id, valid_from, valid_to FROM org_unit_versions WHERE valid_to IS NULL OR valid_to > ${from}`.execute(tx);
  const days = new Set([from]);
  for (const v of r.rows) if (v.valid_from > from) days.add(v.valid_from);
  for (const day of days) {
    const parents = new Map<string, string | null>();
    for (const v of r.rows) if (v.valid_from <= day && (v.valid_to === null || v.valid_to > day)) parents.set(v.unit_id, v.parent_unit_id);
    const cyclic = cyclicUnits(parents);
    if (cyclic.length) return cyclic;
  }
  return [];
}

/** Refuses (the request rolls back) when a change made some later day's chart loop. */
export async function assertAcyclicFrom(tx: Tx, from: string): Promise<void> {
  if ((await cyclesFrom(tx, from)).length) throw cycleError();
}

export interface UnitPatch {
  name?: string;
  parentUnitId?: string | null;
  displayOrder?: number;
}

/** Changes a unit from a date on (see the top of this file). `base` is its version in force on that date. */
export async function changeFrom(tx: Tx, base: VersionRow, from: string, patch: UnitPatch): Promise<void> {
  const fields = {
    name: patch.name,
    parent_unit_id: patch.parentUnitId,
    display_order: patch.displayOrder,
  } as const;
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => fields[k] !== undefined && fields[k] !== base[k]);
  if (!changed.length) return;
  const values = Object.fromEntries(changed.map((k) => [k, fields[k]]));
  if (base.valid_from === from) {
    await tx.updateTable('org_unit_versions').set({ ...values, updated_at: new Date() }).where('id', '=', base.id).execute();
  } else {
    await tx.updateTable('org_unit_versions').set({ valid_to: from, updated_at: new Date() }).where('id', '=', base.id).execute();
    const orgId = (await sql<{ org_id: string }>`SELECT org_id FROM org_unit_versions WHERE id = ${base.id}`.execute(tx)).rows[0]!.org_id;
    await tx
      .insertInto('org_unit_versions')
      .values({
        org_id: orgId,
        unit_id: base.unit_id,
        name: base.name,
        parent_unit_id: base.parent_unit_id,
        display_order: base.display_order,
        ...values,
        valid_from: from,
        valid_to: base.valid_to,
      })
      .execute();
  }
  // Later versions take a changed field while they still carry the replaced value.
  const later = await tx
    .selectFrom('org_unit_versions')
    .select(['id', 'name', 'parent_unit_id', 'display_order'])
    .where('unit_id', '=', base.unit_id)
    .where('valid_from', '>', from)
    .orderBy('valid_from')
    .execute();
  const carrying = new Set(changed);
  for (const v of later) {
    for (const k of [...carrying]) if (v[k] !== base[k]) carrying.delete(k);
    if (!carrying.size) break;
    const set = Object.fromEntries([...carrying].map((k) => [k, fields[k]]));
    await tx.updateTable('org_unit_versions').set({ ...set, updated_at: new Date() }).where('id', '=', v.id).execute();
  }
}

/** Closes a unit on a date: its version in force ends there, later versions are dropped. */
export async function closeFrom(tx: Tx, base: VersionRow, from: string): Promise<void> {
  await tx.deleteFrom('org_unit_versions').where('unit_id', '=', base.unit_id).where('valid_from', '>', from).execute();
  if (base.valid_from === from) await tx.deleteFrom('org_unit_versions').where('id', '=', base.id).execute();
  else await tx.updateTable('org_unit_versions').set({ valid_to: from, updated_at: new Date() }).where('id', '=', base.id).execute();
}

/** A unique violation on org_units' code → the code field's error. */
export function codeTaken(err: unknown, field = 'code'): AppError | null {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'org_units_code' ? fieldError(field, 'organization:errors.codeTaken') : null;
}

