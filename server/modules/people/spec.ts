// A list's query as what its SQL needs (server/modules/people/sql.ts): the
// worker types of the menu or category narrowed by workerTypeIdIn, the
// stages of the category, the id-in filters, the free text's people.
import { ALUMNI_CATEGORY_TYPES, MENU_WORKER_TYPES, type PeopleMenu, parseWorkforceCategory, STATE_STAGES, type WorkerType } from '../../../src/api/contracts/people-lifecycle.js';
import type { AlumniQuery } from '../../../src/api/contracts/people.js';
import type { AlumniSpec, TextMatch, WorkforceSpec } from './sql.js';

export interface FilterQuery {
  departmentIdIn: string[];
  positionIdIn: string[];
  jobTypeIdIn: string[];
  placeIdIn: string[];
  workerTypeIdIn: WorkerType[];
}

export const restrict = (types: readonly WorkerType[], only: readonly WorkerType[]) => (only.length ? types.filter((t) => only.includes(t)) : [...types]);
const filtersOf = (q: FilterQuery) => ({ departmentIds: q.departmentIdIn, positionIds: q.positionIdIn, jobTypeIds: q.jobTypeIdIn, placeIds: q.placeIdIn });

/** The workforce list's spec; `category` null: any stage (the counts). */
export function workforceSpec(q: FilterQuery & { menu: PeopleMenu; category?: string }, text: TextMatch, today: string): WorkforceSpec {
  const state = q.category === undefined ? null : parseWorkforceCategory(q.menu, q.category);
  return {
    ...filtersOf(q),
    today,
    types: restrict(MENU_WORKER_TYPES[q.menu], q.workerTypeIdIn),
    stages: state ? STATE_STAGES[state] : null,
    text,
  };
}

export function alumniSpec(q: FilterQuery & { category?: AlumniQuery['category']; leavingDateFrom?: string | undefined; leavingDateTo?: string | undefined }, text: TextMatch, today: string): AlumniSpec {
  return {
    ...filtersOf(q),
    today,
    types: q.category ? restrict(ALUMNI_CATEGORY_TYPES[q.category], q.workerTypeIdIn) : q.workerTypeIdIn.length ? q.workerTypeIdIn : null,
    leavingFrom: q.leavingDateFrom,
    leavingTo: q.leavingDateTo,
    text,
  };
}

