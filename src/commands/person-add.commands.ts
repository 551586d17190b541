// Adding people (issue 7): open the add page or the CSV import of each
// worker type from anywhere (palette), save the add form (Ctrl/Cmd+Enter),
// the completed page's next steps (o: open the person, n: add another), the
// import wizard's downloads and file picker (o), and the HR SaaS preview's
// apply (Ctrl/Cmd+Enter), reload (r) and connection settings.
import { WORKER_TYPE_SLUGS, WORKER_TYPES, type WorkerType, workerTypeSlug } from '../api/contracts/people-lifecycle.js';
import { personHref, workforceHref } from '../panes/person-add/links.js';
import { hrPreviewActions, personAddForm } from '../panes/person-add/store.js';
import { csvWizardCommands } from './csv-wizard.commands.js';
import { type Command, type CommandContext, defineCommand, lazyActions } from './registry.js';

const run = lazyActions(() => import('./person-add.actions.js'));

const ADD = /^\/person\/add\/([a-z-]+)$/;
const COMPLETED = /^\/person\/add\/([a-z-]+)\/completed$/;
export const IMPORT = /^\/person\/import-csv\/([a-z-]+)$/;
const PREVIEW = /^\/person\/external-hr-saas\/([0-9a-f-]{36})$/;

/** The worker type a page of `re` names, when the page is on screen and the slug is known. */
export const typeOn = (re: RegExp, ctx: CommandContext): WorkerType | null => WORKER_TYPE_SLUGS[ctx.path().match(re)?.[1] ?? ''] ?? null;
const hr = (ctx: CommandContext) => ctx.can('HR');

const KEYWORDS: Readonly<Record<WorkerType, readonly string[]>> = {
  EMPLOYEE: ['employee', '従業員', '社員', 'person', '人物', '入社'],
  BOARD_MEMBER: ['board member', '役員', 'person', '人物'],
  CONTRACTOR: ['contractor', '業務委託', 'person', '人物'],
  COLLABORATOR: ['collaborator', '協力者', 'person', '人物'],
};

export const personAddCommands = (): Command[] => [
  ...WORKER_TYPES.flatMap((type) => [
    defineCommand({
      id: `personAdd.add.${workerTypeSlug(type)}`,
      title: [`personAdd:commands.add.${type}`],
      section: 'actions',
      keywords: ['add', 'new', '追加', '登録', ...KEYWORDS[type]],
      when: hr,
      run: (ctx) => ctx.navigate(`/person/add/${workerTypeSlug(type)}`),
    }),
    defineCommand({
      id: `personAdd.import.${workerTypeSlug(type)}`,
      title: [`personAdd:commands.import.${type}`],
      section: 'actions',
      keywords: ['CSV', 'import', '取り込み', 'インポート', ...KEYWORDS[type]],
      when: hr,
      run: (ctx) => ctx.navigate(`/person/import-csv/${workerTypeSlug(type)}`),
    }),
  ]),
  // The add form: save from any field.
  defineCommand({
    id: 'personAdd.save',
    title: ['personAdd:commands.save'],
    section: 'actions',
    scope: 'pane:person-add',
    keys: '$mod+Enter',
    when: (ctx) => hr(ctx) && typeOn(ADD, ctx) !== null && personAddForm.get().save !== null,
    run: () => personAddForm.get().save?.(),
  }),
  // The completed page's next steps.
  defineCommand({
    id: 'personAdd.openAdded',
    title: ['personAdd:commands.openAdded'],
    section: 'actions',
    scope: 'pane:person-add-completed',
    keys: 'o',
    when: (ctx) => typeOn(COMPLETED, ctx) !== null && typeof ctx.search().addedPersonID === 'string',
    run: (ctx) => ctx.navigate(personHref(String(ctx.search().addedPersonID))),
  }),
  defineCommand({
    id: 'personAdd.addAnother',
    title: ['personAdd:commands.addAnother'],
    section: 'actions',
    scope: 'pane:person-add-completed',
    keys: 'n',
    when: (ctx) => hr(ctx) && typeOn(COMPLETED, ctx) !== null,
    run: (ctx) => ctx.navigate(`/person/add/${workerTypeSlug(typeOn(COMPLETED, ctx)!)}`),
  }),
  defineCommand({
    id: 'personAdd.toWorkforce',
    title: ['personAdd:commands.toWorkforce'],
    section: 'actions',
    scope: 'pane:person-add-completed',
    when: (ctx) => typeOn(COMPLETED, ctx) !== null,
    run: (ctx) => ctx.navigate(workforceHref(typeOn(COMPLETED, ctx)!)),
  }),
  // The import wizard: the downloads its upload step shows, and o to choose a file.
  defineCommand({
    id: 'personImport.exportTemplate',
    title: ['personAdd:commands.exportTemplate'],
    section: 'actions',
    scope: 'pane:personImport.import',
    keywords: ['CSV', 'template', 'テンプレート'],
    when: (ctx) => hr(ctx) && typeOn(IMPORT, ctx) !== null,
    run: run('download', 'edit-template'),
  }),
  defineCommand({
    id: 'personImport.exportCurrent',
    title: ['personAdd:commands.exportCurrent'],
    section: 'actions',
    scope: 'pane:personImport.import',
    keywords: ['CSV', 'export', 'エクスポート'],
    when: (ctx) => hr(ctx) && typeOn(IMPORT, ctx) !== null,
    run: run('download', 'edit'),
  }),
  defineCommand({
    id: 'personImport.chooseFile',
    title: ['personAdd:commands.chooseFile'],
    section: 'actions',
    scope: 'pane:personImport.import',
    keys: 'o',
    when: (ctx) => typeOn(IMPORT, ctx) !== null,
    run: () => document.querySelector<HTMLInputElement>('.csv-wizard input[type="file"]')?.click(),
  }),
  // The wizard's steps: Next (import), Back, only the rows with errors.
  ...csvWizardCommands({ id: 'personImport', scope: 'pane:personImport.import', title: ['routes:pages.import-csv'], when: (ctx) => hr(ctx) && typeOn(IMPORT, ctx) !== null }),
  // The HR SaaS preview.
  defineCommand({
    id: 'hrSync.apply',
    title: ['hrSync:commands.apply'],
    section: 'actions',
    scope: 'pane:hr-preview',
    keys: '$mod+Enter',
    when: (ctx) => hr(ctx) && PREVIEW.test(ctx.path()) && hrPreviewActions.get().apply !== null,
    run: () => hrPreviewActions.get().apply?.(),
  }),
  defineCommand({
    id: 'hrSync.reload',
    title: ['hrSync:commands.reload'],
    section: 'actions',
    scope: 'pane:hr-preview',
    keys: 'r',
    when: (ctx) => hr(ctx) && PREVIEW.test(ctx.path()) && hrPreviewActions.get().reload !== null,
    run: () => hrPreviewActions.get().reload?.(),
  }),
  defineCommand({
    id: 'hrSync.settings',
    title: ['hrSync:commands.settings'],
    section: 'actions',
    scope: 'pane:hr-preview',
    when: (ctx) => ctx.can('IT') && PREVIEW.test(ctx.path()),
    run: (ctx) => ctx.navigate(`/app-integrations/${ctx.path().match(PREVIEW)![1]}/settings`),
  }),
];
