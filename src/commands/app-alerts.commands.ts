// App alert and shadow-IT actions (spec 2.3 alerts, 2.6): export the alert
// list on screen as CSV (UTF-8 with BOM, or Shift_JIS), the shadow-IT
// unknown-user filter, "add as custom SaaS" and "open in the marketplace" on
// the focused (or first selected) shadow-IT app, and the ingestion token:
// show it, or rotate it after a confirmation. Scope pane:app-alerts: keys
// act while the focus is in an alert pane; the palette offers them there.
// And the custom-SaaS form's save (scope pane:custom-saas-add).
import { UNKNOWN_FILTERS } from '../api/contracts/app-alerts-enums.js';
import { ALERTS_SCOPE, alertCategoryOf, openTokenDialog, SHADOW_IT_APPS, SHADOW_IT_VISITS, customSaasForm } from '../panes/software/alerts-store.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./app-alerts.actions.js'));

const scope = ALERTS_SCOPE;
const onAlerts = (ctx: CommandContext) => ctx.can('IT') && alertCategoryOf(ctx.path()) !== null;
const onApps = (ctx: CommandContext) => ctx.can('IT') && ctx.path() === SHADOW_IT_APPS;
// The software settings page offers the token too (src/panes/software/software-settings.tsx).
const onShadowIt = (ctx: CommandContext) => ctx.can('IT') && (ctx.path() === SHADOW_IT_APPS || ctx.path() === SHADOW_IT_VISITS || ctx.path() === '/software/settings');

const UNKNOWN_TITLES = { ONLY: 'unknownOnly', INCLUDE: 'unknownInclude', EXCLUDE: 'unknownExclude' } as const;

export const appAlertsCommands = (): Command[] => [
  defineCommand({
    id: 'appAlerts.export',
    title: ['appAlerts:commands.export'],
    keywords: ['csv', 'export', 'エクスポート', 'ダウンロード'],
    section: 'actions',
    scope,
    keys: 'Shift+KeyE',
    when: onAlerts,
    run: run('exportList', 'UTF-8'),
  }),
  defineCommand({
    id: 'appAlerts.exportSjis',
    title: ['appAlerts:commands.exportSjis'],
    keywords: ['csv', 'excel', 'shift_jis', 'sjis'],
    section: 'actions',
    scope,
    when: onAlerts,
    run: run('exportList', 'Shift_JIS'),
  }),
  ...UNKNOWN_FILTERS.map((value, i) =>
    defineCommand({
      id: `appAlerts.unknown.${value}`,
      title: [`appAlerts:commands.${UNKNOWN_TITLES[value]}`],
      section: 'actions',
      scope,
      keys: `Alt+Digit${i + 1}`,
      when: onApps,
      run: (ctx) => ctx.setSearch({ unknown: value, page: 0 }),
    }),
  ),
  defineCommand({
    id: 'appAlerts.addCustomSaas',
    title: ['appAlerts:commands.addCustomSaas'],
    keywords: ['custom saas', 'カスタム', 'shadow it', 'シャドーIT'],
    section: 'actions',
    scope,
    keys: 'c',
    when: onApps,
    run: run('addCustomSaas'),
  }),
  defineCommand({
    id: 'appAlerts.openMarketplace',
    title: ['appAlerts:commands.openMarketplace'],
    section: 'actions',
    scope,
    keys: 'm',
    when: onApps,
    run: run('openMarketplace'),
  }),
  defineCommand({
    id: 'appAlerts.showToken',
    title: ['appAlerts:commands.showToken'],
    keywords: ['token', 'ingestion', 'トークン'],
    section: 'actions',
    scope,
    keys: 't',
    when: onShadowIt,
    run: () => openTokenDialog(),
  }),
  defineCommand({
    id: 'appAlerts.rotateToken',
    title: ['appAlerts:commands.rotateToken'],
    keywords: ['token', 'rotate', 'トークン', '再発行'],
    section: 'actions',
    scope,
    when: onShadowIt,
    run: run('rotateToken'),
  }),
  // The custom-SaaS form (/software/add/custom-saas/{customSaasType}): save from any field.
  defineCommand({
    id: 'customSaas.save',
    title: ['appAlerts:customSaas.saveCommand'],
    section: 'actions',
    scope: 'pane:custom-saas-add',
    keys: '$mod+Enter',
    when: (ctx) => ctx.can('IT') && (ctx.path().startsWith('/software/add/custom-saas/') || ctx.path().startsWith('/software/add/custom-app/')) && customSaasForm.get().save !== null,
    run: () => customSaasForm.get().save?.(),
  }),
];
