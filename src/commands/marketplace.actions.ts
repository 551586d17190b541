// The run bodies of the marketplace and software page commands
// (marketplace.commands.ts holds their declarations): loaded with the first
// run, with the software contracts they call.
import { listAppCategories, putSoftwareDetail } from '../api/contracts/software.js';
import type { SOFTWARE_STATUSES } from '../api/contracts/software-enums.js';
import { moduleContracts } from '../api/modules/contracts.js';
import { software } from '../api/modules/software.js';
import { softwarePage } from '../panes/software/software-page-store.js';
import type { CommandContext } from './registry.js';

export async function chooseCategory(ctx: CommandContext) {
  const cats = await ctx.api(listAppCategories);
  const choice = await ctx.dialogs.choose({
    title: ctx.t('marketplace:categories.heading'),
    load: async (q) =>
      [{ value: null, label: ctx.t('marketplace:categories.all') }, ...cats.items.map((c) => ({ value: c.id, label: c.name, hint: String(c.appCount) }))].filter(
        (o) => !q || o.label.toLowerCase().includes(q.toLowerCase()) || (o.value ?? '').includes(q.toLowerCase()),
      ),
  });
  if (choice) ctx.setSearch({ categoryId: choice.value ?? undefined });
}

export async function deleteLogo(ctx: CommandContext) {
  const ok = await ctx.dialogs.confirm({
    title: ctx.t('marketplace:commands.logoDelete'),
    body: ctx.t('marketplace:logo.confirmDelete'),
    confirmLabel: ctx.t('marketplace:commands.logoDelete'),
    destructive: true,
  });
  if (ok) await softwarePage.get().deleteLogo?.();
}

export async function setStatus(ctx: CommandContext, status: (typeof SOFTWARE_STATUSES)[number]) {
  const softwareId = softwarePage.get().softwareId;
  if (!softwareId) return;
  const label = ctx.t(`software:enums.status.${status}`);
  if (status === 'DEACTIVATED' || status === 'DISCONTINUED') {
    const ok = await ctx.dialogs.confirm({
      title: ctx.t('marketplace:software.settings.confirmTitle', { status: label }),
      body: ctx.t(`marketplace:software.settings.confirm.${status}`),
      confirmLabel: ctx.t(`marketplace:commands.status.${status}`),
      destructive: true,
    });
    if (!ok) return;
  }
  // The detail call carries the status (spec 7): the other details as they are.
  const row = await ctx.api(moduleContracts(software).get, { params: { softwareId } as never });
  const keep = (k: string) => (row[k] === undefined ? null : row[k]);
  await ctx.api(putSoftwareDetail, {
    params: { softwareId },
    body: {
      name: String(row.name ?? ''),
      vendorName: keep('vendorName'),
      category: keep('category'),
      status,
      version: keep('version'),
      websiteUrl: keep('websiteUrl'),
      description: keep('description'),
      ...(row.softwareType === 'CUSTOM_SAAS' ? { customSaasType: keep('customSaasType') } : {}),
    } as never,
  });
  await ctx.invalidate('software');
  ctx.dialogs.toast({ description: ctx.t('toast.updated') });
}
