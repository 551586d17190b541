// Marketplace and software page actions (spec 2.3 Software, 4, 8): find apps
// (search, category, clear), walk the app cards (arrows, j/k, Home/End),
// install an app (`i`), and on a software page save the tab's form
// (Ctrl/Cmd+Enter), change or delete the logo, and change the status (a
// confirm before deactivating or discontinuing). The panes show the same
// commands as buttons (CommandButton).
import { CUSTOM_APP_ID, SOFTWARE_STATUSES } from '../api/contracts/software-enums.js';
import { softwarePage } from '../panes/software/software-page-store.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./marketplace.actions.js'));

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
    run: run('chooseCategory'),
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
    run: run('deleteLogo'),
  }),
  ...SOFTWARE_STATUSES.map((status) =>
    defineCommand({
      id: `software.status.${status}`,
      title: title(`status.${status}`),
      section: 'actions',
      scope: 'pane:software-page',
      when: (ctx) => onSoftwarePage(ctx) && softwarePage.get().status !== status,
      run: run('setStatus', status),
    }),
  ),
];
