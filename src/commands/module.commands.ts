// Every module's commands, derived from its definition: add, import, export
// (view, edit, template), show each category, filter by each reference
// filter, clear filters, the bulk actions, enable/disable for master data,
// and move up/down for a reorderable list. Scope `pane:<module id>`: their keys act while the focus is in the
// module's list (the list pane carries that data-scope), and the palette
// offers them first while that pane is on screen.
import { moduleContracts } from '../api/modules/contracts.js';
import { type ModuleDef, reorderSort } from '../api/modules/define.js';
import { MODULES } from '../api/modules/index.js';
import { enumOptions, fieldKey, fieldLabel, refOptions } from '../panes/module/fields.js';
import { openEditor } from '../panes/module/editor-store.js';
import { type Command, type CommandContext, defineCommand } from './registry.js';

const onList = (m: ModuleDef) => (ctx: CommandContext) => ctx.can(m.area) && ctx.path() === m.paths.list;
/** The browser's calendar date (the server sets the stored date itself). */
const today = () => new Date().toLocaleDateString('en-CA');

async function exportCsv(ctx: CommandContext, m: ModuleDef, mode: 'view' | 'edit' | 'edit-template', encoding: 'UTF-8' | 'Shift_JIS' = 'UTF-8') {
  const c = moduleContracts(m).csvExport;
  if (!c) return;
  const { pageIndex: _p, pageSize: _s, ...filters } = ctx.path() === m.paths.list ? ctx.search() : {};
  const r = await ctx.api(c, { query: { ...filters, mode, encoding } as never });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('module.exported', { filename: r.filename }) });
}

export function commandsFor(m: ModuleDef): Command[] {
  const c = moduleContracts(m);
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
      defineCommand({ id: `${m.id}.export`, title: title('export'), section: 'actions', scope, keys: 'Shift+KeyE', when, run: (ctx) => exportCsv(ctx, m, 'view') }),
      defineCommand({ id: `${m.id}.exportEdit`, title: title('exportEdit'), section: 'actions', scope, when, run: (ctx) => exportCsv(ctx, m, 'edit') }),
      defineCommand({ id: `${m.id}.exportSjis`, title: title('exportSjis'), section: 'actions', scope, when, run: (ctx) => exportCsv(ctx, m, 'edit', 'Shift_JIS') }),
      defineCommand({ id: `${m.id}.exportTemplate`, title: title('exportTemplate'), section: 'actions', scope, when, run: (ctx) => exportCsv(ctx, m, 'edit-template') }),
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
        run: async (ctx) => {
          const choice = await ctx.dialogs.choose({
            title: `${ctx.t('commands:module.filterBy')}: ${fieldLabel(ctx.t, m, field)}`,
            load: (q, signal) => refOptions(ctx.api, f.to, q, signal),
          });
          if (!choice?.value) return;
          const current = (ctx.search()[key] as string[] | undefined) ?? [];
          if (!current.includes(choice.value)) ctx.setSearch({ [key]: [...current, choice.value], pageIndex: 0 });
        },
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
    const bulk = c.bulk;
    cmds.push(
      defineCommand({
        id: `${m.id}.bulk.${b.id}`,
        title: [`${m.id}:title`, `${m.id}:bulk.${b.id}`],
        section: 'actions',
        scope,
        ...(BULK_KEYS[i] ? { keys: BULK_KEYS[i] } : {}),
        when: (ctx) => when(ctx) && ctx.selection().length > 0,
        run: async (ctx) => {
          const ids = [...ctx.selection()];
          if (!ids.length) return;
          const values: Record<string, string | null> = {};
          const lines: string[] = [];
          for (const field of b.choose) {
            const f = m.fields[field];
            if (!f) continue;
            const choice = await ctx.dialogs.choose({
              title: fieldLabel(ctx.t, m, field),
              load: async (q, signal) =>
                f.kind === 'ref'
                  ? refOptions(ctx.api, f.to, q, signal)
                  : enumOptions(ctx.t, m, field).filter((o) => !q || o.label.toLowerCase().includes(q.toLowerCase())),
            });
            if (!choice) return;
            values[field] = choice.value;
            lines.push(`${fieldLabel(ctx.t, m, field)}: ${choice.label}`);
          }
          for (const [field, v] of Object.entries(b.set ?? {})) {
            lines.push(`${fieldLabel(ctx.t, m, field)}: ${v === null ? '—' : ctx.t(`${m.id}:enums.${field}.${v}`)}`);
          }
          if (b.today) lines.push(`${fieldLabel(ctx.t, m, b.today)}: ${today()}`);
          const ok = await ctx.dialogs.confirm({
            title: ctx.t(`${m.id}:bulk.${b.id}`),
            body: `${ctx.t('module.bulkConfirm', { count: ids.length })}\n${lines.join('\n')}`,
            confirmLabel: ctx.t(`${m.id}:bulk.${b.id}`),
            destructive: b.id === 'dispose',
          });
          if (!ok) return;
          const r = await ctx.api(bulk, { body: { ids, action: b.id, values } as never });
          await ctx.invalidate(m.id);
          ctx.dialogs.toast({ description: ctx.t('module.bulkDone', { count: r.updated }) });
        },
      }),
    );
  });
  // A reorderable list: move the row under the cursor up or down its own
  // order (only while the list is sorted by it); the cursor follows the row,
  // onto the next page when it crosses one.
  const order = reorderSort(m);
  if (c.move && order && m.list.reorder) {
    const move = c.move;
    const field = m.list.reorder;
    const dirKey = m.list.directionKey ?? 'orderDirection';
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
          run: async (ctx) => {
            const g = ctx.grid();
            const row = g?.activeRow() as { id: string } | null | undefined;
            if (!g || !row) return;
            // The URL leaves out the list's defaults.
            const s = ctx.search();
            if ((s.sortColumn ?? m.list.defaultSort) !== order) {
              ctx.dialogs.toast({ description: ctx.t('module.reorderNeedsSort', { field: fieldLabel(ctx.t, m, field) }) });
              return;
            }
            const desc = (s[dirKey] ?? m.list.defaultDirection) === 'desc';
            // The list's filters: the row moves past the next row on screen.
            const filterKeys = ['freeText', ...(cat ? [cat.key] : []), ...Object.keys(m.list.idFilters ?? {})];
            const filters = Object.fromEntries(filterKeys.filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
            const r = await ctx.api(move, { params: { [m.api.idParam]: row.id } as never, body: { ...filters, direction: delta < 0 !== desc ? 'up' : 'down' } as never });
            if (!r.moved) return;
            const at = desc ? r.count - 1 - r.position : r.position;
            const page = Math.floor(at / Number(s.pageSize ?? m.list.pageSize ?? 100));
            g.follow(row.id);
            if (page !== Number(s.pageIndex ?? 0)) ctx.setSearch({ pageIndex: page });
            await ctx.invalidate(m.id);
          },
        }),
      );
    }
  }
  if (c.enable && c.disable) {
    const toggles = [
      ['disable', c.disable, 'Shift+KeyD'],
      ['enable', c.enable, 'Shift+KeyA'],
    ] as const;
    for (const [key, contract, keys] of toggles) {
      cmds.push(
        defineCommand({
          id: `${m.id}.${key}`,
          title: title(key),
          section: 'actions',
          scope,
          keys,
          when: (ctx) => when(ctx) && ctx.selection().length > 0,
          run: async (ctx) => {
            const ids = [...ctx.selection()];
            for (const id of ids) await ctx.api(contract, { params: { [m.api.idParam]: id } as never });
            await ctx.invalidate(m.id);
            ctx.dialogs.toast({ description: ctx.t(`module.${key}dRows`, { count: ids.length }) });
          },
        }),
      );
    }
  }
  return cmds;
}

export const moduleCommands = (): Command[] => MODULES.flatMap(commandsFor);
