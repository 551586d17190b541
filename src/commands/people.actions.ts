// The run bodies of the people lists' commands (people.commands.ts holds
// their declarations): loaded with the first run, with the people and picker
// contracts they call, so the console's first load carries neither.
import { exportAlumniCsv, exportWorkforceCsv, type FilterOptionKind, peopleFilterOptions } from '../api/contracts/people.js';
import { WORKER_TYPES, type WorkerType } from '../api/contracts/people-lifecycle.js';
import { placeSelect } from '../api/contracts/pickers.js';
import type { ChoiceOption } from '../panes/chooser.js';
import { recentLeaverQuery, registryCommands } from '../panes/people/people-store.js';
import { FILTER_KEY, FILTER_KINDS, type FilterKind, openRowMenu, targetPerson } from './people.commands.js';
import type { CommandContext } from './registry.js';

/** The URL's filters as the export calls take them. */
function exportQuery(ctx: CommandContext) {
  const { pageIndex: _p, pageSize: _s, sortColumn: _c, sortOrder: _o, isLeavingDateWithIn_A_Month: recent, ...rest } = ctx.search();
  return { ...rest, ...recentLeaverQuery(recent === true) };
}

export async function exportList(ctx: CommandContext, alumni: boolean, encoding: 'UTF-8' | 'Shift_JIS') {
  const query = { ...exportQuery(ctx), encoding } as never;
  const r = alumni ? await ctx.api(exportAlumniCsv, { query }) : await ctx.api(exportWorkforceCsv, { query });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('people:exported', { filename: r.filename }) });
}

const OPTION_KIND: Partial<Record<FilterKind, FilterOptionKind>> = { department: 'DEPARTMENT', position: 'POSITION', jobType: 'JOB_TYPE' };
const matches = (q: string) => (o: ChoiceOption) => !q || o.label.toLowerCase().includes(q.toLowerCase());

/** Asks for a value of the filter and adds it to the URL's. */
export async function addFilter(ctx: CommandContext, kind: FilterKind) {
  const optionKind = OPTION_KIND[kind];
  const choice = await ctx.dialogs.choose({
    title: `${ctx.t('people:commands.filterPrefix')}: ${ctx.t(`people:filters.${kind}`)}`,
    load: async (q, signal): Promise<ChoiceOption[]> => {
      if (optionKind) return (await ctx.api(peopleFilterOptions, { query: { kind: optionKind, freeText: q || undefined } }, { signal })).items.map((o) => ({ value: o.id, label: o.name }));
      if (kind === 'place') return (await ctx.api(placeSelect, { query: { freeText: q || undefined } }, { signal })).items.map((o) => ({ value: o.id, label: o.name }));
      return WORKER_TYPES.map((w: WorkerType) => ({ value: w, label: ctx.t(`common:workerTypes.${w}`) })).filter(matches(q));
    },
  });
  if (!choice?.value) return;
  const key = FILTER_KEY[kind];
  const current = (ctx.search()[key] as string[] | undefined) ?? [];
  if (!current.includes(choice.value)) ctx.setSearch({ [key]: [...current, choice.value], pageIndex: 0 });
}

/** f: which filter, then its value. */
export async function chooseFilter(ctx: CommandContext) {
  const kinds = FILTER_KINDS.map((k) => ({ value: k, label: ctx.t(`people:filters.${k}`) }));
  const kind = await ctx.dialogs.choose({ title: ctx.t('people:filters.choose'), load: async (q) => kinds.filter(matches(q)) });
  if (!kind?.value) return;
  // The second chooser is a new one (useDialogs keys each opening).
  await addFilter(ctx, kind.value as FilterKind);
}

/** a / Shift+F10: the row menu of the row under the cursor. */
export async function rowActions(ctx: CommandContext) {
  const target = targetPerson(ctx);
  if (!target) return ctx.dialogs.toast({ description: ctx.t('people:noRow'), variant: 'destructive' });
  await openRowMenu(ctx, registryCommands(), target);
}
