// What the organisation panes on screen offer their commands
// (src/commands/organization.commands.ts): each tree registers how it opens
// a unit and which units are collapsed; the plan page registers the plan on
// screen; a form registers its save. Tiny and outside the panes' lazy chunk.
import type { PlanDetail } from '../../api/contracts/organization.js';
import { createStore } from '../store.js';

export interface TreeApi {
  /** Enter: the unit's page (the chart) or its edit page (a draft plan). */
  open(unitId: string): void;
  /** Shift+Enter: the same beside the main pane, where there is one. */
  openSide(unitId: string): void;
  /** Ids of every unit that has sub-units (for expand / collapse all). */
  parents(): readonly string[];
}

const trees = new Map<string, TreeApi>();
/** Collapsed unit ids per tree ('chart', 'plan'): kept while the console is open. */
const collapsed = createStore<Readonly<Record<string, ReadonlySet<string>>>>({});
const EMPTY: ReadonlySet<string> = new Set();

export const orgTrees = {
  register(key: string, api: TreeApi) {
    trees.set(key, api);
    return () => {
      if (trees.get(key) === api) trees.delete(key);
    };
  },
  get: (key: string) => trees.get(key) ?? null,
  useCollapsed: (key: string) => collapsed.use()[key] ?? EMPTY,
  isCollapsed: (key: string, id: string) => (collapsed.get()[key] ?? EMPTY).has(id),
  setCollapsed(key: string, ids: Iterable<string>, value: boolean) {
    const next = new Set(collapsed.get()[key] ?? EMPTY);
    for (const id of ids) {
      if (value) next.add(id);
      else next.delete(id);
    }
    collapsed.set({ ...collapsed.get(), [key]: next });
  },
};

/** The plan page on screen (its commands read it synchronously in `when`). */
export const orgPlan = createStore<PlanDetail | null>(null);

/** The form on screen (settings, plan create, plan unit add/edit): Ctrl/Cmd+Enter saves it. */
export const orgForm = createStore<{ save: (() => void) | null }>({ save: null });
