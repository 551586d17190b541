// The CSV connector's commands (spec 2.3 "Import: /app-integrations/import-csv/{id}",
// 2.5): open the import page of the integration on screen (from any of its
// tabs), download the accounts CSV template or the current accounts (on its
// tabs and on the import page, where the upload step shows them as
// buttons), and, in the wizard, o to choose a file.
import { csvWizardCommands } from './csv-wizard.commands.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./integration-csv.actions.js'));

const TAB = /^\/app-integrations\/([0-9a-f-]{36})\/[a-z-]+$/;
const IMPORT = /^\/app-integrations\/import-csv\/([0-9a-f-]{36})$/;
/** The integration of the main pane: one of its tabs, or its import page. */
export const integrationIdOf = (ctx: CommandContext) => ctx.path().match(TAB)?.[1] ?? ctx.path().match(IMPORT)?.[1] ?? null;
const onIntegration = (ctx: CommandContext) => ctx.can('IT') && integrationIdOf(ctx) !== null;
const onImport = (ctx: CommandContext) => ctx.can('IT') && IMPORT.test(ctx.path());

const title = (key: string) => ['routes:sections.appIntegrations', `appUsersCsv:commands.${key}`] as const;

export const integrationCsvCommands = (): Command[] => [
  defineCommand({
    id: 'integrationCsv.import',
    title: title('import'),
    section: 'actions',
    scope: 'pane:integration',
    keys: 'Shift+KeyI',
    keywords: ['CSV', 'import', '取り込み', 'インポート'],
    when: (ctx) => onIntegration(ctx) && !onImport(ctx),
    run: (ctx) => ctx.navigate(`/app-integrations/import-csv/${integrationIdOf(ctx)}`),
  }),
  defineCommand({
    id: 'integrationCsv.exportTemplate',
    title: title('exportTemplate'),
    section: 'actions',
    scope: 'pane:integration',
    keywords: ['CSV', 'template', 'テンプレート'],
    when: onIntegration,
    run: run('download', 'edit-template'),
  }),
  defineCommand({
    id: 'integrationCsv.exportCurrent',
    title: title('exportCurrent'),
    section: 'actions',
    scope: 'pane:integration',
    keywords: ['CSV', 'export', 'エクスポート'],
    when: onIntegration,
    run: run('download', 'edit'),
  }),
  // In the wizard: open the file picker from the keyboard (a key press lets the page open it).
  defineCommand({
    id: 'integrationCsv.chooseFile',
    title: title('chooseFile'),
    section: 'actions',
    scope: 'pane:appUsersCsv.import',
    keys: 'o',
    when: onImport,
    run: () => document.querySelector<HTMLInputElement>('.csv-wizard input[type="file"]')?.click(),
  }),
  // The wizard's steps: Next (import), Back, only the rows with errors.
  ...csvWizardCommands({ id: 'integrationCsv', scope: 'pane:appUsersCsv.import', title: ['routes:sections.appIntegrations'], when: onImport }),
];
