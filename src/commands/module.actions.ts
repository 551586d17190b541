// The run bodies of every module's derived commands (module.commands.ts
// declares them from each definition): loaded with the first run, with the
// module contracts and the field pickers they call.
import { moduleContracts, type ModuleRow } from '../api/modules/contracts.js';
import { type ModuleDef, reorderSort } from '../api/modules/define.js';
import { moduleById } from '../api/modules/index.js';
import { displayValue, enumOptions, fieldLabel, refOptions } from '../panes/module/fields.js';
import { getSelectedRows } from '../panes/status.js';
import type { CommandContext } from './registry.js';

/** The browser's calendar date (the server sets the stored date itself). */
const today = () => new Date().toLocaleDateString('en-CA');

const moduleOf = (id: string): ModuleDef => {
  const m = moduleById(id);
  if (!m) throw new Error(`unknown module ${id}`);
  return m;
};

export async function exportCsv(ctx: CommandContext, moduleId: string, mode: 'view' | 'edit' | 'edit-template', encoding: 'UTF-8' | 'Shift_JIS' = 'UTF-8') {
  const m = moduleOf(moduleId);
  const c = moduleContracts(m).csvExport;
  if (!c) return;
  const { pageIndex: _p, pageSize: _s, ...filters } = ctx.path() === m.paths.list ? ctx.search() : {};
  const r = await ctx.api(c, { query: { ...filters, mode, encoding } as never });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('module.exported', { filename: r.filename }) });
}

/** Adds a record of a reference filter (chosen by name) to the list's filter. */
export async function filterBy(ctx: CommandContext, moduleId: string, key: string) {
  const m = moduleOf(moduleId);
  const field = m.list.idFilters?.[key];
  const f = field ? m.fields[field] : undefined;
  if (!field || f?.kind !== 'ref') return;
  const choice = await ctx.dialogs.choose({
    title: `${ctx.t('commands:module.filterBy')}: ${fieldLabel(ctx.t, m, field)}`,
    load: (q, signal) => refOptions(ctx.api, f.to, q, signal),
  });
  if (!choice?.value) return;
  const current = (ctx.search()[key] as string[] | undefined) ?? [];
  if (!current.includes(choice.value)) ctx.setSearch({ [key]: [...current, choice.value], pageIndex: 0 });
}

/** Rows a bulk action's confirm lists by name; the rest are counted. */
const BULK_SHOWN = 20;

/** A bulk action on the selected rows: ask for the values, show what will change, then one call (one transaction). */
export async function bulk(ctx: CommandContext, moduleId: string, bulkId: string) {
  const m = moduleOf(moduleId);
  const b = m.bulk?.find((x) => x.id === bulkId);
  const contract = moduleContracts(m).bulk;
  if (!b || !contract) return;
  const ids = [...ctx.selection()];
  if (!ids.length) return;
  const locale = document.documentElement.lang || 'ja-JP';
  const values: Record<string, string | null> = {};
  /** Each field the action writes, with its new value as the list would show it. */
  const changes: Array<{ field: string; to: string }> = [];
  const shown = (field: string, v: string | null) => displayValue(ctx.t, locale, m, field, { [field]: v } as ModuleRow);
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
    changes.push({ field, to: choice.label });
  }
  for (const [field, v] of Object.entries(b.set ?? {})) changes.push({ field, to: shown(field, v) });
  if (b.today) changes.push({ field: b.today, to: shown(b.today, today()) });

  // The selected rows as the list shows them (its loaded page), each with
  // its current value → the new one.
  const selected = new Set(ids);
  const rows = (getSelectedRows() as ModuleRow[]).filter((r) => selected.has(r.id));
  const name = (r: ModuleRow) => {
    const title = displayValue(ctx.t, locale, m, m.titleField, r);
    const tag = m.tagField ? displayValue(ctx.t, locale, m, m.tagField, r) : '';
    return tag ? `${title} (${tag})` : title;
  };
  const cell = (v: string) => v || '—';
  const more = ids.length - Math.min(rows.length, BULK_SHOWN);
  const ok = await ctx.dialogs.confirm({
    title: ctx.t(`${m.id}:bulk.${b.id}`),
    body: ctx.t('module.bulkConfirm', { count: ids.length }),
    table: {
      head: [m.tagField ? `${fieldLabel(ctx.t, m, m.titleField)} (${fieldLabel(ctx.t, m, m.tagField)})` : fieldLabel(ctx.t, m, m.titleField), ...changes.map((c) => fieldLabel(ctx.t, m, c.field))],
      rows: rows.slice(0, BULK_SHOWN).map((r) => [name(r), ...changes.map((c) => `${cell(displayValue(ctx.t, locale, m, c.field, r))} → ${cell(c.to)}`)]),
      ...(more > 0 ? { note: ctx.t('module.bulkMore', { count: more }) } : {}),
    },
    confirmLabel: ctx.t(`${m.id}:bulk.${b.id}`),
    destructive: b.id === 'dispose',
  });
  if (!ok) return;
  const r = await ctx.api(contract, { body: { ids, action: b.id, values } as never });
  await ctx.invalidate(m.id);
  ctx.dialogs.toast({ description: ctx.t('module.bulkDone', { count: r.updated }) });
}

/**
 * Moves the row under the cursor up (-1) or down (1) the list's own order,
 * only while the list is sorted by it; the cursor follows the row, onto the
 * next page when it crosses one.
 */
export async function move(ctx: CommandContext, moduleId: string, delta: -1 | 1) {
  const m = moduleOf(moduleId);
  const contract = moduleContracts(m).move;
  const order = reorderSort(m);
  const field = m.list.reorder;
  if (!contract || !order || !field) return;
  const g = ctx.grid();
  const row = g?.activeRow() as { id: string } | null | undefined;
  if (!g || !row) return;
  // The URL leaves out the list's defaults.
  const s = ctx.search();
  if ((s.sortColumn ?? m.list.defaultSort) !== order) {
    ctx.dialogs.toast({ description: ctx.t('module.reorderNeedsSort', { field: fieldLabel(ctx.t, m, field) }) });
    return;
  }
  const desc = (s[m.list.directionKey ?? 'orderDirection'] ?? m.list.defaultDirection) === 'desc';
  // The list's filters: the row moves past the next row on screen.
  const cat = m.list.categories;
  const filterKeys = ['freeText', ...(cat ? [cat.key] : []), ...Object.keys(m.list.idFilters ?? {})];
  const filters = Object.fromEntries(filterKeys.filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
  const r = await ctx.api(contract, { params: { [m.api.idParam]: row.id } as never, body: { ...filters, direction: delta < 0 !== desc ? 'up' : 'down' } as never });
  if (!r.moved) return;
  const at = desc ? r.count - 1 - r.position : r.position;
  const page = Math.floor(at / Number(s.pageSize ?? m.list.pageSize ?? 100));
  g.follow(row.id);
  if (page !== Number(s.pageIndex ?? 0)) ctx.setSearch({ pageIndex: page });
  await ctx.invalidate(m.id);
}

/** Enables or disables the selected rows of a master-data list. */
export async function toggle(ctx: CommandContext, moduleId: string, key: 'enable' | 'disable') {
  const m = moduleOf(moduleId);
  const contract = moduleContracts(m)[key];
  if (!contract) return;
  const ids = [...ctx.selection()];
  for (const id of ids) await ctx.api(contract, { params: { [m.api.idParam]: id } as never });
  await ctx.invalidate(m.id);
  ctx.dialogs.toast({ description: ctx.t(`module.${key}dRows`, { count: ids.length }) });
}
