// What the people lists' panes and commands share: paths, query keys, the
// person a row command acts on, and the recent-leaver window of the URL.
import type { AlumnusRow, PersonRow, RowWorker } from '../../api/contracts/people.js';
import type { Command } from '../../commands/registry.js';
import { recentLeaverWindow } from '../../api/contracts/people-lifecycle.js';
import { todayInJapan } from '../../api/contracts/dates.js';

export const WORKFORCE_PATH = '/people/workforce';
export const ALUMNI_PATH = '/people/alumni';
/** Query key roots (commands invalidate them after a change to people). */
export const WORKFORCE_KEY = 'people-workforce';
export const ALUMNI_KEY = 'people-alumni';
/** Every people list (rows and counts): what a change to a person, a worker or their lifecycle invalidates. */
export const PEOPLE_LIST_KEYS = [WORKFORCE_KEY, ALUMNI_KEY] as const;
export const invalidatePeopleLists = (client: { invalidateQueries(f: { queryKey: readonly unknown[] }): Promise<void> }) =>
  Promise.all(PEOPLE_LIST_KEYS.map((k) => client.invalidateQueries({ queryKey: [k] })));
export const WORKFORCE_SCOPE = 'pane:people-workforce';
export const ALUMNI_SCOPE = 'pane:people-alumni';

/** A person's profile (the person profile's pages; alumni have their own). */
export const personHref = (personId: string, alumni = false) => `/${alumni ? 'alumni' : 'person'}/${personId}/personal-information`;

/** The person a row command acts on. */
export interface PersonTarget {
  personId: string;
  name: string;
  /** A row of the alumni list: its profile is /alumni/{id}. */
  alumni: boolean;
  /** The row's worker records (workforce: the matching ones; alumni: all, the last first). */
  workers: readonly RowWorker[];
}

export function targetOf(row: unknown, alumni: boolean): PersonTarget | null {
  if (!row || typeof row !== 'object' || !('personId' in row) || !('workers' in row)) return null;
  const r = row as PersonRow | AlumnusRow;
  return { personId: r.personId, name: r.name, alumni, workers: r.workers };
}

// A row picked with the mouse (its actions button) is the target while its
// menu runs; keys and the palette act on the row under the cursor.
let pinned: PersonTarget | null = null;
export const pinnedTarget = () => pinned;
export async function withPinnedTarget<T>(target: PersonTarget, fn: () => Promise<T>): Promise<T> {
  pinned = target;
  try {
    return await fn();
  } finally {
    pinned = null;
  }
}

/** leavingDateFrom / leavingDateTo for the API when the URL asks for recent leavers. */
export const recentLeaverQuery = (on: boolean) => (on ? recentLeaverWindow(todayInJapan()) : undefined);

// The registry as the list pane sees it (CommandsContext), kept here for the
// row menu's key command: the registry module imports the commands, so they
// cannot import it back.
let registry: readonly Command[] = [];
export const setRegistry = (commands: readonly Command[]) => void (registry = commands);
export const registryCommands = () => registry;
