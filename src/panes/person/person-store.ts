// What the person profile in the main pane offers its commands
// (src/commands/person.commands.ts): the loaded profile (which lifecycle steps
// apply), the tab's form (edit), and the dialogs the commands open (a
// lifecycle step, a family member to add). The frame and the tabs fill it;
// tiny and outside the panes' lazy chunk, like the software page's store.
import type { PersonProfile } from '../../api/contracts/person.js';
import type { TransitionStage } from '../../api/contracts/people-lifecycle.js';
import { createStore } from '../store.js';

export const PROFILE_TABS = ['public-id', 'personal-information', 'history', 'equipment', 'employee-information', 'devices', 'apps', 'activity'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface PersonPageState {
  /** The main pane's profile, once loaded (null elsewhere). */
  profile: PersonProfile | null;
  /** Opens the form of the tab on screen (personal or employee information, a family member). */
  edit: (() => void) | null;
  /** The family member on screen: its name, and removing it (the command has asked first). */
  family: { name: string; remove: () => Promise<void> } | null;
  /** The lifecycle step whose dialog is open. */
  lifecycle: TransitionStage | null;
  /** The add-a-family-member dialog is open. */
  familyAdd: boolean;
}

const EMPTY: PersonPageState = { profile: null, edit: null, family: null, lifecycle: null, familyAdd: false };
const store = createStore<PersonPageState>(EMPTY);

export const personPage = {
  get: store.get,
  use: store.use,
  patch(p: Partial<PersonPageState>) {
    const cur = store.get();
    if (Object.entries(p).every(([k, v]) => Object.is(cur[k as keyof PersonPageState], v))) return;
    store.set({ ...cur, ...p });
  },
};

/** The profile's base for a person: alumni have their own pages (spec 2.3). */
export const profileBase = (p: Pick<PersonProfile, 'isAlumni'>) => (p.isAlumni ? '/alumni' : '/person');
export const profileHref = (p: Pick<PersonProfile, 'isAlumni' | 'personId'>, tab: ProfileTab = 'personal-information') => `${profileBase(p)}/${p.personId}/${tab}`;
export const familyHref = (personId: string, familyPersonId: string) => `/person/${personId}/family/${familyPersonId}`;
export const deviceHref = (deviceId: string) => `/profile/device/${deviceId}/status`;


/**
 * Focuses an element of a pane that is just appearing: it may render a moment
 * later (its own query) or be revealed after a lazy chunk, so it is looked for
 * a few times, and focused only when visible and while the focus is still
 * nowhere (the page) or where `from` allows — never taken from the user.
 */
export function focusSoon(find: () => HTMLElement | null | undefined, from: (active: Element | null) => boolean): () => void {
  let tries = 0;
  const timer = setInterval(() => {
    const el = find();
    const visible = !!el && el.offsetParent !== null;
    if (visible || ++tries > 40) {
      clearInterval(timer);
      const active = document.activeElement;
      if (el && visible && (active === document.body || active === null || from(active))) el.focus();
    }
  }, 40);
  return () => clearInterval(timer);
}

/**
 * A dialog a palette command opened: the palette hands the focus back as it
 * finishes closing, which may come after the dialog appeared (the page behind
 * is inert, so the focus lands on nothing). For a moment after opening, put
 * it back on the dialog's first field when it is outside the dialog.
 */
export function keepFocusIn(container: () => HTMLElement | null | undefined, target: () => HTMLElement | null | undefined): () => void {
  const timers = [60, 160, 320, 640].map((ms) =>
    setTimeout(() => {
      const box = container();
      if (box && !box.contains(document.activeElement)) target()?.focus();
    }, ms),
  );
  return () => timers.forEach(clearTimeout);
}
