// The run bodies of the integration commands (integration.commands.ts holds
// their declarations): loaded with the first run, with the software contracts
// they call, so the console's first load carries neither.
import { type AppUserRow, listIntegrations, deleteAssignment, listAssignments, listIntegrationUsers, putAssignment, deactivateIntegration, deleteIntegration, deleteIntegrationUser, getIntegration, linkIntegrationUser, mdmActivateIntegration, reactivateIntegration, refreshResources, refreshResourcesAll } from '../api/contracts/software.js';
import { workersForSelect } from '../api/contracts/pickers.js';
import { integrationIdOf } from './integration.commands.js';
import type { CommandContext } from './registry.js';

async function refreshAll(ctx: CommandContext) {
  await ctx.invalidate('appIntegration');
  await ctx.invalidate('integration-users');
  await ctx.invalidate('person-apps');
}

/** The account under the cursor of the users grid, or the only selected one. */
function activeAccount(ctx: CommandContext): AppUserRow | null {
  const row = ctx.grid()?.activeRow() as AppUserRow | null | undefined;
  return row && typeof row === 'object' && 'ruleMatching' in row ? row : null;
}

async function currentIntegration(ctx: CommandContext) {
  const id = integrationIdOf(ctx);
  return id ? ctx.api(getIntegration, { params: { id } }) : null;
}

export async function refresh(ctx: CommandContext) {
  const id = integrationIdOf(ctx)!;
  const r = await ctx.api(refreshResources, { params: { id } });
  ctx.dialogs.toast({ description: ctx.t(`integrations:toast.refresh.${r.status}`), ...(r.status === 'RATE_LIMITED' ? { variant: 'destructive' as const } : {}) });
  await ctx.invalidate('appIntegration');
}

export async function deactivate(ctx: CommandContext) {
  const i = await currentIntegration(ctx);
  if (!i) return;
  if (i.status === 'DEACTIVATED') {
    ctx.dialogs.toast({ description: ctx.t('integrations:toast.alreadyDeactivated') });
    return;
  }
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('commands:integration.deactivate'),
    body: ctx.t('integrations:confirm.deactivate', { name: i.appName }),
    confirmLabel: ctx.t('commands:integration.deactivate'),
    destructive: true,
  });
  if (!ok) return;
  await ctx.api(deactivateIntegration, { params: { id: i.appIntegrationId } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.deactivated', { name: i.appName }) });
}

export async function reactivate(ctx: CommandContext) {
  const i = await currentIntegration(ctx);
  if (!i) return;
  await ctx.api(reactivateIntegration, { params: { id: i.appIntegrationId } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.reactivated', { name: i.appName }) });
}

export async function mdmActivate(ctx: CommandContext) {
  const r = await ctx.api(mdmActivateIntegration, { params: { id: integrationIdOf(ctx)! } });
  // Spec 8: an answer without success is an update-error toast.
  if (r.success) ctx.dialogs.toast({ description: ctx.t('integrations:toast.updateSuccess') });
  else ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('integrations:toast.updateError') });
  await ctx.invalidate('appIntegration');
}

export async function remove(ctx: CommandContext) {
  const i = await currentIntegration(ctx);
  if (!i) return;
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('commands:integration.delete'),
    body: ctx.t('integrations:confirm.delete', { name: i.appName, count: i.accountCount }),
    confirmLabel: ctx.t('commands:integration.delete'),
    destructive: true,
  });
  if (!ok) return;
  await ctx.api(deleteIntegration, { params: { id: i.appIntegrationId } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.deleted', { name: i.appName }) });
  ctx.navigate('/app-integrations');
}

export async function linkPerson(ctx: CommandContext) {
  const row = activeAccount(ctx);
  if (!row?.appUserId || !row.canChangePerson) {
    ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('integrations:toast.cannotLink') });
    return;
  }
  const choice = await ctx.dialogs.choose({
    title: ctx.t('integrations:linkTitle', { account: row.displayName ?? row.name ?? row.email ?? '' }),
    load: async (q, signal) =>
      (await ctx.api(workersForSelect, { query: { freeText: q, limit: 30, ids: [] } }, { signal })).items.map((w) => ({ value: w.personId, label: w.name, hint: w.primaryWorkerEmail ?? undefined })),
  });
  if (!choice) return;
  await ctx.api(linkIntegrationUser, { params: { id: integrationIdOf(ctx)!, appUserId: row.appUserId }, body: { personId: String(choice.value) } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.linked', { person: choice.label }) });
}

export async function unlinkPerson(ctx: CommandContext) {
  const row = activeAccount(ctx);
  if (!row?.appUserId || !row.canChangePerson || !row.worker) {
    ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('integrations:toast.cannotLink') });
    return;
  }
  await ctx.api(linkIntegrationUser, { params: { id: integrationIdOf(ctx)!, appUserId: row.appUserId }, body: { personId: null } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.unlinked') });
}

export async function deleteAccount(ctx: CommandContext) {
  const row = activeAccount(ctx);
  if (!row?.appUserId || !row.canDelete) {
    ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('software:cannotDeleteAccount') });
    return;
  }
  const name = row.displayName ?? row.name ?? row.email ?? '';
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('commands:integration.deleteAccount'),
    body: ctx.t('integrations:confirm.deleteAccount', { name }),
    confirmLabel: ctx.t('commands:integration.deleteAccount'),
    destructive: true,
  });
  if (!ok) return;
  await ctx.api(deleteIntegrationUser, { params: { id: integrationIdOf(ctx)!, appUserId: row.appUserId } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.accountDeleted', { name }) });
}

export async function assign(ctx: CommandContext) {
  const id = integrationIdOf(ctx)!;
  const person = await ctx.dialogs.choose({
    title: ctx.t('commands:integration.assign'),
    load: async (q, signal) =>
      (await ctx.api(workersForSelect, { query: { freeText: q, limit: 30, ids: [] } }, { signal })).items.map((w) => ({ value: w.personId, label: w.name, hint: w.primaryWorkerEmail ?? undefined })),
  });
  if (!person) return;
  // Roles as the tenant names them (from its accounts), or none.
  const accounts = await ctx.api(listIntegrationUsers, { params: { id }, query: { category: 'ALL', pageSize: 1000 } as never });
  const roles = [...new Set(accounts.items.map((r) => r.actualRoleName).filter((r): r is string => !!r))].sort();
  const role = await ctx.dialogs.choose({
    title: ctx.t('integrations:assignRole', { person: person.label }),
    load: async (q) => [{ value: '', label: ctx.t('integrations:anyRole') }, ...roles.map((r) => ({ value: r, label: r }))].filter((o) => !q || o.label.toLowerCase().includes(q.toLowerCase())),
  });
  if (!role) return;
  await ctx.api(putAssignment, { params: { id, personId: String(person.value) }, body: { roleName: role.value || null } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.assigned', { person: person.label }) });
}

export async function unassign(ctx: CommandContext) {
  const id = integrationIdOf(ctx)!;
  const list = (await ctx.api(listAssignments, { params: { id } })).items;
  const choice = await ctx.dialogs.choose({
    title: ctx.t('commands:integration.unassign'),
    load: async (q) =>
      list
        .map((a) => ({ value: a.personId, label: a.personName, hint: a.roleName ?? undefined }))
        .filter((o) => !q || o.label.toLowerCase().includes(q.toLowerCase())),
  });
  if (!choice) return;
  await ctx.api(deleteAssignment, { params: { id, personId: String(choice.value) } });
  await refreshAll(ctx);
  ctx.dialogs.toast({ description: ctx.t('integrations:toast.unassigned', { person: choice.label }) });
}

export async function filterByApp(ctx: CommandContext) {
  const list = (await ctx.api(listIntegrations, { query: { status: 'ALL', pageSize: 1000 } as never })).items;
  const choice = await ctx.dialogs.choose({
    title: ctx.t('commands:integration.filterByApp'),
    load: async (q) =>
      list
        .map((i) => ({ value: i.appIntegrationId, label: i.appName, hint: i.tenantName ?? undefined }))
        .filter((o) => !q || `${o.label} ${o.hint ?? ''}`.toLowerCase().includes(q.toLowerCase())),
  });
  if (!choice) return;
  const ids = (ctx.search().appIntegrationIds as string[] | undefined) ?? [];
  ctx.setSearch({ appIntegrationIds: [...new Set([...ids, String(choice.value)])], pageIndex: 0 });
}

export async function refreshAllIntegrations(ctx: CommandContext) {
  const r = await ctx.api(refreshResourcesAll, {});
  ctx.dialogs.toast({ description: ctx.t(`integrations:toast.refresh.${r.status}`) });
  await ctx.invalidate('appIntegration');
}
