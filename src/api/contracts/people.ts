// The people lists (spec 2.3 People, 2.6 Workforce / Alumni, 3 People, 9):
// the workforce by menu (worker types) and category (lifecycle stage today),
// the alumni by the type of their last worker record, their counts, their
// CSV exports, and the options of the lists' id-in filters. HR area.
//
// A row is a person. Workforce: the person's worker records of the menu's
// types whose stage today is one of the category's (see people-lifecycle.ts)
// and that pass the filters — "matching workers"; the row lists their types,
// departments, positions, job types, places and devices, and takes its
// dates, job title, grade and competency from the first of them by joining
// date (the "row worker"). Alumni: people none of whose workers is current;
// the row's last worker (latest last working day) gives the leaving date,
// type, job types, departments, positions and places (as of its last day).
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { ALUMNI_CATEGORIES, LIFECYCLE_STAGES, PEOPLE_MENUS, WORKER_TYPES, zIsoDate } from './people-lifecycle.js';
// The recent-leaver window lives with RECENT_LEAVER_MONTHS (the people lists' store needs it without these contracts).
export { recentLeaverWindow } from './people-lifecycle.js';

const hr = access.area('HR');

/** One value arrives as a string, several as an array. */
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(200));
const ids = list(z.uuid());

/** The filters both lists share (spec 2.6). */
const filters = {
  departmentIdIn: ids,
  positionIdIn: ids,
  jobTypeIdIn: ids,
  /** The worker types themselves (spec 3: EMPLOYEE, BOARD_MEMBER, CONTRACTOR, COLLABORATOR). */
  workerTypeIdIn: list(z.enum(WORKER_TYPES)),
  placeIdIn: ids,
  /** Name (with or without the space, kana too), e-mail or worker number. */
  freeText: z.string().max(200).optional(),
};
const paging = {
  pageIndex: z.coerce.number().int().min(0).default(0),
  /** Spec 9: a positive integer, 100 by default (people lists have no upper bound). */
  pageSize: z.coerce.number().int().min(1).default(100),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
};

export const WORKFORCE_SORTS = ['PERSON', 'WORKER_TYPE', 'JOINED_ON', 'LEFT_ON'] as const;
export const ALUMNI_SORTS = ['LEAVING_DATE', 'PERSON', 'JOINING_DATE'] as const;

export const workforceFilters = z.object({
  menu: z.enum(PEOPLE_MENUS).default('Employee'),
  ...filters,
});
export const workforceQuery = workforceFilters.extend({
  /** `<menu prefix>-<state>` (employee-all, board-joining, collaborator-alumni…); another menu's or an unknown one is the menu's `all`. */
  category: z.string().max(60).default('employee-all'),
  ...paging,
  /** Default: PERSON. */
  sortColumn: z.enum(WORKFORCE_SORTS).optional(),
});
export type WorkforceQuery = z.output<typeof workforceQuery>;

export const alumniFilters = z.object({
  ...filters,
  /** The recent-leaver window (spec 2.6 isLeavingDateWithIn_A_Month: the console sends one month back through today). Inclusive. */
  leavingDateFrom: zIsoDate.optional(),
  leavingDateTo: zIsoDate.optional(),
});
export const alumniQuery = alumniFilters.extend({
  category: z.enum(ALUMNI_CATEGORIES).default('all-alumni'),
  ...paging,
  /** Without one: the most recent leavers first (leaving date descending, then name). */
  sortColumn: z.enum(ALUMNI_SORTS).optional(),
});
export type AlumniQuery = z.output<typeof alumniQuery>;

const Named = z.object({ id: z.uuid(), name: z.string() });
export type Named = z.infer<typeof Named>;

/** A worker record of a row (what the row's commands act on: lifecycle transitions, the profile). */
export const RowWorker = z.object({
  workerId: z.uuid(),
  workerType: z.enum(WORKER_TYPES),
  workerNumber: z.string().nullable(),
  /** The stage today (Japan time); null before any lifecycle date is reached. */
  stage: z.enum(LIFECYCLE_STAGES).nullable(),
});
export type RowWorker = z.infer<typeof RowWorker>;

export const PersonRow = z.object({
  personId: z.uuid(),
  name: z.string(),
  kana: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The row worker's e-mail, else the person's. */
  email: z.string().nullable(),
  /** The matching workers, the row worker first. */
  workers: z.array(RowWorker),
  /** Their types, in the order of WORKER_TYPES. */
  workerTypes: z.array(z.enum(WORKER_TYPES)),
  /** Units of the matching workers' assignments valid today (a joiner's: on the joining date), named as of that day. */
  departments: z.array(Named),
  positions: z.array(Named),
  jobTitle: Named.nullable(),
  jobGrade: Named.nullable(),
  jobCompetency: Named.nullable(),
  jobTypes: z.array(Named),
  places: z.array(Named),
  joinedOn: z.string().nullable(),
  leftOn: z.string().nullable(),
  contractStartOn: z.string().nullable(),
  contractEndOn: z.string().nullable(),
  /** Devices the matching workers hold (not returned). */
  devices: z.array(Named),
  /** App accounts linked to the person in live integrations (spec 3 "apps"; GET /v2/people/{personId}/apps lists them). */
  appCount: z.number(),
});
export type PersonRow = z.infer<typeof PersonRow>;

export const AlumnusRow = z.object({
  personId: z.uuid(),
  name: z.string(),
  kana: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The last worker's last working day. */
  leavingDate: z.string().nullable(),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  /** Every worker record of the person, the last first. */
  workers: z.array(RowWorker),
  lastWorkerType: z.enum(WORKER_TYPES),
  lastJobTypes: z.array(Named),
  /** The last worker's, as of its last working day. */
  departments: z.array(Named),
  positions: z.array(Named),
  places: z.array(Named),
  /** The first joining date of any of the person's workers. */
  joiningDate: z.string().nullable(),
  contractStartDate: z.string().nullable(),
  /** The last worker's joining date. */
  startingDate: z.string().nullable(),
  /** Devices still held (not returned) by any of the person's workers. */
  devices: z.array(Named),
  /** Active app accounts still linked to the person. */
  appCount: z.number(),
});
export type AlumnusRow = z.infer<typeof AlumnusRow>;

export const listWorkforce = defineContract({
  id: 'people.list',
  method: 'get',
  path: '/v2/people',
  access: hr,
  summary: 'The workforce: people by menu (worker types), category (lifecycle stage today, Japan time), filters and free text',
  query: workforceQuery,
  response: z.object({ items: z.array(PersonRow), count: z.number() }),
});

export const countWorkforce = defineContract({
  id: 'people.count',
  method: 'get',
  path: '/v2/people/count',
  access: hr,
  summary: 'People per category of the menu (employee-all, employee-joining, …) under the filters and free text',
  query: workforceFilters,
  response: z.object({ counts: z.record(z.string(), z.number()) }),
});

const csvQuery = { encoding: z.enum(['UTF-8', 'Shift_JIS']).default('UTF-8') };
const CsvLink = z.object({ url: z.string(), mode: z.enum(['view']), filename: z.string() });

export const exportWorkforceCsv = defineContract({
  id: 'people.csv',
  method: 'get',
  path: '/v2/people-csv/all-member',
  access: hr,
  summary: 'A signed, 5-minute download URL of every person the workforce filters select, as CSV (UTF-8 with BOM or Shift_JIS; headers in the caller’s language; by name)',
  query: workforceQuery.omit({ pageIndex: true, pageSize: true, sortColumn: true, sortOrder: true }).extend(csvQuery),
  response: CsvLink,
});

export const listAlumni = defineContract({
  id: 'alumni.list',
  method: 'get',
  path: '/v2/alumnus',
  access: hr,
  summary: 'Alumni: people none of whose workers is current, by the type of their last worker, filters, free text and leaving dates',
  query: alumniQuery,
  response: z.object({ items: z.array(AlumnusRow), count: z.number() }),
});

export const countAlumni = defineContract({
  id: 'alumni.count',
  method: 'get',
  path: '/v2/alumnus/count',
  access: hr,
  summary: 'Alumni per category (employee, board, contractor, collaborator, all-alumni) under the filters',
  query: alumniFilters,
  response: z.object({ counts: z.record(z.string(), z.number()) }),
});

export const exportAlumniCsv = defineContract({
  id: 'alumni.csv',
  method: 'get',
  path: '/v2/people-csv/alumni',
  access: hr,
  summary: 'A signed, 5-minute download URL of every alumnus the filters select, as CSV (UTF-8 with BOM or Shift_JIS; most recent leavers first)',
  query: alumniQuery.omit({ pageIndex: true, pageSize: true, sortColumn: true, sortOrder: true }).extend(csvQuery),
  response: CsvLink,
});

export const FILTER_OPTION_KINDS = ['DEPARTMENT', 'POSITION', 'JOB_TYPE'] as const;
export type FilterOptionKind = (typeof FILTER_OPTION_KINDS)[number];

/** Beyond the spec (its pickers' calls are not shown): options of the department, position and job type filters. */
export const peopleFilterOptions = defineContract({
  id: 'people.filterOptions',
  method: 'get',
  path: '/v2/people-filter-options',
  access: hr,
  summary: 'Departments (units as of today), positions or job types (enabled) to filter the people lists by; `ids` are always included (the chips’ labels)',
  query: z.object({
    kind: z.enum(FILTER_OPTION_KINDS),
    freeText: z.string().max(100).optional(),
    ids,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(Named) }),
});
