// The people lifecycle (spec 4) and the worker vocabulary, shared by the
// people lists, the profile, the add and import pages and the server.
//
// A person holds one or more worker records over time (employee, then
// contractor; board member and employee at once). Each worker moves through
//   offered → offer accepted → joining → active → (new hire) → leaving → alumni
// and every step is a date on the worker (server/db/migrations/0012_people.sql):
//   OFFERED         offered_on ≤ D
//   OFFER_ACCEPTED  offer_accepted_on ≤ D
//   JOINING         joining_confirmed_on ≤ D < started_on (the joining date is fixed; onboarding)
//   ACTIVE          started_on ≤ D (NEW_HIRE while D < started_on + NEW_HIRE_MONTHS)
//   LEAVING         leaving_notified_on ≤ D ≤ ended_on (ended_on = the last working day)
//   ALUMNI          ended_on < D
//   (a worker without any lifecycle date is ACTIVE; one whose only date is a
//   joining date ahead is JOINING: 0018_worker_stage_undated.sql)
// The SQL function worker_stage(w, D) gives a worker's stage on any date D,
// so a list or a profile can be read "as of" a day. A transition is a
// command that sets the stage's date (default today, in Japan time) and
// records a row in worker_lifecycle_events (who, when, effective date).
import { z } from 'zod';
import { zCalendarDate } from './common.js';

export const WORKER_TYPES = ['EMPLOYEE', 'BOARD_MEMBER', 'CONTRACTOR', 'COLLABORATOR'] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];
export const zWorkerType = z.enum(WORKER_TYPES);

/** The `{workerType}` segment of /person/add/{workerType} and /person/import-csv/{workerType}. */
export const WORKER_TYPE_SLUGS: Readonly<Record<string, WorkerType>> = {
  employee: 'EMPLOYEE',
  'board-member': 'BOARD_MEMBER',
  contractor: 'CONTRACTOR',
  collaborator: 'COLLABORATOR',
};
export const workerTypeSlug = (t: WorkerType) => Object.entries(WORKER_TYPE_SLUGS).find(([, v]) => v === t)![0];

export const LIFECYCLE_STAGES = ['OFFERED', 'OFFER_ACCEPTED', 'JOINING', 'ACTIVE', 'NEW_HIRE', 'LEAVING', 'ALUMNI'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
/** Stages a transition command records (NEW_HIRE is the first months of ACTIVE). */
export const TRANSITION_STAGES = ['OFFERED', 'OFFER_ACCEPTED', 'JOINING', 'ACTIVE', 'LEAVING', 'ALUMNI'] as const;
export type TransitionStage = (typeof TRANSITION_STAGES)[number];
/** The worker date each transition sets. */
export const STAGE_DATE_COLUMN: Readonly<Record<TransitionStage, string>> = {
  OFFERED: 'offered_on',
  OFFER_ACCEPTED: 'offer_accepted_on',
  JOINING: 'joining_confirmed_on',
  ACTIVE: 'started_on',
  LEAVING: 'leaving_notified_on',
  ALUMNI: 'ended_on',
};
/** A joiner is a new hire for this many months after the joining date (worker_stage in 0012). */
export const NEW_HIRE_MONTHS = 3;
/** The alumni list's recent-leaver window (spec 9: one month). */
export const RECENT_LEAVER_MONTHS = 1;

/**
 * The recent-leaver window (spec 2.6 isLeavingDateWithIn_A_Month, spec 9:
 * one month): RECENT_LEAVER_MONTHS back from today through today, the day
 * clamped to the shorter month's last (03-31 → 02-28), both inclusive —
 * what the console sends as leavingDateFrom / leavingDateTo.
 */
export function recentLeaverWindow(today: string): { leavingDateFrom: string; leavingDateTo: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - RECENT_LEAVER_MONTHS, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const from = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
  return { leavingDateFrom: from, leavingDateTo: today };
}

/** Workforce menus (spec 2.6) and the worker types each lists. */
export const PEOPLE_MENUS = ['Employee', 'Board', 'Contractor', 'Collaborator', 'All'] as const;
export type PeopleMenu = (typeof PEOPLE_MENUS)[number];
export const MENU_WORKER_TYPES: Readonly<Record<PeopleMenu, readonly WorkerType[]>> = {
  Employee: ['EMPLOYEE'],
  Board: ['BOARD_MEMBER'],
  Contractor: ['CONTRACTOR'],
  Collaborator: ['COLLABORATOR'],
  All: WORKER_TYPES,
};
/** The category prefix of each menu: `employee-all`, `board-joining`… */
export const MENU_PREFIX: Readonly<Record<PeopleMenu, string>> = {
  Employee: 'employee',
  Board: 'board',
  Contractor: 'contractor',
  Collaborator: 'collaborator',
  All: 'all',
};
/** Workforce categories (spec 3): Collaborator has all and alumni only. */
export const WORKFORCE_STATES = ['all', 'joining', 'offered', 'offer-accepted', 'active', 'new-hire', 'leaving'] as const;
export const COLLABORATOR_STATES = ['all', 'alumni'] as const;
export type WorkforceState = (typeof WORKFORCE_STATES)[number] | 'alumni';
export const statesOfMenu = (menu: PeopleMenu): readonly WorkforceState[] =>
  menu === 'Collaborator' ? COLLABORATOR_STATES : WORKFORCE_STATES;
/**
 * What each workforce category lists, as stages today:
 *   all            every worker not yet alumni (offered … leaving)
 *   offered / offer-accepted / joining   that stage
 *   active         started and not left: ACTIVE, NEW_HIRE and LEAVING
 *   new-hire       NEW_HIRE
 *   leaving        LEAVING
 *   alumni         ALUMNI (collaborators only; others have the alumni tab)
 */
export const STATE_STAGES: Readonly<Record<WorkforceState, readonly LifecycleStage[]>> = {
  all: ['OFFERED', 'OFFER_ACCEPTED', 'JOINING', 'ACTIVE', 'NEW_HIRE', 'LEAVING'],
  offered: ['OFFERED'],
  'offer-accepted': ['OFFER_ACCEPTED'],
  joining: ['JOINING'],
  active: ['ACTIVE', 'NEW_HIRE', 'LEAVING'],
  'new-hire': ['NEW_HIRE'],
  leaving: ['LEAVING'],
  alumni: ['ALUMNI'],
};
/** Alumni categories (spec 3) → worker types of the person's last worker record. */
export const ALUMNI_CATEGORIES = ['employee', 'board', 'contractor', 'collaborator', 'all-alumni'] as const;
export type AlumniCategory = (typeof ALUMNI_CATEGORIES)[number];
export const ALUMNI_CATEGORY_TYPES: Readonly<Record<AlumniCategory, readonly WorkerType[]>> = {
  employee: ['EMPLOYEE'],
  board: ['BOARD_MEMBER'],
  contractor: ['CONTRACTOR'],
  collaborator: ['COLLABORATOR'],
  'all-alumni': WORKER_TYPES,
};

/** A workforce category `<menu prefix>-<state>`, parsed; an unknown one is the menu's `all`. */
export function parseWorkforceCategory(menu: PeopleMenu, category: string): WorkforceState {
  const prefix = `${MENU_PREFIX[menu]}-`;
  const state = category.startsWith(prefix) ? category.slice(prefix.length) : 'all';
  return (statesOfMenu(menu) as readonly string[]).includes(state) ? (state as WorkforceState) : 'all';
}

/** A date as the API carries it: 'YYYY-MM-DD' of a day that exists. */
export const zIsoDate = zCalendarDate;

// ── A person's vocabulary (the add form, the CSV import, the HR sync, the profile) ──

export const GENDERS = ['MALE', 'FEMALE', 'OTHER', 'UNANSWERED'] as const;
export type Gender = (typeof GENDERS)[number];

/** The master list of the worker type's "type name" (spec 3): the one type reference a worker of that type uses (the others stay empty). */
export const TYPE_NAME_FIELD: Readonly<Record<WorkerType, 'employmentTypeId' | 'boardMemberTypeId' | 'contractorTypeId' | 'collaboratorTypeId'>> = {
  EMPLOYEE: 'employmentTypeId',
  BOARD_MEMBER: 'boardMemberTypeId',
  CONTRACTOR: 'contractorTypeId',
  COLLABORATOR: 'collaboratorTypeId',
};
export const TYPE_NAME_FIELDS = Object.values(TYPE_NAME_FIELD);

const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;
/** Hiragana → full-width katakana (やまだ → ヤマダ); the rest as it is.
 * (Half-width katakana becomes full-width through normalizeCell first.) */
export const toKatakana = (s: string) => s.replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
/** A kana reading as stored: full-width katakana, the long vowel mark, the middle dot and spaces. */
export const KATAKANA_READING = /^[\u30a1-\u30fa\u30fc\u30fd\u30fe\u30fb ]+$/;
/** A normalised, non-empty text (server/csv/codec.ts normalizeCell) as a stored kana reading — hiragana as katakana, a run of spaces as one — or null when it is not a reading. */
export function kanaReading(s: string): string | null {
  const k = toKatakana(s).replace(/\s+/g, ' ');
  return KATAKANA_READING.test(k) ? k : null;
}
