// The people lists' actions (spec 2.3, 2.6, 3): switch the workforce menu
// (Alt+Shift+1…5) and category (Alt+1…8), the alumni category (Alt+1…5),
// filter by department, position, job type, worker type or place (f), the
// recent-leaver window (l), clear the filters (Shift+X), export as CSV
// (Shift+E; Shift_JIS from the palette), add or import people (n, Shift+I:
// the add and import pages, by path), and the row actions (a, or a row's ⋯).
//
// Row actions: every command whose id starts with `people.row.` and whose
// `when` holds is offered in the row's menu (and in the palette on the
// list). They act on targetPerson(ctx): the row under the cursor, or the
// row whose ⋯ was clicked. The profile's lifecycle transitions join the
// menu by being such commands (no key; `when: (ctx) => targetPerson(ctx) !== null`).
import { ALUMNI_CATEGORIES, MENU_PREFIX, MENU_WORKER_TYPES, PEOPLE_MENUS, type PeopleMenu, parseWorkforceCategory, statesOfMenu, WORKFORCE_STATES, workerTypeSlug } from '../api/contracts/people-lifecycle.js';
import { ALUMNI_PATH, ALUMNI_SCOPE, personHref, type PersonTarget, pinnedTarget, targetOf, withPinnedTarget, WORKFORCE_PATH, WORKFORCE_SCOPE } from '../panes/people/people-store.js';
import { type Command, type CommandContext, commandTitle, defineCommand, lazyActions, runCommand, type Scope } from './registry.js';

const run = lazyActions(() => import('./people.actions.js'));

const onWorkforce = (ctx: CommandContext) => ctx.can('HR') && ctx.path() === WORKFORCE_PATH;
const onAlumni = (ctx: CommandContext) => ctx.can('HR') && ctx.path() === ALUMNI_PATH;
const menuOf = (ctx: CommandContext) => (ctx.search().menu as PeopleMenu | undefined) ?? 'Employee';
/** The add and import pages' worker type: the menu's (All: employee). */
const addSlug = (ctx: CommandContext) => workerTypeSlug(MENU_WORKER_TYPES[menuOf(ctx)][0]!);
const stateOf = (ctx: CommandContext) => parseWorkforceCategory(menuOf(ctx), String(ctx.search().category ?? 'employee-all'));

/** The person a row command acts on: the row whose ⋯ was clicked, else the row under the cursor of a people list. */
export function targetPerson(ctx: CommandContext): PersonTarget | null {
  const pinned = pinnedTarget();
  if (pinned) return pinned;
  if (!ctx.can('HR')) return null;
  const path = ctx.path();
  if (path !== WORKFORCE_PATH && path !== ALUMNI_PATH) return null;
  return targetOf(ctx.grid()?.activeRow(), path === ALUMNI_PATH);
}

/** The row's menu: the available `people.row.*` commands, run on this row. */
export async function openRowMenu(ctx: CommandContext, commands: readonly Command[], target: PersonTarget): Promise<void> {
  await withPinnedTarget(target, async () => {
    const available = commands.filter((c) => c.id.startsWith('people.row.') && (!c.when || c.when(ctx)));
    const options = available.map((c) => ({ value: c.id, label: commandTitle(ctx.t, { title: c.title.slice(-1) }) }));
    const choice = await ctx.dialogs.choose({
      title: ctx.t('people:rowActions', { name: target.name }),
      load: async (q) => options.filter((o) => !q || o.label.toLowerCase().includes(q.toLowerCase())),
    });
    const c = choice && available.find((x) => x.id === choice.value);
    if (c) await runCommand(c, ctx);
  });
}

/** The list filters (f) and the URL key each sets. */
export const FILTER_KINDS = ['department', 'position', 'jobType', 'workerType', 'place'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];
export const FILTER_KEY: Record<FilterKind, string> = {
  department: 'departmentIdIn',
  position: 'positionIdIn',
  jobType: 'jobTypeIdIn',
  workerType: 'workerTypeIdIn',
  place: 'placeIdIn',
};

const clearFilters = (ctx: CommandContext, alumni: boolean) =>
  ctx.setSearch({
    ...Object.fromEntries(Object.values(FILTER_KEY).map((k) => [k, undefined])),
    freeText: undefined,
    ...(alumni ? { isLeavingDateWithIn_A_Month: undefined } : {}),
    pageIndex: 0,
  });

/** The filter, export and row-menu commands of one list. */
function listCommands(prefix: 'people' | 'alumni', scope: Scope, when: (ctx: CommandContext) => boolean): Command[] {
  const alumni = prefix === 'alumni';
  return [
    defineCommand({ id: `${prefix}.filter`, title: ['people:commands.filter'], section: 'actions', scope, keys: 'f', when, run: run('chooseFilter') }),
    ...FILTER_KINDS.map((k) =>
      defineCommand({ id: `${prefix}.filter.${k}`, title: ['people:commands.filterPrefix', `people:filters.${k}`], section: 'actions', scope, when, run: run('addFilter', k) }),
    ),
    defineCommand({ id: `${prefix}.clearFilters`, title: ['people:commands.clearFilters'], section: 'actions', scope, keys: 'Shift+KeyX', when, run: (ctx) => clearFilters(ctx, alumni) }),
    defineCommand({
      id: `${prefix}.export`,
      title: [alumni ? 'people:commands.exportAlumni' : 'people:commands.exportWorkforce'],
      keywords: ['csv', 'export', 'エクスポート', 'ダウンロード'],
      section: 'actions',
      scope,
      keys: 'Shift+KeyE',
      when,
      run: run('exportList', alumni, 'UTF-8'),
    }),
    defineCommand({
      id: `${prefix}.exportSjis`,
      title: [alumni ? 'people:commands.exportAlumniSjis' : 'people:commands.exportWorkforceSjis'],
      keywords: ['csv', 'excel', 'shift_jis', 'sjis'],
      section: 'actions',
      scope,
      when,
      run: run('exportList', alumni, 'Shift_JIS'),
    }),
    defineCommand({
      id: `${prefix}.rowActions`,
      title: ['people:commands.rowActions'],
      section: 'actions',
      scope,
      keys: ['a', 'Shift+F10'],
      when: (ctx) => when(ctx) && targetPerson(ctx) !== null,
      run: run('rowActions'),
    }),
  ];
}

export const peopleCommands = (): Command[] => [
  // ── Workforce ─────────────────────────────────────────────────────────────
  ...PEOPLE_MENUS.map((m, n) =>
    defineCommand({
      id: `people.menu.${m}`,
      title: ['people:commands.menuPrefix', `people:menu.${m}`],
      section: 'actions',
      scope: WORKFORCE_SCOPE,
      keys: `Alt+Shift+Digit${n + 1}`,
      when: onWorkforce,
      run: (ctx) => {
        // The same state in the other menu when it has one (collaborators: all and alumni).
        const state = stateOf(ctx);
        const next = (statesOfMenu(m) as readonly string[]).includes(state) ? state : 'all';
        ctx.setSearch({ menu: m, category: `${MENU_PREFIX[m]}-${next}`, pageIndex: 0 });
      },
    }),
  ),
  ...[...WORKFORCE_STATES, 'alumni' as const].map((s, n) =>
    defineCommand({
      id: `people.category.${s}`,
      title: ['people:commands.categoryPrefix', `people:states.${s}`],
      section: 'actions',
      scope: WORKFORCE_SCOPE,
      keys: `Alt+Digit${n + 1}`,
      when: (ctx) => onWorkforce(ctx) && (statesOfMenu(menuOf(ctx)) as readonly string[]).includes(s),
      run: (ctx) => ctx.setSearch({ category: `${MENU_PREFIX[menuOf(ctx)]}-${s}`, pageIndex: 0 }),
    }),
  ),
  ...listCommands('people', WORKFORCE_SCOPE, onWorkforce),
  defineCommand({
    id: 'people.add',
    title: ['people:commands.addPerson'],
    section: 'actions',
    scope: WORKFORCE_SCOPE,
    keys: 'n',
    when: onWorkforce,
    // The menu's worker type (All: an employee).
    run: (ctx) => ctx.navigate(`/person/add/${addSlug(ctx)}`),
  }),
  defineCommand({
    id: 'people.import',
    title: ['people:commands.importPeople'],
    section: 'actions',
    scope: WORKFORCE_SCOPE,
    keys: 'Shift+KeyI',
    when: onWorkforce,
    run: (ctx) => ctx.navigate(`/person/import-csv/${addSlug(ctx)}`),
  }),

  // ── Alumni ────────────────────────────────────────────────────────────────
  ...ALUMNI_CATEGORIES.map((c, n) =>
    defineCommand({
      id: `alumni.category.${c}`,
      title: ['people:commands.alumniCategoryPrefix', `people:alumniCategories.${c}`],
      section: 'actions',
      scope: ALUMNI_SCOPE,
      keys: `Alt+Digit${n + 1}`,
      when: onAlumni,
      run: (ctx) => ctx.setSearch({ category: c, pageIndex: 0 }),
    }),
  ),
  defineCommand({
    id: 'alumni.recentLeavers',
    title: ['people:commands.recentLeavers'],
    keywords: ['left within a month', '1か月以内', '退職'],
    section: 'actions',
    scope: ALUMNI_SCOPE,
    keys: 'l',
    when: onAlumni,
    run: (ctx) => ctx.setSearch({ isLeavingDateWithIn_A_Month: ctx.search().isLeavingDateWithIn_A_Month === true ? undefined : true, pageIndex: 0 }),
  }),
  ...listCommands('alumni', ALUMNI_SCOPE, onAlumni),

  // ── Row actions (global: offered on either list, acting on its row) ───────
  defineCommand({
    id: 'people.row.openProfile',
    title: ['people:commands.openProfile'],
    section: 'actions',
    when: (ctx) => targetPerson(ctx) !== null,
    run: (ctx) => {
      const target = targetPerson(ctx);
      if (target) ctx.navigate(personHref(target.personId, target.alumni));
    },
  }),
  defineCommand({
    id: 'people.row.openSide',
    title: ['people:commands.openSide'],
    section: 'actions',
    when: (ctx) => targetPerson(ctx) !== null,
    run: (ctx) => {
      const target = targetPerson(ctx);
      if (target) ctx.openSide(personHref(target.personId, target.alumni));
    },
  }),
];
