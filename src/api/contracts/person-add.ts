// Adding people (issue 7; spec 2.3 "/person/add/{workerType} and its
// completed page", "/person/import-csv/{workerType}"). The spec shows the
// pages, not their calls: every call here is beyond the spec.
//
// A person (who someone is: names, kana readings, birth date, personal
// contact) holds one or more worker records (one engagement each: employee,
// board member, contractor, collaborator), over time or at once. Adding a
// person writes both; adding a worker to an existing person (the
// employee-then-contractor case) writes the worker alone. The worker's fields
// (spec 3): its type, worker number (unique in the organisation), primary
// worker e-mail, the type name that fits its type (employment type for an
// employee, board member type, contractor type, collaborator type), job
// title / grade / level / competency, job types, places, department and
// position (a dated membership from the joining date), the contract's dates,
// and where its lifecycle starts: a joining date (active) or an offer date
// (offered), each recorded as a lifecycle event.
import { z } from 'zod';
import { CSV_ENCODINGS, CsvExportLink, CsvImportResult, csvImportBody } from './csv-import.js';
import { zCalendarDate } from './common.js';
import { access, defineContract } from './define.js';
import { GENDERS, WORKER_TYPES, zWorkerType } from './people-lifecycle.js';

// (The worker types, genders, type-name fields and kana readings are the
// people vocabulary of ./people-lifecycle.ts.)
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ── Field shapes (messages are keys the server translates) ─────────────────

const optText = (max: number) => z.string().max(max).nullish();
const name = z
  .string()
  .max(100)
  .refine((s) => s.trim().length > 0, { message: 'validation.notBlank' });
const kana = z.string().max(100).nullish();
const email = z.string().max(254).regex(EMAIL, 'validation.email').nullish();
const date = zCalendarDate.nullish();
const id = z.uuid().nullish();

/** Who someone is. */
export const PersonFields = z.object({
  familyName: name,
  givenName: name,
  middleName: optText(100),
  /** Accepted in hiragana or half-width katakana; stored as full-width katakana. */
  familyNameKana: kana,
  givenNameKana: kana,
  /** The person's e-mail (their account's); the primary worker e-mail when left out. */
  email,
  birthDate: date,
  gender: z.enum(GENDERS).nullish(),
  personalEmail: email,
  personalPhone: optText(50),
  postalCode: optText(20),
  address: optText(300),
});

/** One worker record. */
export const WorkerFields = z.object({
  workerType: zWorkerType,
  /** Unique in the organisation (case-insensitive). */
  workerNumber: optText(50),
  primaryWorkerEmail: email,
  /** Only the one that fits the worker type (TYPE_NAME_FIELD). */
  employmentTypeId: id,
  boardMemberTypeId: id,
  contractorTypeId: id,
  collaboratorTypeId: id,
  jobTitleId: id,
  jobGradeId: id,
  jobLevelId: id,
  jobCompetencyId: id,
  jobTypeIds: z.array(z.uuid()).max(50).default([]),
  /** The first is the primary place. */
  placeIds: z.array(z.uuid()).max(20).default([]),
  /** An organisation unit open on the membership's first day, with the position held there. */
  departmentId: id,
  positionId: id,
  contractStartDate: date,
  contractEndDate: date,
  /** The joining date (active from that day). One of joiningDate and offerDate is required. */
  joiningDate: date,
  /** The offer date (offered from that day, not yet joined). */
  offerDate: date,
});
export type WorkerInput = z.input<typeof WorkerFields>;

const Body = PersonFields.extend(WorkerFields.shape);
export type CreatePersonInput = z.input<typeof Body>;

/** POST /v2/people (beyond the spec): a person and their first worker record. */
export const createPerson = defineContract({
  id: 'people.create',
  method: 'post',
  path: '/v2/people',
  access: access.area('HR'),
  summary: 'Add a person with their first worker record (employee, board member, contractor or collaborator)',
  body: Body,
  response: z.object({ id: z.uuid(), workerId: z.uuid() }),
  status: 201,
});

/** POST /v2/people/{personId}/workers (beyond the spec): another worker record for a person. */
export const addWorker = defineContract({
  id: 'people.workers.create',
  method: 'post',
  path: '/v2/people/{personId}/workers',
  access: access.area('HR'),
  summary: 'Add another worker record to a person (e.g. an employee who becomes a contractor)',
  params: z.object({ personId: z.uuid() }),
  body: WorkerFields,
  response: z.object({ id: z.uuid(), personId: z.uuid() }),
  status: 201,
});

// ── CSV import (/person/import-csv/{workerType}) ───────────────────────────

/** The columns, in file order; headers may be these names or their Japanese or English labels. */
export const PERSON_CSV_COLUMNS = [
  'workerNumber',
  'familyName',
  'givenName',
  'middleName',
  'familyNameKana',
  'givenNameKana',
  'email',
  'primaryWorkerEmail',
  'personalEmail',
  'personalPhone',
  'birthDate',
  'gender',
  'joiningDate',
  'offerDate',
  'contractStartDate',
  'contractEndDate',
  'typeName',
  'department',
  'position',
  'jobTitle',
  'jobGrade',
  'jobLevel',
  'jobCompetency',
  'jobTypes',
  'places',
] as const;
export type PersonCsvColumn = (typeof PERSON_CSV_COLUMNS)[number];
/** Separator of several values in one cell (job types, places). */
export const LIST_SEPARATOR = ';';

const CsvParams = z.object({ workerType: zWorkerType });

/** Check (dryrun) or import people of one worker type from an uploaded CSV. */
export const importPeopleCsv = defineContract({
  id: 'people.csvImport',
  method: 'post',
  path: '/v2/person-import-csv/{workerType}',
  access: access.area('HR'),
  summary: 'Check (dryrun) or import people of a worker type from CSV: a known worker number updates that worker and person, another creates both',
  params: CsvParams,
  body: csvImportBody,
  response: CsvImportResult,
});

/** The file to download: empty (edit-template) or the worker type's current people (edit). */
export const exportPeopleCsv = defineContract({
  id: 'people.csvExport',
  method: 'get',
  path: '/v2/person-import-csv/{workerType}',
  access: access.area('HR'),
  summary: 'A download URL for the people import file of a worker type: the template, or the current people',
  params: CsvParams,
  query: z.object({
    mode: z.enum(['edit-template', 'edit']).default('edit-template'),
    encoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
  }),
  response: CsvExportLink,
});

export { WORKER_TYPES };
