// The one command registry: every route and every action is a command. kbar
// renders them (palette.tsx); tinykeys binds their keys (bindings.ts). No key
// is bound anywhere else.
import type { TFunction } from 'i18next';
import type { ApiCall } from '../api/client.js';
import type { Area } from '../api/contracts/define.js';
import type { Dialogs } from '../panes/dialogs.js';
import type { GridController } from '../tables/grid-controller.js';

export type Scope = 'global' | `pane:${string}`;

export interface CommandContext {
  navigate(href: string): void;
  /** Whether the signed-in account may open an area. */
  can(area: Area): boolean;
  /** Until the session is read (its areas and flags), a promise of the
   * moment it is and the context holds it; null once it is (or where no
   * session is read). A key pressed before then is decided then
   * (./bindings.ts). */
  sessionPending?(): Promise<void> | null;
  /** A feature flag of the session (NewFeature gates the palette's route search). */
  flag(name: string): boolean;
  toggleTheme(): void;
  toggleLocale(): Promise<void>;
  /** The grid holding the focus, for the grid commands. */
  grid(): GridController | null;
  /** Opens a page beside the current one. */
  openSide(href: string): void;
  closeSide(): void;
  /** Moves the focus between the main and the side pane. */
  focusOtherPane(): void;
  openScanner(): void;
  /** Forgets the session in this browser and goes to sign-in. */
  signOut(): Promise<void>;
  togglePalette(): void;
  showShortcuts(): void;
  /** The main pane's route path ('/equipment') and its validated search. */
  path(): string;
  search(): Record<string, unknown>;
  /** Changes search keys of the main pane's page (list state lives in the URL). */
  setSearch(patch: Record<string, unknown>): void;
  api: ApiCall;
  dialogs: Dialogs;
  t: TFunction;
  /** Ids selected in the list on screen. */
  selection(): readonly string[];
  /** Drops cached data under a query key root, after a change. */
  invalidate(root: string): Promise<void>;
  /** Saves a file the API offers at url. */
  download(url: string, filename: string): void;
  /** Tells the user a command failed (a dialog for 5xx, else a toast). */
  reportError(error: unknown): void;
}

export interface Command {
  id: string;
  /** i18n keys joined with ' › ' ('routes:sections.software', 'routes:pages.registry'). */
  title: readonly string[];
  section: 'navigation' | 'actions' | 'grid' | 'preferences';
  /** Extra search words, both languages. */
  keywords?: readonly string[];
  /** tinykeys syntax: '$mod+KeyK' (chord), 'g p' (sequence); several for one command. */
  keys?: string | readonly string[];
  scope?: Scope;
  when?(ctx: CommandContext): boolean;
  run(ctx: CommandContext): void | Promise<void>;
}

export const defineCommand = (c: Command): Command => c;

/**
 * A feature's run bodies, loaded the first time one of its commands runs.
 *
 * The declarations (id, title, keys, scope, when) stay in the first load, so
 * the palette, the key bindings and the shortcut sheet know every command;
 * the bodies, and the API contracts and zod schemas they call, arrive with
 * the first run. `load` is `() => import('./<feature>.actions.js')`, whose
 * exports are functions `(ctx, ...args)`; `run('name', ...args)` is the
 * command's run. A failed load is reported like any failed run.
 */
export function lazyActions<M>(load: () => Promise<M>) {
  return <K extends ActionName<M>>(name: K, ...args: ActionArgs<M[K]>): Command['run'] =>
    async (ctx) => {
      const action = (await load())[name] as (ctx: CommandContext, ...args: ActionArgs<M[K]>) => void | Promise<void>;
      await action(ctx, ...args);
    };
}
type ActionName<M> = { [K in keyof M]: M[K] extends (ctx: CommandContext, ...args: never[]) => unknown ? K : never }[keyof M] & string;
type ActionArgs<F> = F extends (ctx: CommandContext, ...args: infer A) => unknown ? A : never;

/** Runs a command from a key, the palette or a button: a failure is shown, never lost. */
export async function runCommand(c: Command, ctx: CommandContext): Promise<void> {
  try {
    await c.run(ctx);
  } catch (e) {
    ctx.reportError(e);
  }
}

export function commandTitle(t: TFunction, c: Pick<Command, 'title'>): string {
  return c.title.map((k) => t(k)).join(' › ');
}

/** Pairs of commands that share a key in one scope: must be empty. */
/** How a key binding reads on screen: '$mod+KeyK' → 'Ctrl/⌘ K', 'g p' → 'g p'. */
export function keyLabel(keys: string | readonly string[]): string {
  if (typeof keys !== 'string') return keys.map((k) => keyLabel(k)).join(' / ');
  return keys
    .split(' ')
    .map((press) =>
      press
        .replace('$mod', 'Ctrl/⌘')
        .replace('Control', 'Ctrl')
        .replace('Meta', '⌘')
        .replace('Shift+?', '?')
        .replace(/Shift\+Key([A-Z])/, '$1')
        .replace(/Key([A-Z])/, '$1')
        .replace('Arrow', '')
        .replaceAll('+', ' '),
    )
    .join(' then ');
}

export function keyConflicts(commands: readonly Command[]): Array<[string, string, string]> {
  const seen = new Map<string, string>();
  const out: Array<[string, string, string]> = [];
  for (const c of commands) {
    for (const keys of keysOf(c)) {
      const slot = `${c.scope ?? 'global'}|${keys.toLowerCase()}`;
      const other = seen.get(slot);
      if (other) out.push([other, c.id, keys]);
      else seen.set(slot, c.id);
    }
  }
  return out;
}

export const keysOf = (c: Pick<Command, 'keys'>): readonly string[] => (c.keys === undefined ? [] : typeof c.keys === 'string' ? [c.keys] : c.keys);
