// What the CSV wizard's commands reach on screen (src/commands/csv-wizard.commands.ts):
// the mounted wizard fills in the steps it offers now (null: not on this
// step, or not yet), as the HR preview does (../person-add/store.ts).
import { createStore } from '../store.js';

export interface CsvWizardActions {
  /** The wizard's pane scope (`pane:<target id>.import`). */
  scope: string;
  /** Preview → the real import (the Next button). */
  next: (() => void) | null;
  /** Preview → upload, import → preview (the Back button). */
  back: (() => void) | null;
  /** The preview's "only rows with errors" switch. */
  toggleErrors: (() => void) | null;
}

export const csvWizard = createStore<CsvWizardActions | null>(null);

/** The wizard's keys (the commands bind them; the buttons show them). */
export const CSV_WIZARD_KEYS = { next: '$mod+Enter', back: 'b', toggleErrors: 'e' } as const;
