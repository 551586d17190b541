// People settings (spec 2.3, 3): the seventeen master-data lists, as
// seventeen declarations of one mechanism. Each is a module like equipment's
// settings lists (list, create, edit, disable, history) whose rows can be
// moved up and down its display order from the keyboard (`list.reorder`).
//
// Every list has a name (required, unique), a code (unique when given: the
// key other systems and CSV files use; the demo data gives every list one)
// and a display order. `rank` (1 = the highest) only where a list is a
// ladder: positions, job levels, job grades and grades. Field labels are
// shared (locales/<lang>/peopleSettings.json); each list's own namespace
// holds its title. The tables are 0012_people.sql's (one per list, one shape).
import { defineModule } from './define.js';

/** The namespace holding the lists' shared field labels. */
export const PEOPLE_SETTINGS_LABELS = 'peopleSettings';

interface MasterListOptions<Id extends string> {
  /** Module id (and its locale namespace). */
  id: Id;
  /** The list's segment of /people/settings/<slug> (spec 2.3). */
  slug: string;
  table: string;
  /** A ladder: rows have a rank (1 = the highest). */
  rank?: boolean;
  /** Rows per page when the URL names none (job functions: 2000, spec 9). */
  pageSize?: number;
}

/** Every list's page, in the spec's order: the tab bar of the settings. */
const LISTS = [
  { id: 'workModes', slug: 'work-mode', table: 'work_modes' },
  { id: 'retirementReasons', slug: 'retirement-reasons', table: 'retirement_reasons' },
  { id: 'positions', slug: 'positions', table: 'positions', rank: true },
  { id: 'placeSocialInsurances', slug: 'place-social-insurances', table: 'place_social_insurances' },
  { id: 'jobTypes', slug: 'job-types', table: 'job_types' },
  { id: 'jobTitles', slug: 'job-titles', table: 'job_titles' },
  { id: 'jobLevels', slug: 'job-levels', table: 'job_levels', rank: true },
  { id: 'jobGrades', slug: 'job-grades', table: 'job_grades', rank: true },
  // Spec 9: the job-functions page lists 2,000 rows by default.
  { id: 'jobFunctions', slug: 'job-functions', table: 'job_functions', pageSize: 2000 },
  { id: 'jobCompetencies', slug: 'job-competencies', table: 'job_competencies' },
  { id: 'healthInsuranceAssociations', slug: 'health-insurance-associations', table: 'health_insurance_associations' },
  { id: 'grades', slug: 'grades', table: 'grades', rank: true },
  { id: 'employmentTypes', slug: 'employment-types', table: 'employment_types' },
  { id: 'contractorTypes', slug: 'contractor-types', table: 'contractor_types' },
  { id: 'contractEndReasons', slug: 'contract-end-reasons', table: 'contract_end_reasons' },
  { id: 'collaboratorTypes', slug: 'collaborator-types', table: 'collaborator_types' },
  { id: 'boardMemberTypes', slug: 'board-member-types', table: 'board_member_types' },
] as const satisfies readonly MasterListOptions<string>[];

export const PEOPLE_SETTINGS_PATH = '/people/settings';
/** The settings tab bar: back to the people lists, then every master list. */
const TABS = [
  { path: '/people/workforce', label: 'routes:pages.workforce' },
  ...LISTS.map((l) => ({ path: `${PEOPLE_SETTINGS_PATH}/${l.slug}`, label: `${l.id}:title` })),
] as const;

/** One people master-data list: its module definition. */
export function peopleMasterList<const Id extends string>(o: MasterListOptions<Id>) {
  return defineModule({
    id: o.id,
    labels: PEOPLE_SETTINGS_LABELS,
    area: 'HR',
    table: o.table,
    titleField: 'name',
    disableable: true,
    fields: {
      name: { kind: 'text', max: 100, required: true, search: true, unique: true },
      code: { kind: 'text', max: 50, search: true, unique: true },
      ...(o.rank ? { rank: { kind: 'integer', min: 0, max: 1000 } as const } : {}),
      displayOrder: { kind: 'integer', min: 0, max: 100000 },
    },
    paths: { list: `${PEOPLE_SETTINGS_PATH}/${o.slug}` },
    api: { collection: `/v2/people-settings/${o.slug}`, item: `/v2/people-settings/${o.slug}/{id}`, idParam: 'id' },
    list: {
      columns: o.rank ? ['name', 'code', 'rank', 'displayOrder'] : ['name', 'code', 'displayOrder'],
      sort: o.rank
        ? { DISPLAY_ORDER: 'displayOrder', NAME: 'name', CODE: 'code', RANK: 'rank' }
        : { DISPLAY_ORDER: 'displayOrder', NAME: 'name', CODE: 'code' },
      defaultSort: 'DISPLAY_ORDER',
      // Spec 9 bounds list pages at 1000; the job-functions page shows 2000 at once.
      maxPageSize: Math.max(1000, o.pageSize ?? 0),
      ...(o.pageSize ? { pageSize: o.pageSize } : {}),
      reorder: 'displayOrder',
      linkTabs: TABS,
    },
  });
}

/** The seventeen lists, in the spec's order. */
export const PEOPLE_SETTINGS_MODULES = LISTS.map((l) => peopleMasterList(l));
