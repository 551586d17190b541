// The run bodies of the person-add commands (person-add.commands.ts holds
// their declarations): loaded with the first run, with the person-add
// contracts they call, so the console's first load carries neither.
import { exportPeopleCsv } from '../api/contracts/person-add.js';
import { IMPORT, typeOn } from './person-add.commands.js';
import type { CommandContext } from './registry.js';

/** Downloads the import CSV of the wizard's worker type: the empty template or the current people. */
export async function download(ctx: CommandContext, mode: 'edit-template' | 'edit') {
  const type = typeOn(IMPORT, ctx)!;
  const r = await ctx.api(exportPeopleCsv, { params: { workerType: type }, query: { mode } });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('personAdd:csv.exported', { filename: r.filename }) });
}
