// The grid's keys, as commands of scope 'pane:grid': they act on the grid
// holding the focus (j/k and arrows move, Enter opens, Shift+Enter opens in
// the side pane, x or Space selects, Shift+J/K extends, g g / G top and
// bottom, PageUp/PageDown, / focuses the list's filter). Shift+R focuses the
// list's page-size choice: that one is global (the palette offers it too).
import { type Command, defineCommand } from './registry.js';

const grid = (id: string, keys: string | readonly string[], run: (g: NonNullable<ReturnType<Parameters<Command['run']>[0]['grid']>>) => void) =>
  defineCommand({
    id: `grid.${id}`,
    title: [`commands:grid.${id}`],
    section: 'grid',
    keys,
    scope: 'pane:grid',
    run: (ctx) => {
      const g = ctx.grid();
      if (g) run(g);
    },
  });

export const gridCommands: Command[] = [
  grid('down', ['j', 'ArrowDown'], (g) => g.move(1)),
  grid('up', ['k', 'ArrowUp'], (g) => g.move(-1)),
  grid('extendDown', ['Shift+KeyJ', 'Shift+ArrowDown'], (g) => g.extend(1)),
  grid('extendUp', ['Shift+KeyK', 'Shift+ArrowUp'], (g) => g.extend(-1)),
  grid('top', ['g g', 'Home'], (g) => g.top()),
  grid('bottom', ['Shift+KeyG', 'End'], (g) => g.bottom()),
  grid('pageDown', 'PageDown', (g) => g.pageDown()),
  grid('pageUp', 'PageUp', (g) => g.pageUp()),
  grid('select', ['x', 'Space'], (g) => g.toggleSelect()),
  grid('open', 'Enter', (g) => g.open()),
  grid('openSide', 'Shift+Enter', (g) => g.openSide()),
  grid('filter', '/', (g) => g.focusFilter()),
  pageSizeCommand(),
];

/** The chosen page size (a radio) of the list around the focus, else of the main pane's list. */
export function pageSizeChoice(): HTMLInputElement | null {
  const chosen = '[data-page-size] input:checked';
  const near = document.activeElement?.closest('.grid-wrap')?.querySelector<HTMLInputElement>(chosen);
  return near ?? document.querySelector<HTMLInputElement>(`main ${chosen}`);
}

// Global, not 'pane:grid': grid keys stay keys, but this one is also a
// palette action ("Page size…") whenever a list is on screen.
function pageSizeCommand(): Command {
  return defineCommand({
    id: 'grid.pageSize',
    title: ['commands:grid.pageSize'],
    section: 'grid',
    keys: 'Shift+KeyR',
    when: () => pageSizeChoice() !== null,
    run: () => {
      // From the palette this runs once it has given the focus back.
      pageSizeChoice()?.focus();
    },
  });
}
