// The run bodies of the CSV connector's commands (integration-csv.commands.ts
// holds their declarations): loaded with the first run, with the accounts-CSV
// contracts they call, so the console's first load carries neither.
import { exportAppUsersCsv } from '../api/contracts/app-users-csv.js';
import { integrationIdOf } from './integration-csv.commands.js';
import type { CommandContext } from './registry.js';

/** The accounts CSV of the integration on screen: its template, or its current accounts. */
export async function download(ctx: CommandContext, mode: 'edit-template' | 'edit') {
  const r = await ctx.api(exportAppUsersCsv, { params: { id: integrationIdOf(ctx)! }, query: { mode } });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('appUsersCsv:exported', { filename: r.filename }) });
}
