// The run bodies of the app-alert commands (app-alerts.commands.ts holds
// their declarations): loaded with the first run, with the app-alerts
// contracts they call, so the console's first load carries none of them.
import { customSaasTypeOf, exportAppAlertsCsv, getTraceableApp, rotateIngestionToken, type ShadowItApp, type UnknownFilter } from '../api/contracts/app-alerts.js';
import { alertCategoryOf, openTokenDialog, TOKEN_KEY } from '../panes/software/alerts-store.js';
import type { CommandContext } from './registry.js';

export async function exportList(ctx: CommandContext, encoding: 'UTF-8' | 'Shift_JIS') {
  const category = alertCategoryOf(ctx.path());
  if (!category) return;
  const unknown = ctx.search().unknown as UnknownFilter | undefined;
  const r = await ctx.api(exportAppAlertsCsv, { query: { category, encoding, ...(unknown ? { unknown } : {}) } });
  ctx.download(r.url, r.filename);
  ctx.dialogs.toast({ description: ctx.t('appAlerts:exported', { filename: r.filename }) });
}

/** The shadow-IT app to act on: the first selected row, else the row under the cursor. */
async function targetApp(ctx: CommandContext): Promise<Pick<ShadowItApp, 'id' | 'customSaasType' | 'integratableAppId'> | null> {
  const row = ctx.grid()?.activeRow() as Partial<ShadowItApp> | null | undefined;
  const active = row && typeof row === 'object' && 'count30DaysHistory' in row ? (row as ShadowItApp) : null;
  const id = ctx.selection()[0] ?? active?.id;
  if (!id) return null;
  if (active?.id === id) return active;
  const app = await ctx.api(getTraceableApp, { params: { traceableAppId: id } });
  return { id: app.id, customSaasType: customSaasTypeOf(app.category), integratableAppId: app.integratableAppId };
}

export async function addCustomSaas(ctx: CommandContext) {
  const app = await targetApp(ctx);
  if (!app) return ctx.dialogs.toast({ description: ctx.t('appAlerts:noAppSelected'), variant: 'destructive' });
  ctx.navigate(`/software/add/custom-saas/${app.customSaasType}?traceableSaasId=${app.id}`);
}

export async function openMarketplace(ctx: CommandContext) {
  const app = await targetApp(ctx);
  if (!app) return ctx.dialogs.toast({ description: ctx.t('appAlerts:noAppSelected'), variant: 'destructive' });
  if (!app.integratableAppId) return ctx.dialogs.toast({ description: ctx.t('appAlerts:noMarketplaceApp'), variant: 'destructive' });
  ctx.navigate(`/software/marketplace/${app.integratableAppId}`);
}

export async function rotateToken(ctx: CommandContext) {
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('appAlerts:ingestion.rotateTitle'),
    body: ctx.t('appAlerts:ingestion.rotateBody'),
    confirmLabel: ctx.t('appAlerts:ingestion.rotate'),
    destructive: true,
  });
  if (!ok) return;
  const r = await ctx.api(rotateIngestionToken, {});
  await ctx.invalidate(TOKEN_KEY);
  openTokenDialog(r.token);
}
