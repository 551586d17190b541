// App integration actions (spec 2.3 App integrations, 4, 7, 8): refresh,
// deactivate, reactivate, MDM activation and deletion of the integration on
// screen; the account row actions of its users tab (link a person, unlink,
// remove the account, switch category); refresh-all on the integrations list.
// Each acts on the integration of the main pane's URL. Disabling and
// destroying ask first; outcomes are toasts in the user's language (spec 8).
import { type AppUserRow, PEOPLE_MENUS, USER_CATEGORIES, listIntegrations, deleteAssignment, listAssignments, listIntegrationUsers, putAssignment, deactivateIntegration, deleteIntegration, deleteIntegrationUser, getIntegration, linkIntegrationUser, mdmActivateIntegration, reactivateIntegration, refreshResources, refreshResourcesAll } from '../api/contracts/software.js';
import { workersForSelect } from '../api/contracts/pickers.js';
import { type Command, type CommandContext, defineCommand } from './registry.js';

const INTEGRATION = /^\/app-integrations\/([0-9a-f-]{36})\/([a-z-]+)$/;
const integrationIdOf = (ctx: CommandContext) => ctx.path().match(INTEGRATION)?.[1] ?? null;
const onIntegration = (ctx: CommandContext) => ctx.can('IT') && integrationIdOf(ctx) !== null;
const onUsers = (ctx: CommandContext) => onIntegration(ctx) && ctx.path().endsWith('/users');
const onList = (ctx: CommandContext) => ctx.can('IT') && (ctx.path() === '/app-integrations' || ctx.path() === '/software/settings');
const onPeople = (ctx: CommandContext) => ctx.can('IT') && ctx.path() === '/software/people';

const title = (key: string) => ['routes:sections.appIntegrations', `commands:integration.${key}`] as const;
const scope = 'pane:integration';

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

export const integrationCommands = (): Command[] => [
  defineCommand({
    id: 'integration.refresh',
    title: title('refresh'),
    section: 'actions',
    scope,
    keys: 'r',
    when: onIntegration,
    run: async (ctx) => {
      const id = integrationIdOf(ctx)!;
      const r = await ctx.api(refreshResources, { params: { id } });
      ctx.dialogs.toast({ description: ctx.t(`integrations:toast.refresh.${r.status}`), ...(r.status === 'RATE_LIMITED' ? { variant: 'destructive' as const } : {}) });
      await ctx.invalidate('appIntegration');
    },
  }),
  defineCommand({
    id: 'integration.deactivate',
    title: title('deactivate'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyD',
    when: onIntegration,
    run: async (ctx) => {
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
    },
  }),
  defineCommand({
    id: 'integration.reactivate',
    title: title('reactivate'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyA',
    when: onIntegration,
    run: async (ctx) => {
      const i = await currentIntegration(ctx);
      if (!i) return;
      await ctx.api(reactivateIntegration, { params: { id: i.appIntegrationId } });
      await refreshAll(ctx);
      ctx.dialogs.toast({ description: ctx.t('integrations:toast.reactivated', { name: i.appName }) });
    },
  }),
  defineCommand({
    id: 'integration.mdmActivate',
    title: title('mdmActivate'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: async (ctx) => {
      const r = await ctx.api(mdmActivateIntegration, { params: { id: integrationIdOf(ctx)! } });
      // Spec 8: an answer without success is an update-error toast.
      if (r.success) ctx.dialogs.toast({ description: ctx.t('integrations:toast.updateSuccess') });
      else ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('integrations:toast.updateError') });
      await ctx.invalidate('appIntegration');
    },
  }),
  defineCommand({
    id: 'integration.delete',
    title: title('delete'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: async (ctx) => {
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
    },
  }),
  ...(['overview', 'users', 'groups', 'detail', 'settings'] as const).map((tab) =>
    defineCommand({
      id: `integration.tab.${tab}`,
      title: ['routes:sections.appIntegrations', `routes:pages.${tab}`],
      section: 'navigation',
      scope,
      when: onIntegration,
      run: (ctx) => ctx.navigate(`/app-integrations/${integrationIdOf(ctx)}/${tab}`),
    }),
  ),

  // ── The users tab ──────────────────────────────────────────────────────────
  ...USER_CATEGORIES.map((c, n) =>
    defineCommand({
      id: `integration.users.category.${c}`,
      title: ['routes:sections.appIntegrations', `integrations:category.${c}`],
      section: 'actions',
      scope,
      keys: `Alt+Digit${n + 1}`,
      when: onUsers,
      run: (ctx) => ctx.setSearch({ category: c, pageIndex: 0 }),
    }),
  ),
  defineCommand({
    id: 'integration.users.link',
    title: title('linkPerson'),
    section: 'actions',
    scope,
    keys: 'l',
    when: onUsers,
    run: async (ctx) => {
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
    },
  }),
  defineCommand({
    id: 'integration.users.unlink',
    title: title('unlinkPerson'),
    section: 'actions',
    scope,
    when: onUsers,
    run: async (ctx) => {
      const row = activeAccount(ctx);
      if (!row?.appUserId || !row.canChangePerson || !row.worker) {
        ctx.dialogs.toast({ variant: 'destructive', description: ctx.t('integrations:toast.cannotLink') });
        return;
      }
      await ctx.api(linkIntegrationUser, { params: { id: integrationIdOf(ctx)!, appUserId: row.appUserId }, body: { personId: null } });
      await refreshAll(ctx);
      ctx.dialogs.toast({ description: ctx.t('integrations:toast.unlinked') });
    },
  }),
  defineCommand({
    id: 'integration.users.delete',
    title: title('deleteAccount'),
    section: 'actions',
    scope,
    keys: 'Delete',
    when: onUsers,
    run: async (ctx) => {
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
    },
  }),

  // ── Assignments (the rule-and-policy tab) ─────────────────────────────────
  defineCommand({
    id: 'integration.assign',
    title: title('assign'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyN',
    when: onIntegration,
    run: async (ctx) => {
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
    },
  }),
  defineCommand({
    id: 'integration.unassign',
    title: title('unassign'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: async (ctx) => {
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
    },
  }),

  // ── Software people ────────────────────────────────────────────────────────
  ...PEOPLE_MENUS.map((m, n) =>
    defineCommand({
      id: `softwarePeople.menu.${m}`,
      title: ['routes:sections.software', 'integrations:people.title', `integrations:people.menu.${m}`],
      section: 'actions',
      scope: 'pane:software-people',
      keys: `Alt+Digit${n + 1}`,
      when: onPeople,
      run: (ctx) => {
        const state = String(ctx.search().category ?? 'employee-all').split('-').slice(1).join('-') || 'all';
        ctx.setSearch({ menu: m, category: `${m.toLowerCase()}-${state}`, pageIndex: 0 });
      },
    }),
  ),
  defineCommand({
    id: 'softwarePeople.filterByApp',
    title: ['routes:sections.software', 'integrations:people.title', 'commands:integration.filterByApp'],
    section: 'actions',
    scope: 'pane:software-people',
    keys: 'f',
    when: onPeople,
    run: async (ctx) => {
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
    },
  }),
  defineCommand({
    id: 'softwarePeople.clearFilters',
    title: ['routes:sections.software', 'integrations:people.title', 'commands:integration.clearAppFilter'],
    section: 'actions',
    scope: 'pane:software-people',
    keys: 'Shift+KeyX',
    when: (ctx) => onPeople(ctx) && ((ctx.search().appIntegrationIds as string[] | undefined) ?? []).length > 0,
    run: (ctx) => ctx.setSearch({ appIntegrationIds: [], pageIndex: 0 }),
  }),

  // ── The integrations list ──────────────────────────────────────────────────
  defineCommand({
    id: 'integrations.refreshAll',
    title: title('refreshAll'),
    section: 'actions',
    scope: 'pane:integrations',
    keys: 'r',
    when: onList,
    run: async (ctx) => {
      const r = await ctx.api(refreshResourcesAll, {});
      ctx.dialogs.toast({ description: ctx.t(`integrations:toast.refresh.${r.status}`) });
      await ctx.invalidate('appIntegration');
    },
  }),
  ...(['INTEGRATIONS', 'CUSTOM_APPS', 'DEACTIVATED', 'ALL'] as const).map((s, n) =>
    defineCommand({
      id: `integrations.status.${s}`,
      title: ['routes:sections.appIntegrations', `integrations:listStatus.${s}`],
      section: 'actions',
      scope: 'pane:integrations',
      keys: `Alt+Digit${n + 1}`,
      when: onList,
      run: (ctx) => ctx.setSearch({ status: s, pageIndex: 0 }),
    }),
  ),
];
