// Organisation plans: list, create, read (the draft compared with today),
// rename or re-date, discard; add, edit, close or revert a unit of the
// draft; apply. Every edit is checked against the whole draft and refused
// when it brings a new problem (a loop, a unit under a missing or closed
// unit, a closed unit keeping sub-units); applying refuses any problem.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import * as O from '../../../src/api/contracts/organization.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import {
  assertDraft,
  type Draft,
  layDraft,
  loadPlan,
  newProblems,
  planDetail,
  planOut,
  planSelect,
  type PlanRow,
  type PlanUnitRow,
  planUnitRows,
  problemError,
  unitName,
} from './plans.js';
import { changeFrom, closeFrom, codeTaken, cyclesFrom, unitsOn, versionOn } from './structure.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const SORTS: Record<(typeof O.PLAN_SORTS)[number], string> = {
  EFFECTIVE_ON: 'p.effective_on',
  NAME: 'p.name',
  STATUS: 'p.status',
  UPDATED_AT: 'p.updated_at',
};

/** The draft plan an edit changes, held (FOR UPDATE) until the edit commits; an applied plan is refused. */
async function lockDraft(tx: Tx, planId: string): Promise<PlanRow> {
  const plan = await loadPlan(tx, planId, { lock: true });
  assertDraft(plan);
  return plan;
}

/** A unit of the draft: its version on the plan's date, the plan's rows and the one for this unit (if any). */
async function draftUnit(tx: Tx, plan: PlanRow, unitId: string) {
  const [base, rows] = await Promise.all([versionOn(tx, unitId, plan.effective_on), planUnitRows(tx, plan.id)]);
  return { base, rows, row: rows.find((r) => r.unit_id === unitId) };
}

function assertFuture(date: string, field = 'effectiveOn') {
  if (date < todayInJapan()) throw fieldError(field, 'organization:errors.pastDate');
}

/** The draft before and after a change to the plan's rows. */
async function draftsFor(tx: Tx, plan: PlanRow, change: (rows: PlanUnitRow[]) => PlanUnitRow[]): Promise<{ before: Draft; after: Draft; rows: PlanUnitRow[] }> {
  const [base, rows] = await Promise.all([unitsOn(tx, plan.effective_on), planUnitRows(tx, plan.id)]);
  return { before: layDraft(base, rows), after: layDraft(base, change(rows.map((r) => ({ ...r })))), rows };
}

/** Refuses an edit that brings a new problem: the parent's problems under the parent field, the rest as a conflict. */
function assertNoNewProblem(before: Draft, after: Draft, unitId: string) {
  const added = newProblems(before, after).filter((p) => p.kind !== 'baseChanged');
  if (!added.length) return;
  const own = added.find((p) => p.unitId === unitId && p.kind !== 'closedWithChildren');
  if (own) {
    const key = { cycle: 'organization:errors.cycle', missingParent: 'organization:errors.parentNotInDraft', closedParent: 'organization:errors.parentClosed' }[
      own.kind as 'cycle' | 'missingParent' | 'closedParent'
    ];
    throw fieldError('parentUnitId', key);
  }
  const closing = added.filter((p) => p.kind === 'closedWithChildren');
  throw problemError(after, closing.length ? closing : added);
}

/** A planned unit's code must be free in the organisation and in the plan. */
async function assertCodeFree(tx: Tx, rows: PlanUnitRow[], code: string | null, unitId: string | null) {
  if (!code) return;
  const taken = await sql`SELECT 1 FROM org_units WHERE lower(code) = lower(${code})`.execute(tx);
  if (taken.rows.length || rows.some((r) => r.kind === 'ADD' && r.unit_id !== unitId && r.code?.toLowerCase() === code.toLowerCase())) {
    throw fieldError('code', 'organization:errors.codeTaken');
  }
}

const touch = (tx: Tx, planId: string) => tx.updateTable('org_plans').set({ updated_at: new Date() }).where('id', '=', planId).execute();

export function planRoutes(): AnyRoute[] {
  return [
    defineRoute(O.listPlans, async ({ query }, { tx }) => {
      const where = query.status ? sql`WHERE p.status = ${query.status}` : sql``;
      const dir = sql.raw(query.orderDirection === 'asc' ? 'ASC' : 'DESC');
      const [rows, count] = await Promise.all([
        sql<PlanRow>`${planSelect} ${where} ORDER BY ${sql.raw(SORTS[query.sortColumn])} ${dir}, p.created_at ${dir}, p.id
          LIMIT ${query.pageSize} OFFSET ${query.pageIndex * query.pageSize}`.execute(tx),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM org_plans p ${where}`.execute(tx),
      ]);
      return { items: rows.rows.map(planOut), count: count.rows[0]!.n };
    }),

    defineRoute(O.createPlan, async ({ body }, { tx, auth }) => {
      assertFuture(body.effectiveOn);
      const row = await tx
        .insertInto('org_plans')
        .values({ org_id: auth.orgId, name: body.name, effective_on: body.effectiveOn })
        .returning('id')
        .executeTakeFirstOrThrow();
      return planOut(await loadPlan(tx, row.id));
    }),

    defineRoute(O.getPlan, async ({ params }, { tx }) => planDetail(tx, await loadPlan(tx, params.planId))),

    defineRoute(O.updatePlan, async ({ params, body }, { tx }) => {
      const plan = await lockDraft(tx, params.planId);
      if (body.effectiveOn !== undefined && body.effectiveOn !== plan.effective_on) {
        assertFuture(body.effectiveOn);
        // Changes drafted against the old date are read against the new one
        // (a change whose unit already changed under it stays flagged).
        for (const r of await planUnitRows(tx, plan.id)) {
          if (r.kind === 'ADD') continue;
          const old = await versionOn(tx, r.unit_id, plan.effective_on);
          const now = await versionOn(tx, r.unit_id, body.effectiveOn);
          if (old && now && old.id === r.base_version_id) {
            await tx.updateTable('org_plan_units').set({ base_version_id: now.id, updated_at: new Date() }).where('id', '=', r.id).execute();
          }
        }
      }
      await tx
        .updateTable('org_plans')
        .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.effectiveOn !== undefined ? { effective_on: body.effectiveOn } : {}), updated_at: new Date() })
        .where('id', '=', plan.id)
        .execute();
      return planOut(await loadPlan(tx, plan.id));
    }),

    defineRoute(O.deletePlan, async ({ params }, { tx }) => {
      const plan = await lockDraft(tx, params.planId);
      await tx.deleteFrom('org_plans').where('id', '=', plan.id).execute();
      return null;
    }),

    defineRoute(O.addPlanUnit, async ({ params, body }, { tx, auth }) => {
      const plan = await lockDraft(tx, params.planId);
      const unitId = crypto.randomUUID();
      const code = body.code?.trim() || null;
      const { before, after, rows } = await draftsFor(tx, plan, (rows) => [
        ...rows,
        { id: '', kind: 'ADD', unit_id: unitId, name: body.name, code, parent_unit_id: body.parentUnitId, parent_set: true, display_order: body.displayOrder ?? null, base_version_id: null },
      ]);
      await assertCodeFree(tx, rows, code, null);
      assertNoNewProblem(before, after, unitId);
      // Last among its siblings unless an order is given.
      const siblingOrders = [...before.units.values()].filter((u) => u.parentUnitId === body.parentUnitId).map((u) => u.displayOrder);
      const order = body.displayOrder ?? (siblingOrders.length ? Math.max(...siblingOrders) + 1 : 0);
      await tx
        .insertInto('org_plan_units')
        .values({ org_id: auth.orgId, plan_id: plan.id, kind: 'ADD', unit_id: unitId, name: body.name, code, parent_unit_id: body.parentUnitId, parent_set: true, display_order: order })
        .execute();
      await touch(tx, plan.id);
      return { unitId };
    }),

    defineRoute(O.editPlanUnit, async ({ params, body }, { tx, auth }) => {
      const plan = await lockDraft(tx, params.planId);
      const { unitId } = params;
      const { base, rows, row } = await draftUnit(tx, plan, unitId);
      if (row?.kind === 'ADD') {
        const code = body.code === undefined ? row.code : body.code?.trim() || null;
        await assertCodeFree(tx, rows, code, unitId);
        const next: PlanUnitRow = { ...row, name: body.name, code, parent_unit_id: body.parentUnitId, display_order: body.displayOrder ?? row.display_order };
        const { before, after } = await draftsFor(tx, plan, (rs) => rs.map((r) => (r.unit_id === unitId ? next : r)));
        assertNoNewProblem(before, after, unitId);
        await tx
          .updateTable('org_plan_units')
          .set({ name: next.name, code, parent_unit_id: next.parent_unit_id, display_order: next.display_order, updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        await touch(tx, plan.id);
        return { unitId };
      }
      if (!base) throw notFound();
      // An existing unit: only what differs from its version on the effective date is a change (saving also re-reads that version).
      const next: PlanUnitRow = {
        id: row?.id ?? '',
        kind: 'CHANGE',
        unit_id: unitId,
        name: body.name !== base.name ? body.name : null,
        code: null,
        parent_unit_id: body.parentUnitId !== base.parent_unit_id ? body.parentUnitId : null,
        parent_set: body.parentUnitId !== base.parent_unit_id,
        display_order: body.displayOrder !== undefined && body.displayOrder !== base.display_order ? body.displayOrder : null,
        base_version_id: base.id,
      };
      const unchanged = next.name === null && !next.parent_set && next.display_order === null;
      const { before, after } = await draftsFor(tx, plan, (rs) => [...rs.filter((r) => r.unit_id !== unitId), ...(unchanged ? [] : [next])]);
      assertNoNewProblem(before, after, unitId);
      if (row) await tx.deleteFrom('org_plan_units').where('id', '=', row.id).execute();
      if (!unchanged) {
        await tx
          .insertInto('org_plan_units')
          .values({
            org_id: auth.orgId,
            plan_id: plan.id,
            kind: 'CHANGE',
            unit_id: unitId,
            name: next.name,
            parent_unit_id: next.parent_unit_id,
            parent_set: next.parent_set,
            display_order: next.display_order,
            base_version_id: base.id,
          })
          .execute();
      }
      await touch(tx, plan.id);
      return { unitId };
    }),

    defineRoute(O.closePlanUnit, async ({ params }, { tx, auth }) => {
      const plan = await lockDraft(tx, params.planId);
      const { unitId } = params;
      const { base, row } = await draftUnit(tx, plan, unitId);
      if (row?.kind === 'ADD') {
        // Closing a planned unit drops it from the plan.
        const { before, after } = await draftsFor(tx, plan, (rs) => rs.filter((r) => r.unit_id !== unitId));
        assertNoNewProblem(before, after, unitId);
        await tx.deleteFrom('org_plan_units').where('id', '=', row.id).execute();
        await touch(tx, plan.id);
        return { unitId };
      }
      if (!base) throw notFound();
      const next: PlanUnitRow = { id: '', kind: 'CLOSE', unit_id: unitId, name: null, code: null, parent_unit_id: null, parent_set: false, display_order: null, base_version_id: base.id };
      const { before, after } = await draftsFor(tx, plan, (rs) => [...rs.filter((r) => r.unit_id !== unitId), next]);
      assertNoNewProblem(before, after, unitId);
      if (row) await tx.deleteFrom('org_plan_units').where('id', '=', row.id).execute();
      await tx.insertInto('org_plan_units').values({ org_id: auth.orgId, plan_id: plan.id, kind: 'CLOSE', unit_id: unitId, base_version_id: base.id }).execute();
      await touch(tx, plan.id);
      return { unitId };
    }),

    defineRoute(O.revertPlanUnit, async ({ params }, { tx }) => {
      const plan = await lockDraft(tx, params.planId);
      const { unitId } = params;
      const { before, after, rows } = await draftsFor(tx, plan, (rs) => rs.filter((r) => r.unit_id !== unitId));
      const row = rows.find((r) => r.unit_id === unitId);
      if (!row) throw notFound();
      assertNoNewProblem(before, after, unitId);
      await tx.deleteFrom('org_plan_units').where('id', '=', row.id).execute();
      await touch(tx, plan.id);
      return null;
    }),

    defineRoute(O.applyPlan, async ({ params }, { tx }) => {
      const plan = await loadPlan(tx, params.planId, { lock: true });
      if (plan.status === 'APPLIED') throw new AppError(409, 'CONFLICT', 'organization:errors.alreadyApplied');
      const effective = plan.effective_on;
      if (effective < todayInJapan()) throw new AppError(409, 'CONFLICT', 'organization:errors.datePassed', { date: effective });
      const rows = await planUnitRows(tx, plan.id);
      if (!rows.length) throw new AppError(409, 'CONFLICT', 'organization:errors.planEmpty');
      // Hold the versions the plan was drafted against while it is checked and applied.
      const baseIds = rows.flatMap((r) => (r.base_version_id ? [r.base_version_id] : []));
      if (baseIds.length) await sql`SELECT id FROM org_unit_versions WHERE id IN (${sql.join(baseIds)}) FOR UPDATE`.execute(tx);
      // Refused: the plan's own problems (an orphan already in the data is not the plan's doing).
      const base = await unitsOn(tx, effective);
      const draft = layDraft(base, rows);
      const problems = newProblems(layDraft(base, []), draft);
      if (problems.length) {
        const stale = problems.filter((p) => p.kind === 'baseChanged');
        throw problemError(draft, stale.length ? stale : problems);
      }
      const added = rows.filter((r) => r.kind === 'ADD');
      const codes = added.flatMap((r) => (r.code ? [r.code.toLowerCase()] : []));
      if (codes.length) {
        const taken = await sql<{ code: string }>`SELECT code FROM org_units WHERE lower(code) IN (${sql.join(codes)})`.execute(tx);
        if (taken.rows.length) {
          const units = added.filter((r) => taken.rows.some((t) => t.code.toLowerCase() === r.code?.toLowerCase())).map((r) => r.name ?? '');
          throw new AppError(409, 'CONFLICT', 'organization:errors.draft.codeTaken', { units: units.join(', ') });
        }
      }
      // New units first (a planned unit can be another's parent), then their versions.
      const orgId = (await sql<{ org_id: string }>`SELECT org_id FROM org_plans WHERE id = ${plan.id}`.execute(tx)).rows[0]!.org_id;
      try {
        if (added.length) await tx.insertInto('org_units').values(added.map((r) => ({ id: r.unit_id, org_id: orgId, code: r.code }))).execute();
      } catch (e) {
        throw codeTaken(e) ?? e;
      }
      if (added.length) {
        await tx
          .insertInto('org_unit_versions')
          .values(added.map((r) => ({ org_id: orgId, unit_id: r.unit_id, name: r.name!, parent_unit_id: r.parent_unit_id, display_order: r.display_order ?? 0, valid_from: effective })))
          .execute();
      }
      for (const r of rows) {
        if (r.kind === 'ADD') continue;
        const base = draft.base.get(r.unit_id)!;
        if (r.kind === 'CLOSE') await closeFrom(tx, base, effective);
        else {
          await changeFrom(tx, base, effective, {
            ...(r.name !== null ? { name: r.name } : {}),
            ...(r.parent_set ? { parentUnitId: r.parent_unit_id } : {}),
            ...(r.display_order !== null ? { displayOrder: r.display_order } : {}),
          });
        }
      }
      // A later scheduled change can still make a later day's chart loop.
      const cyclic = await cyclesFrom(tx, effective);
      if (cyclic.length) throw new AppError(409, 'CONFLICT', 'organization:errors.draft.cycle', { units: cyclic.map((u) => unitName(draft, u)).join(', ') });
      await sql`UPDATE org_plans SET status = 'APPLIED', applied_at = now(), applied_by = app_account_id(), updated_at = now() WHERE id = ${plan.id}`.execute(tx);
      return planOut(await loadPlan(tx, plan.id));
    }),
  ];
}
