// The CSV wizard's steps as commands (src/panes/module/import-csv.tsx): Next
// from the preview (the real import), Back, and the preview's "only rows with
// errors" switch. Every import target declares them in its wizard's scope
// (`pane:<target id>.import`), beside its own `o` (choose a file) and
// downloads; they run what the mounted wizard offers now (csvWizard).
import { CSV_WIZARD_KEYS, type CsvWizardActions, csvWizard } from '../panes/module/csv-wizard-store.js';
import { type Command, type CommandContext, defineCommand } from './registry.js';

export interface CsvWizardCommandsOf {
  /** Command id prefix (`equipment` gives `equipment.importNext`). */
  id: string;
  /** The wizard's pane scope. */
  scope: `pane:${string}`;
  /** Title keys before the step's (the target's name). */
  title: readonly string[];
  /** Whether the main pane is this target's wizard. */
  when(ctx: CommandContext): boolean;
}

const STEPS = [
  ['importNext', 'next', ['import', '取り込む']],
  ['importBack', 'back', []],
  ['importOnlyErrors', 'toggleErrors', ['error', 'エラー']],
] as const;

export function csvWizardCommands(of: CsvWizardCommandsOf): Command[] {
  const action = (key: keyof Omit<CsvWizardActions, 'scope'>) => {
    const w = csvWizard.get();
    return w?.scope === of.scope ? w[key] : null;
  };
  return STEPS.map(([suffix, key, keywords]) =>
    defineCommand({
      id: `${of.id}.${suffix}`,
      title: [...of.title, `commands:csvWizard.${key}`],
      section: 'actions',
      scope: of.scope,
      keys: CSV_WIZARD_KEYS[key],
      keywords: ['CSV', ...keywords],
      when: (ctx) => of.when(ctx) && action(key) !== null,
      run: () => action(key)?.(),
    }),
  );
}
