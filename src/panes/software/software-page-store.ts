// What the software page on screen offers its commands (save the tab's form,
// change or delete the logo, its status): the page registers stable
// functions here, the commands of src/commands/marketplace.commands.ts call
// them. Tiny and outside the page's lazy chunk, like the module editor store.
import type { SOFTWARE_STATUSES } from '../../api/contracts/software-enums.js';
import { createStore } from '../store.js';

export type SoftwareStatus = (typeof SOFTWARE_STATUSES)[number];

export interface SoftwarePageState {
  softwareId: string | null;
  status: SoftwareStatus | null;
  /** Submits the form of the tab on screen (detail, architecture). */
  save: (() => void) | null;
  /** Opens the logo's file picker. */
  changeLogo: (() => void) | null;
  /** Deletes the uploaded logo (the command has asked for confirmation). */
  deleteLogo: (() => Promise<void>) | null;
  hasCustomLogo: boolean;
}

const EMPTY: SoftwarePageState = { softwareId: null, status: null, save: null, changeLogo: null, deleteLogo: null, hasCustomLogo: false };
const store = createStore<SoftwarePageState>(EMPTY);

export const softwarePage = {
  get: store.get,
  use: store.use,
  patch(p: Partial<SoftwarePageState>) {
    const cur = store.get();
    if (Object.entries(p).every(([k, v]) => Object.is(cur[k as keyof SoftwarePageState], v))) return;
    store.set({ ...cur, ...p });
  },
  reset: () => store.set(EMPTY),
};
