// Marketplace and software page actions (spec 2.3 Software, 4, 8): find apps
// (search, category, clear), walk the app cards (arrows, j/k, Home/End),
// install an app (`i`), and on a software page save the tab's form
// (Ctrl/Cmd+Enter), change or delete the logo, and change the status (a
// confirm before deactivating or discontinuing). The panes show the same
// commands as buttons (CommandButton).
import { listAppCategories, CUSTOM_APP_ID, putSoftwareDetail } from '../api/contracts/software.js';
import { SOFTWARE_STATUSES } from '../api/contracts/software-enums.js';
import { moduleContracts } from '../api/modules/contracts.js';
import { software } from '../api/modules/software.js';
import { softwarePage } from '../panes/software/software-page-store.js';
import { type Command, type CommandContext, defineCommand } from './registry.js';

const MARKETPLACE = '/software/marketplace';
const APP_PAGE = /^\/software\/marketplace\/(?!install\/)([^/]+)$/;
const SOFTWARE_PAGE = /^\/software\/([0-9a-f-]{36})\/([a-z-]+)$/;
const title = (key: string): string[] => ['routes:sections.software', `marketplace:commands.${key}`];

const onMarketplace = (ctx: CommandContext) => ctx.can('IT') && ctx.path() === MARKETPLACE;
const onAppPage = (ctx: CommandContext) => {
  const m = APP_PAGE.exec(ctx.path());
  return ctx.can('IT') && !!m && decodeURIComponent(m[1]!) !== CUSTOM_APP_ID;
};
const onSoftwarePage = (ctx: CommandContext) => ctx.can('IT') && SOFTWARE_PAGE.test(ctx.path()) && softwarePage.get().softwareId !== null;

/** Moves the focus among the app cards around it: a step, a row (cards per row from the layout), or an end. */
function moveCard(how: 'next' | 'prev' | 'down' | 'up' | 'first' | 'last') {
  const list = document.activeElement?.closest('[data-scope="pane:marketplace-cards"]');
  if (!list) return;
  const cards = [...list.querySelectorAll<HTMLElement>('a.app-card')];
  const i = cards.indexOf(document.activeElement as HTMLElement);
  const top = cards[0]?.offsetTop;
  const perRow = Math.max(1, cards.filter((c) => c.offsetTop === top).length);
  const target = { next: i + 1, prev: i - 1, down: i + perRow, up: i - perRow, first: 0, last: cards.length - 1 }[how];
  cards[Math.max(0, Math.min(cards.length - 1, target))]?.focus();
}

const cardCommand = (id: 'next' | 'prev' | 'down' | 'up' | 'first' | 'last', keys: string | string[]) =>
  defineCommand({ id: `marketplace.card.${id}`, title: title(`card.${id}`), section: 'actions', scope: 'pane:marketplace-cards', keys, run: () => moveCard(id) });

async function setStatus(ctx: CommandContext, status: (typeof SOFTWARE_STATUSES)[number]) {
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

export const marketplaceCommands = (): Command[] => [
  // The marketplace.
  defineCommand({
    id: 'marketplace.search',
    title: title('search'),
    section: 'actions',
    scope: 'pane:marketplace',
    keys: '/',
    when: onMarketplace,
    run: () => document.querySelector<HTMLInputElement>('input.market-search')?.focus(),
  }),
  defineCommand({
    id: 'marketplace.chooseCategory',
    title: title('chooseCategory'),
    section: 'actions',
    scope: 'pane:marketplace',
    keys: 'c',
    when: onMarketplace,
    run: async (ctx) => {
      const cats = await ctx.api(listAppCategories);
      const choice = await ctx.dialogs.choose({
        title: ctx.t('marketplace:categories.heading'),
        load: async (q) =>
          [{ value: null, label: ctx.t('marketplace:categories.all') }, ...cats.items.map((c) => ({ value: c.id, label: c.name, hint: String(c.appCount) }))].filter(
            (o) => !q || o.label.toLowerCase().includes(q.toLowerCase()) || (o.value ?? '').includes(q.toLowerCase()),
          ),
      });
      if (choice) ctx.setSearch({ categoryId: choice.value ?? undefined });
    },
  }),
  defineCommand({
    id: 'marketplace.clearFilters',
    title: title('clearFilters'),
    section: 'actions',
    scope: 'pane:marketplace',
    keys: 'Shift+KeyX',
    when: (ctx) => onMarketplace(ctx) && (ctx.search().text !== undefined || ctx.search().categoryId !== undefined),
    run: (ctx) => ctx.setSearch({ text: undefined, categoryId: undefined }),
  }),
  cardCommand('next', ['j', 'ArrowRight']),
  cardCommand('prev', ['k', 'ArrowLeft']),
  cardCommand('down', 'ArrowDown'),
  cardCommand('up', 'ArrowUp'),
  cardCommand('first', 'Home'),
  cardCommand('last', 'End'),

  // An app: the install dialog (the URL's installDialogDefaultOpen opens it).
  defineCommand({
    id: 'marketplace.install',
    title: title('install'),
    section: 'actions',
    scope: 'pane:marketplace-app',
    keys: 'i',
    when: onAppPage,
    run: (ctx) => ctx.setSearch({ installDialogDefaultOpen: true }),
  }),

  // The software page.
  defineCommand({
    id: 'software.save',
    title: title('save'),
    section: 'actions',
    scope: 'pane:software-page',
    keys: '$mod+Enter',
    when: (ctx) => onSoftwarePage(ctx) && softwarePage.get().save !== null,
    run: () => softwarePage.get().save?.(),
  }),
  defineCommand({
    id: 'software.logoChange',
    title: title('logoChange'),
    section: 'actions',
    scope: 'pane:software-page',
    keys: 'Shift+KeyL',
    when: (ctx) => onSoftwarePage(ctx) && softwarePage.get().changeLogo !== null,
    run: () => softwarePage.get().changeLogo?.(),
  }),
  defineCommand({
    id: 'software.logoDelete',
    title: title('logoDelete'),
    section: 'actions',
    scope: 'pane:software-page',
    when: (ctx) => onSoftwarePage(ctx) && softwarePage.get().hasCustomLogo && softwarePage.get().deleteLogo !== null,
    run: async (ctx) => {
      const ok = await ctx.dialogs.confirm({
        title: ctx.t('marketplace:commands.logoDelete'),
        body: ctx.t('marketplace:logo.confirmDelete'),
        confirmLabel: ctx.t('marketplace:commands.logoDelete'),
        destructive: true,
      });
      if (ok) await softwarePage.get().deleteLogo?.();
    },
  }),
  ...SOFTWARE_STATUSES.map((status) =>
    defineCommand({
      id: `software.status.${status}`,
      title: title(`status.${status}`),
      section: 'actions',
      scope: 'pane:software-page',
      when: (ctx) => onSoftwarePage(ctx) && softwarePage.get().status !== status,
      run: (ctx) => setStatus(ctx, status),
    }),
  ),
];
