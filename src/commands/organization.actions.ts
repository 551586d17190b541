// The run bodies of the organisation commands (organization.commands.ts holds
// their declarations): loaded with the first run, with the organisation
// contracts they call, so the console's first load carries neither.
import { applyPlan as applyPlanCall, closePlanUnit, deletePlan as deletePlanCall, getUnit, getUnitMemberFilters, revertPlanUnit } from '../api/contracts/organization.js';
import { todayInJapan } from '../api/contracts/dates.js';
import { changeLines } from '../panes/organization/plan-lines.js';
import { CHART, type MemberFilter, planOf, planUnit, unitIdOf } from './organization.commands.js';
import type { CommandContext } from './registry.js';

async function afterPlanChange(ctx: CommandContext) {
  await ctx.invalidate('org-plan');
  await ctx.invalidate('org-plans');
}

export async function openParent(ctx: CommandContext) {
  const baseDate = ctx.search().baseDate as string | undefined;
  const u = await ctx.api(getUnit, { params: { id: unitIdOf(ctx)! }, query: baseDate ? { baseDate } : {} });
  const parent = u.path[u.path.length - 1];
  ctx.navigate(parent ? `/organization/${parent.id}${baseDate ? `?baseDate=${baseDate}` : ''}` : `${CHART}${baseDate ? `?baseDate=${baseDate}` : ''}`);
}

export async function chooseFilter(ctx: CommandContext, f: MemberFilter) {
  const id = unitIdOf(ctx)!;
  const baseDate = ctx.search().baseDate as string | undefined;
  const options = await ctx.api(getUnitMemberFilters, { params: { id }, query: baseDate ? { baseDate } : {} });
  const choice = await ctx.dialogs.choose({
    title: ctx.t(`organization:commands.${f.id}`),
    load: async (q) =>
      [{ value: null, label: ctx.t('organization:commands.allOption') }, ...options[f.key].map((o) => ({ value: o.id, label: o.name, hint: String(o.count) }))].filter(
        (o) => !q || o.label.toLowerCase().includes(q.toLowerCase()),
      ),
  });
  if (choice) ctx.setSearch({ [f.param]: choice.value ?? undefined, [f.name]: choice.value ? choice.label : undefined, pageIndex: 0 });
}

export async function closeUnit(ctx: CommandContext) {
  const p = planUnit(ctx);
  if (!p || p.unit.marks.includes('CLOSED')) return;
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('organization:plans.confirm.closeTitle', { name: p.unit.name }),
    body: ctx.t('organization:plans.confirm.closeBody', { date: p.d.plan.effectiveOn }),
    confirmLabel: ctx.t('organization:plans.confirm.close'),
    destructive: true,
  });
  if (!ok) return;
  await ctx.api(closePlanUnit, { params: { planId: p.d.plan.id, unitId: p.unit.id } });
  await afterPlanChange(ctx);
  ctx.dialogs.toast({ description: ctx.t('organization:plans.toast.closed', { name: p.unit.name }) });
}

export async function revertUnit(ctx: CommandContext) {
  const p = planUnit(ctx);
  if (!p || !p.unit.kind) return;
  await ctx.api(revertPlanUnit, { params: { planId: p.d.plan.id, unitId: p.unit.id } });
  await afterPlanChange(ctx);
  ctx.dialogs.toast({ description: ctx.t('organization:plans.toast.reverted', { name: p.unit.before?.name ?? p.unit.name }) });
}

export async function applyPlan(ctx: CommandContext) {
  const d = planOf(ctx)!;
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('organization:plans.confirm.applyTitle', { name: d.plan.name }),
    body: ctx.t('organization:plans.confirm.applyBody', { date: d.plan.effectiveOn }),
    items: changeLines(ctx.t, d),
    confirmLabel: ctx.t('organization:plans.confirm.apply'),
  });
  if (!ok) return;
  const plan = await ctx.api(applyPlanCall, { params: { planId: d.plan.id } });
  await afterPlanChange(ctx);
  await ctx.invalidate('org-chart');
  await ctx.invalidate('org-unit');
  ctx.dialogs.toast({ description: ctx.t('organization:plans.toast.applied', { name: plan.name, date: plan.effectiveOn }) });
  ctx.navigate(`${CHART}${plan.effectiveOn === todayInJapan() ? '' : `?baseDate=${plan.effectiveOn}`}`);
}

export async function deletePlan(ctx: CommandContext) {
  const d = planOf(ctx)!;
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('organization:plans.confirm.deleteTitle', { name: d.plan.name }),
    body: ctx.t('organization:plans.confirm.deleteBody'),
    confirmLabel: ctx.t('organization:plans.confirm.delete'),
    destructive: true,
  });
  if (!ok) return;
  await ctx.api(deletePlanCall, { params: { planId: d.plan.id } });
  await afterPlanChange(ctx);
  ctx.dialogs.toast({ description: ctx.t('organization:plans.toast.deleted', { name: d.plan.name }) });
  ctx.navigate('/organization/plan');
}
