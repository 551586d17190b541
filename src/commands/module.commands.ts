// Every module's commands, derived from its definition: add, import, export
// (view and edit, each in UTF-8 or Shift_JIS; template), show each category,
// filter by each reference filter, clear filters, the bulk actions, enable/disable for master data,
// and move up/down for a reorderable list. Scope `pane:<module id>`: their keys act while the focus is in the
// module's list (the list pane carries that data-scope), and the palette
// offers them first while that pane is on screen.
import { fieldKey, type ModuleDef, optionalCalls, reorderSort } from '../api/modules/define.js';
import { MODULES } from '../api/modules/index.js';
import { openEditor } from '../panes/module/editor-store.js';
import { csvWizardCommands } from './csv-wizard.commands.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./module.actions.js'));

const onList = (m: ModuleDef) => (ctx: CommandContext) => ctx.can(m.area) && ctx.path() === m.paths.list;
// The edit export and the template are the import page's downloads too (its upload step's buttons).
const onListOrImport = (m: ModuleDef) => (ctx: CommandContext) => ctx.can(m.area) && (ctx.path() === m.paths.list || ctx.path() === m.paths.importCsv);
export function commandsFor(m: ModuleDef): Command[] {
  const c = optionalCalls(m);
  const scope = `pane:${m.id}` as const;
  const when = onList(m);
  const title = (key: string): string[] => [`${m.id}:title`, `commands:module.${key}`];
  const cmds: Command[] = [];

  cmds.push(
    defineCommand({
      id: `${m.id}.add`,
      title: title('add'),
      section: 'actions',
      scope,
      keys: 'n',
      when,
      run: (ctx) => (m.paths.add ? ctx.navigate(m.paths.add) : openEditor({ module: m.id, rowId: null })),
    }),
  );
  if (m.paths.record) {
    const recordScope = `pane:${m.id}.record` as const;
    cmds.push(
      defineCommand({
        id: `${m.id}.edit`,
        title: title('edit'),
        section: 'actions',
        scope: recordScope,
        keys: 'e',
        // The record pane holding the focus switches to its form.
        run: () => void document.activeElement?.closest(`[data-scope="${recordScope}"]`)?.dispatchEvent(new CustomEvent('daicho:edit')),
      }),
    );
  }
  if (c.csvExport) {
    cmds.push(
      defineCommand({ id: `${m.id}.export`, title: title('export'), section: 'actions', scope, keys: 'Shift+KeyE', when, run: run('exportCsv', m.id, 'view') }),
      defineCommand({ id: `${m.id}.exportEdit`, title: title('exportEdit'), section: 'actions', scope, when: onListOrImport(m), run: run('exportCsv', m.id, 'edit') }),
      defineCommand({ id: `${m.id}.exportViewSjis`, title: title('exportViewSjis'), section: 'actions', scope, when, run: run('exportCsv', m.id, 'view', 'Shift_JIS') }),
      defineCommand({ id: `${m.id}.exportSjis`, title: title('exportSjis'), section: 'actions', scope, when, run: run('exportCsv', m.id, 'edit', 'Shift_JIS') }),
      defineCommand({ id: `${m.id}.exportTemplate`, title: title('exportTemplate'), section: 'actions', scope, when: onListOrImport(m), run: run('exportCsv', m.id, 'edit-template') }),
    );
  }
  if (m.paths.importCsv) {
    const path = m.paths.importCsv;
    cmds.push(defineCommand({ id: `${m.id}.import`, title: title('import'), section: 'actions', scope, keys: 'Shift+KeyI', when, run: (ctx) => ctx.navigate(path) }));
    // In the wizard: open the file picker from the keyboard (a key press lets the page open it).
    cmds.push(
      defineCommand({
        id: `${m.id}.importChooseFile`,
        title: title('chooseFile'),
        section: 'actions',
        scope: `pane:${m.id}.import`,
        keys: 'o',
        when: (ctx) => ctx.path() === path,
        run: () => document.querySelector<HTMLInputElement>('.csv-wizard input[type="file"]')?.click(),
      }),
      // The wizard's steps: Next (import), Back, only the rows with errors.
      ...csvWizardCommands({ id: m.id, scope: `pane:${m.id}.import`, title: [`${m.id}:title`], when: (ctx) => ctx.can(m.area) && ctx.path() === path }),
    );
  }
  const cat = m.list.categories;
  if (cat) {
    const values = Object.keys(cat.values);
    values.forEach((value, i) =>
      cmds.push(
        defineCommand({
          id: `${m.id}.category.${value}`,
          title: [`${m.id}:title`, `${m.id}:categories.${value}`],
          section: 'actions',
          scope,
          keys: `Alt+Digit${i + 1}`,
          when,
          run: (ctx) => ctx.setSearch({ [cat.key]: value, pageIndex: 0 }),
        }),
      ),
    );
  }
  for (const [key, field] of Object.entries(m.list.idFilters ?? {})) {
    const f = m.fields[field];
    if (f?.kind !== 'ref') continue;
    cmds.push(
      defineCommand({
        id: `${m.id}.filter.${key}`,
        title: [`${m.id}:title`, `commands:module.filterBy`, fieldKey(m, field)],
        section: 'actions',
        scope,
        when,
        run: run('filterBy', m.id, key),
      }),
    );
  }
  if (m.list.idFilters || cat) {
    cmds.push(
      defineCommand({
        id: `${m.id}.clearFilters`,
        title: title('clearFilters'),
        section: 'actions',
        scope,
        keys: 'Shift+KeyX',
        when,
        run: (ctx) =>
          ctx.setSearch({
            ...Object.fromEntries(Object.keys(m.list.idFilters ?? {}).map((k) => [k, undefined])),
            ...(cat ? { [cat.key]: undefined } : {}),
            freeText: undefined,
            pageIndex: 0,
          }),
      }),
    );
  }

  // Bulk actions on the selected rows: ask for the values, show what will
  // change, then one call (one transaction).
  const BULK_KEYS = ['Shift+KeyS', 'Shift+KeyP', 'Shift+KeyD'];
  (m.bulk ?? []).forEach((b, i) => {
    if (!c.bulk) return;
    cmds.push(
      defineCommand({
        id: `${m.id}.bulk.${b.id}`,
        title: [`${m.id}:title`, `${m.id}:bulk.${b.id}`],
        section: 'actions',
        scope,
        ...(BULK_KEYS[i] ? { keys: BULK_KEYS[i] } : {}),
        when: (ctx) => when(ctx) && ctx.selection().length > 0,
        run: run('bulk', m.id, b.id),
      }),
    );
  });
  // A reorderable list: move the row under the cursor up or down its own
  // order (only while the list is sorted by it); the cursor follows the row,
  // onto the next page when it crosses one.
  const order = reorderSort(m);
  if (c.move && order && m.list.reorder) {
    const moves = [
      ['moveUp', -1, ['Alt+ArrowUp', 'Alt+Shift+KeyK']],
      ['moveDown', 1, ['Alt+ArrowDown', 'Alt+Shift+KeyJ']],
    ] as const;
    for (const [key, delta, keys] of moves) {
      cmds.push(
        defineCommand({
          id: `${m.id}.${key}`,
          title: title(key),
          section: 'actions',
          scope,
          keys,
          when,
          run: run('move', m.id, delta),
        }),
      );
    }
  }
  if (c.enable && c.disable) {
    const toggles = [
      ['disable', 'Shift+KeyD'],
      ['enable', 'Shift+KeyA'],
    ] as const;
    for (const [key, keys] of toggles) {
      cmds.push(
        defineCommand({
          id: `${m.id}.${key}`,
          title: title(key),
          section: 'actions',
          scope,
          keys,
          when: (ctx) => when(ctx) && ctx.selection().length > 0,
          run: run('toggle', m.id, key),
        }),
      );
    }
  }
  return cmds;
}

export const moduleCommands = (): Command[] => MODULES.flatMap(commandsFor);
