// App integration actions (spec 2.3 App integrations, 4, 7, 8): refresh,
// deactivate, reactivate, MDM activation and deletion of the integration on
// screen; the account row actions of its users tab (link a person, unlink,
// remove the account, switch category); refresh-all on the integrations list.
// Each acts on the integration of the main pane's URL. Disabling and
// destroying ask first; outcomes are toasts in the user's language (spec 8).
import { USER_CATEGORIES } from '../api/contracts/software-enums.js';
import { PEOPLE_MENUS } from '../api/contracts/people-lifecycle.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./integration.actions.js'));

const INTEGRATION = /^\/app-integrations\/([0-9a-f-]{36})\/([a-z-]+)$/;
export const integrationIdOf = (ctx: CommandContext) => ctx.path().match(INTEGRATION)?.[1] ?? null;
const onIntegration = (ctx: CommandContext) => ctx.can('IT') && integrationIdOf(ctx) !== null;
const onUsers = (ctx: CommandContext) => onIntegration(ctx) && ctx.path().endsWith('/users');
const onList = (ctx: CommandContext) => ctx.can('IT') && (ctx.path() === '/app-integrations' || ctx.path() === '/software/settings');
const onPeople = (ctx: CommandContext) => ctx.can('IT') && ctx.path() === '/software/people';

const title = (key: string) => ['routes:sections.appIntegrations', `commands:integration.${key}`] as const;
const scope = 'pane:integration';

export const integrationCommands = (): Command[] => [
  defineCommand({
    id: 'integration.refresh',
    title: title('refresh'),
    section: 'actions',
    scope,
    keys: 'r',
    when: onIntegration,
    run: run('refresh'),
  }),
  defineCommand({
    id: 'integration.deactivate',
    title: title('deactivate'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyD',
    when: onIntegration,
    run: run('deactivate'),
  }),
  defineCommand({
    id: 'integration.reactivate',
    title: title('reactivate'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyA',
    when: onIntegration,
    run: run('reactivate'),
  }),
  defineCommand({
    id: 'integration.mdmActivate',
    title: title('mdmActivate'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: run('mdmActivate'),
  }),
  defineCommand({
    id: 'integration.delete',
    title: title('delete'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: run('remove'),
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
    run: run('linkPerson'),
  }),
  defineCommand({
    id: 'integration.users.unlink',
    title: title('unlinkPerson'),
    section: 'actions',
    scope,
    when: onUsers,
    run: run('unlinkPerson'),
  }),
  defineCommand({
    id: 'integration.users.delete',
    title: title('deleteAccount'),
    section: 'actions',
    scope,
    keys: 'Delete',
    when: onUsers,
    run: run('deleteAccount'),
  }),

  // ── Assignments (the rule-and-policy tab) ─────────────────────────────────
  defineCommand({
    id: 'integration.assign',
    title: title('assign'),
    section: 'actions',
    scope,
    keys: 'Shift+KeyN',
    when: onIntegration,
    run: run('assign'),
  }),
  defineCommand({
    id: 'integration.unassign',
    title: title('unassign'),
    section: 'actions',
    scope,
    when: onIntegration,
    run: run('unassign'),
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
    run: run('filterByApp'),
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
    run: run('refreshAllIntegrations'),
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
