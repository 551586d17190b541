// Organisation actions (spec 2.3 Organisation, 4): the base date (a month or
// a year back and forth, today, the date field), the view (hierarchy or
// tree, compact), the chart as a tree (arrows, Home/End, Enter opens,
// Shift+Enter beside), a unit (its settings, its parent, member filters by
// position / job type / employment type), forms (Ctrl/Cmd+Enter saves), and
// plans (new, add / edit / close / undo a unit of the draft, apply with the
// changes listed, discard). The panes show the same commands as buttons.
import type { PlanDetail } from '../api/contracts/organization.js';
import { addMonths } from '../api/contracts/dates.js';
import { orgForm, orgPlan, orgTrees } from '../panes/organization/org-store.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';
import { todayInJapan } from '../api/contracts/dates.js';

const run = lazyActions(() => import('./organization.actions.js'));

export const CHART = '/organization/chart';
const UNIT = /^\/organization\/([0-9a-f-]{36})$/;
const PLAN = /^\/organization\/plan\/([0-9a-f-]{36})$/;
const title = (key: string): string[] => ['routes:sections.organization', `organization:commands.${key}`];

const hr = (ctx: CommandContext) => ctx.can('HR');
export const unitIdOf = (ctx: CommandContext) => UNIT.exec(ctx.path())?.[1] ?? null;
const onDatePage = (ctx: CommandContext) => hr(ctx) && (ctx.path() === CHART || unitIdOf(ctx) !== null);
const onViewPage = (ctx: CommandContext) => hr(ctx) && (ctx.path() === CHART || PLAN.test(ctx.path()));
const onUnit = (ctx: CommandContext) => hr(ctx) && unitIdOf(ctx) !== null;
/** The plan on screen, once its page has read it. */
export function planOf(ctx: CommandContext): PlanDetail | null {
  const id = PLAN.exec(ctx.path())?.[1];
  const d = orgPlan.get();
  return hr(ctx) && id && d?.plan.id === id ? d : null;
}
const onDraft = (ctx: CommandContext) => planOf(ctx)?.plan.status === 'DRAFT';

// ── The base date ───────────────────────────────────────────────────────────
function moveDate(ctx: CommandContext, months: number | 'today') {
  const today = todayInJapan();
  const current = (ctx.search().baseDate as string | undefined) ?? today;
  const next = months === 'today' ? today : addMonths(current, months);
  ctx.setSearch({ baseDate: next === today ? undefined : next, ...(unitIdOf(ctx) ? { pageIndex: 0 } : {}) });
}
const dateCommand = (id: string, keys: string | undefined, months: number | 'today') =>
  defineCommand({
    id: `organization.${id}`,
    title: title(id),
    section: 'actions',
    scope: 'pane:org-date',
    ...(keys ? { keys } : {}),
    when: onDatePage,
    run: (ctx) => moveDate(ctx, months),
  });

// ── The tree ────────────────────────────────────────────────────────────────
type Move = 'next' | 'prev' | 'expand' | 'collapse' | 'first' | 'last';

const treeItemOf = (el: Element | null) => el?.closest<HTMLElement>('[role="treeitem"]') ?? null;
const treeKeyOf = (item: HTMLElement) => item.closest('[role="tree"]')?.getAttribute('data-tree-key') ?? '';

function moveInTree(how: Move) {
  const item = treeItemOf(document.activeElement);
  const tree = item?.closest('[role="tree"]');
  if (!item || !tree) return;
  const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const i = items.indexOf(item);
  const key = treeKeyOf(item);
  const id = item.dataset.unitId ?? '';
  const expanded = item.getAttribute('aria-expanded');
  switch (how) {
    case 'next':
      return items[Math.min(items.length - 1, i + 1)]?.focus();
    case 'prev':
      return items[Math.max(0, i - 1)]?.focus();
    case 'first':
      return items[0]?.focus();
    case 'last':
      return items[items.length - 1]?.focus();
    case 'expand':
      if (expanded === 'false') return orgTrees.setCollapsed(key, [id], false);
      if (expanded === 'true') return item.querySelector<HTMLElement>(':scope > [role="group"] > [role="treeitem"]')?.focus();
      return;
    case 'collapse':
      if (expanded === 'true') return orgTrees.setCollapsed(key, [id], true);
      return treeItemOf(item.parentElement)?.focus();
  }
}

const treeMove = (id: Move, keys: string) =>
  defineCommand({ id: `organization.tree.${id}`, title: title(`tree.${id}`), section: 'actions', scope: 'pane:org-tree', keys, when: hr, run: () => moveInTree(id) });

/** The unit focused in a tree, else the one the tree would focus (its roving item). */
function focusedUnit(treeKey: string): string | null {
  const item = treeItemOf(document.activeElement) ?? document.querySelector<HTMLElement>(`[data-tree-key="${treeKey}"] [role="treeitem"][tabindex="0"]`);
  return item?.dataset.unitId ?? null;
}

function allParents(open: boolean) {
  const item = treeItemOf(document.activeElement);
  if (!item) return;
  const key = treeKeyOf(item);
  // Collapsing may remove the focused unit: the focus goes to its top-level unit.
  let top: HTMLElement = item;
  for (let p = treeItemOf(item.parentElement); p; p = treeItemOf(p.parentElement)) top = p;
  orgTrees.setCollapsed(key, orgTrees.get(key)?.parents() ?? [], !open);
  if (!open) requestAnimationFrame(() => top.focus());
}

// ── A unit ──────────────────────────────────────────────────────────────────
const FILTERS = [
  { id: 'filterPosition', key: 'positions', param: 'positionId', name: 'positionName', keys: 'Shift+KeyP' },
  { id: 'filterJobType', key: 'jobTypes', param: 'jobTypeId', name: 'jobTypeName', keys: 'Shift+KeyY' },
  { id: 'filterEmploymentType', key: 'employmentTypes', param: 'employmentTypeId', name: 'employmentTypeName', keys: 'Shift+KeyM' },
] as const;
export type MemberFilter = (typeof FILTERS)[number];

// ── Plans ───────────────────────────────────────────────────────────────────
/** The unit of the plan on screen focused in its tree; a toast when there is none. */
export function planUnit(ctx: CommandContext) {
  const d = planOf(ctx);
  const id = focusedUnit('plan');
  const unit = d?.units.find((u) => u.id === id);
  if (!d || !unit) {
    ctx.dialogs.toast({ description: ctx.t('organization:plans.toast.noUnit') });
    return null;
  }
  return { d, unit };
}

export const organizationCommands = (): Command[] => [
  dateCommand('prevMonth', '[', -1),
  dateCommand('nextMonth', ']', 1),
  dateCommand('prevYear', undefined, -12),
  dateCommand('nextYear', undefined, 12),
  dateCommand('today', 'Shift+KeyT', 'today'),
  defineCommand({
    id: 'organization.focusDate',
    title: title('focusDate'),
    section: 'actions',
    scope: 'pane:org-date',
    keys: 'Shift+KeyD',
    when: onDatePage,
    run: () => {
      const input = document.querySelector<HTMLInputElement>('main .org-date-input');
      input?.focus();
      input?.select();
    },
  }),

  defineCommand({
    id: 'organization.toggleView',
    title: title('toggleView'),
    section: 'actions',
    scope: 'pane:org-view',
    keys: 'v',
    when: onViewPage,
    run: (ctx) => ctx.setSearch({ viewMode: ctx.search().viewMode === 'tree' ? 'hierarchy' : 'tree' }),
  }),
  defineCommand({
    id: 'organization.toggleCompact',
    title: title('toggleCompact'),
    section: 'actions',
    scope: 'pane:org-view',
    keys: 'Shift+KeyC',
    when: onViewPage,
    run: (ctx) => ctx.setSearch({ isCompactView: !ctx.search().isCompactView }),
  }),

  treeMove('next', 'ArrowDown'),
  treeMove('prev', 'ArrowUp'),
  treeMove('expand', 'ArrowRight'),
  treeMove('collapse', 'ArrowLeft'),
  treeMove('first', 'Home'),
  treeMove('last', 'End'),
  defineCommand({
    id: 'organization.tree.open',
    title: title('tree.open'),
    section: 'actions',
    scope: 'pane:org-tree',
    keys: 'Enter',
    when: hr,
    run: () => {
      const item = treeItemOf(document.activeElement);
      if (item) orgTrees.get(treeKeyOf(item))?.open(item.dataset.unitId ?? '');
    },
  }),
  defineCommand({
    id: 'organization.tree.openSide',
    title: title('tree.openSide'),
    section: 'actions',
    scope: 'pane:org-tree',
    keys: 'Shift+Enter',
    when: hr,
    run: () => {
      const item = treeItemOf(document.activeElement);
      if (item) orgTrees.get(treeKeyOf(item))?.openSide(item.dataset.unitId ?? '');
    },
  }),
  defineCommand({ id: 'organization.tree.expandAll', title: title('tree.expandAll'), section: 'actions', scope: 'pane:org-tree', when: hr, run: () => allParents(true) }),
  defineCommand({ id: 'organization.tree.collapseAll', title: title('tree.collapseAll'), section: 'actions', scope: 'pane:org-tree', when: hr, run: () => allParents(false) }),

  // A unit.
  defineCommand({
    id: 'organization.unit.settings',
    title: title('openSettings'),
    section: 'actions',
    scope: 'pane:org-unit',
    keys: 'e',
    when: onUnit,
    run: (ctx) => ctx.navigate(`/organization/${unitIdOf(ctx)}/settings`),
  }),
  defineCommand({
    id: 'organization.unit.parent',
    title: title('openParent'),
    section: 'actions',
    scope: 'pane:org-unit',
    keys: 'Alt+ArrowUp',
    when: onUnit,
    run: run('openParent'),
  }),
  ...FILTERS.map((f) =>
    defineCommand({ id: `organization.unit.${f.id}`, title: title(f.id), section: 'actions', scope: 'pane:org-unit', keys: f.keys, when: onUnit, run: run('chooseFilter', f) }),
  ),
  defineCommand({
    id: 'organization.unit.clearFilters',
    title: title('clearFilters'),
    section: 'actions',
    scope: 'pane:org-unit',
    keys: 'Shift+KeyX',
    when: (ctx) => onUnit(ctx) && FILTERS.some((f) => ctx.search()[f.param] !== undefined),
    run: (ctx) => ctx.setSearch({ ...Object.fromEntries(FILTERS.flatMap((f) => [[f.param, undefined], [f.name, undefined]])), pageIndex: 0 }),
  }),

  // Forms.
  defineCommand({
    id: 'organization.save',
    title: title('save'),
    section: 'actions',
    scope: 'pane:org-form',
    keys: '$mod+Enter',
    when: (ctx) => hr(ctx) && orgForm.get().save !== null,
    run: () => orgForm.get().save?.(),
  }),

  // Plans.
  defineCommand({
    id: 'organization.plan.new',
    title: title('newPlan'),
    section: 'actions',
    scope: 'pane:org-plans',
    keys: 'n',
    when: (ctx) => hr(ctx) && ctx.path() === '/organization/plan',
    run: (ctx) => ctx.navigate('/organization/plan/create'),
  }),
  defineCommand({
    id: 'organization.plan.addUnit',
    title: title('addUnit'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'n',
    when: onDraft,
    run: (ctx) => {
      const d = planOf(ctx)!;
      const parent = d.units.find((u) => u.id === focusedUnit('plan') && !u.marks.includes('CLOSED'));
      ctx.navigate(`/organization/plan/${d.plan.id}/add${parent ? `?parentUnitId=${parent.id}` : ''}`);
    },
  }),
  defineCommand({
    id: 'organization.plan.editUnit',
    title: title('editUnit'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'e',
    when: onDraft,
    run: (ctx) => {
      const p = planUnit(ctx);
      if (p) ctx.navigate(`/organization/plan/${p.d.plan.id}/edit/${p.unit.id}`);
    },
  }),
  defineCommand({
    id: 'organization.plan.closeUnit',
    title: title('closeUnit'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'Delete',
    when: onDraft,
    run: run('closeUnit'),
  }),
  defineCommand({
    id: 'organization.plan.revertUnit',
    title: title('revertUnit'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'Shift+KeyU',
    when: onDraft,
    run: run('revertUnit'),
  }),
  defineCommand({
    id: 'organization.plan.apply',
    title: title('applyPlan'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'Shift+KeyA',
    when: onDraft,
    run: run('applyPlan'),
  }),
  defineCommand({
    id: 'organization.plan.edit',
    title: title('editPlan'),
    section: 'actions',
    scope: 'pane:org-plan',
    keys: 'Shift+KeyE',
    when: onDraft,
    run: () => {
      const input = document.querySelector<HTMLInputElement>('main .org-plan-name');
      input?.focus();
      input?.select();
    },
  }),
  defineCommand({
    id: 'organization.plan.delete',
    title: title('deletePlan'),
    section: 'actions',
    scope: 'pane:org-plan',
    when: onDraft,
    run: run('deletePlan'),
  }),
];
