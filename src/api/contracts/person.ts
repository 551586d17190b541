// The person profile (spec 2.3 People: /person/{id} and /alumni/{id} with
// their tabs, family/{familyPersonId}) and the lifecycle commands (spec 4).
// The spec shows none of these calls: the paths and shapes are our design.
// Everything here is the HR area's.
//
// - profile: the header (names, avatar, workers with their stage today, the
//   alumni flag: a person none of whose workers is current);
// - personal-information (the person) and employee-information (per worker);
// - devices, equipment and former apps: what is linked today and what was;
// - history (changes to the person's own rows) and activity (what the
//   person did, plus their lifecycle events), paged, from the audit trail;
// - family (current persons only);
// - lifecycle: one transition per call, and the stages as of any date.
import { z } from 'zod';
import { requiredText, zCalendarDate } from './common.js';
import { access, defineContract } from './define.js';
import { GENDERS, LIFECYCLE_STAGES, TRANSITION_STAGES, TYPE_NAME_FIELD, TYPE_NAME_FIELDS, type TransitionStage, WORKER_TYPES } from './people-lifecycle.js';

const hr = access.area('HR');

/** Query key root of everything the profile shows (commands invalidate it). */
export const PERSON_KEY = 'person';

const zDate = zCalendarDate;
const Day = z.string().nullable();
const Instant = z.string();

export const RELATIONSHIPS = ['SPOUSE', 'CHILD', 'PARENT', 'SIBLING', 'OTHER'] as const;

export const Named = z.object({ id: z.uuid(), name: z.string() });
export type Named = z.infer<typeof Named>;

const PersonParams = z.object({ personId: z.uuid() });
const WorkerParams = z.object({ workerId: z.uuid() });

// ── Lifecycle vocabulary shared by the console and the server ───────────────

/** The stage the next transition follows: the latest stage with a date, whatever that date. */
export function recordedStage(d: LifecycleDates): TransitionStage | null {
  const set = TRANSITION_STAGES.filter((s) => d[STAGE_DATE_FIELD[s]] !== null);
  return set[set.length - 1] ?? null;
}
/** The worker's date field each transition sets (STAGE_DATE_COLUMN, camelCased). */
export const STAGE_DATE_FIELD = {
  OFFERED: 'offeredOn',
  OFFER_ACCEPTED: 'offerAcceptedOn',
  JOINING: 'joiningConfirmedOn',
  ACTIVE: 'startedOn',
  LEAVING: 'leavingNotifiedOn',
  ALUMNI: 'endedOn',
} as const satisfies Record<TransitionStage, string>;

/**
 * The transitions a worker can take now: any later stage than the one last
 * recorded (offered, offer accepted and joining may be skipped: a person can
 * be entered as active), except that leaving and alumni need the joining date
 * (ACTIVE) first. Alumni is the end.
 */
export function nextStages(d: LifecycleDates): TransitionStage[] {
  const recorded = recordedStage(d);
  const from = recorded ? TRANSITION_STAGES.indexOf(recorded) : -1;
  return TRANSITION_STAGES.filter((s, i) => i > from && ((s !== 'LEAVING' && s !== 'ALUMNI') || d.startedOn !== null));
}

export const LifecycleDates = z.object({
  offeredOn: Day,
  offerAcceptedOn: Day,
  joiningConfirmedOn: Day,
  /** The joining date (ACTIVE). */
  startedOn: Day,
  leavingNotifiedOn: Day,
  /** The last working day (ALUMNI from the next day). */
  endedOn: Day,
});
export type LifecycleDates = z.infer<typeof LifecycleDates>;

export const WorkerSummary = z.object({
  workerId: z.uuid(),
  workerType: z.enum(WORKER_TYPES),
  workerNumber: z.string().nullable(),
  primaryEmail: z.string().nullable(),
  /** The stage today (Japan time); null before any lifecycle date applies. */
  stage: z.enum(LIFECYCLE_STAGES).nullable(),
  /** The latest stage recorded, whatever its date (a planned joining too). */
  recordedStage: z.enum(TRANSITION_STAGES).nullable(),
  /** Not past its last working day. */
  isCurrent: z.boolean(),
  /** Transitions this worker can take now. */
  nextStages: z.array(z.enum(TRANSITION_STAGES)),
  dates: LifecycleDates,
});
export type WorkerSummary = z.infer<typeof WorkerSummary>;

// ── Profile header ─────────────────────────────────────────────────────────

export const PersonProfile = z.object({
  personId: z.uuid(),
  name: z.string(),
  familyName: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  familyNameKana: z.string().nullable(),
  givenNameKana: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** None of the person's workers is current (the alumni profile). */
  isAlumni: z.boolean(),
  /** Current workers first, then by joining date, latest first. */
  workers: z.array(WorkerSummary),
});
export type PersonProfile = z.infer<typeof PersonProfile>;

export const getPersonProfile = defineContract({
  id: 'person.profile',
  method: 'get',
  path: '/v2/people/{personId}/profile',
  access: hr,
  summary: "A person's profile header: names, avatar, workers with their stage today, and whether they are alumni",
  params: PersonParams,
  response: PersonProfile,
});

// ── Personal information ───────────────────────────────────────────────────

export const PersonalInformation = z.object({
  familyName: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  familyNameKana: z.string().nullable(),
  givenNameKana: z.string().nullable(),
  email: z.string().nullable(),
  birthDate: Day,
  gender: z.enum(GENDERS).nullable(),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
});
export type PersonalInformation = z.infer<typeof PersonalInformation>;

const optText = (max: number) => z.string().max(max).nullable();
const optEmail = z.email({ message: 'validation.email' }).max(254).nullable();
/** Only the fields sent change; null clears one. */
export const personalInformationBody = z
  .strictObject({
    familyName: requiredText(100),
    givenName: requiredText(100),
    middleName: optText(100),
    // Katakana (hiragana is turned into katakana; checked by the server after normalising).
    familyNameKana: optText(100),
    givenNameKana: optText(100),
    email: optEmail,
    birthDate: zDate.nullable(),
    gender: z.enum(GENDERS).nullable(),
    personalEmail: optEmail,
    personalPhone: z.string().regex(/^\+?[0-9０-９][0-9０-９\-－() ]{5,19}$/, { message: 'person:validation.phone' }).nullable(),
    postalCode: z.string().regex(/^[0-9０-９]{3}[-－]?[0-9０-９]{4}$/, { message: 'person:validation.postalCode' }).nullable(),
    address: optText(300),
  })
  .partial();

export const getPersonalInformation = defineContract({
  id: 'person.personalInformation',
  method: 'get',
  path: '/v2/people/{personId}/personal-information',
  access: hr,
  summary: "A person's personal information",
  params: PersonParams,
  response: PersonalInformation,
});

export const patchPersonalInformation = defineContract({
  id: 'person.patchPersonalInformation',
  method: 'patch',
  path: '/v2/people/{personId}/personal-information',
  access: hr,
  summary: "Change a person's personal information (only the fields sent)",
  params: PersonParams,
  body: personalInformationBody,
  response: PersonalInformation,
});

// ── Employee information (per worker) ──────────────────────────────────────

/** A worker's references to the people master data, and the list each chooses from. */
export const WORKER_REF_LISTS = {
  employmentTypeId: 'employment-types',
  boardMemberTypeId: 'board-member-types',
  contractorTypeId: 'contractor-types',
  collaboratorTypeId: 'collaborator-types',
  jobTitleId: 'job-titles',
  jobLevelId: 'job-levels',
  jobGradeId: 'job-grades',
  gradeId: 'grades',
  jobFunctionId: 'job-functions',
  jobCompetencyId: 'job-competencies',
  workModeId: 'work-mode',
  healthInsuranceAssociationId: 'health-insurance-associations',
  placeSocialInsuranceId: 'place-social-insurances',
  contractEndReasonId: 'contract-end-reasons',
  retirementReasonId: 'retirement-reasons',
} as const;
export type WorkerRef = keyof typeof WORKER_REF_LISTS;
export const WORKER_REFS = Object.keys(WORKER_REF_LISTS) as WorkerRef[];
const TYPE_REFS: readonly WorkerRef[] = TYPE_NAME_FIELDS;
/** The references a worker of this type shows and edits (of the type references, only its own: TYPE_NAME_FIELD). */
export const refsOfType = (t: (typeof WORKER_TYPES)[number]): WorkerRef[] => WORKER_REFS.filter((r) => !TYPE_REFS.includes(r) || TYPE_NAME_FIELD[t] === r);

const refShape = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(WORKER_REFS.map((r) => [r, value])) as Record<WorkerRef, T>);

export const WorkerInformation = WorkerSummary.extend({
  contractStartOn: Day,
  contractEndOn: Day,
  refs: refShape(Named.nullable()),
  /** Department and position over time, latest first. */
  assignments: z.array(
    z.object({
      assignmentId: z.uuid(),
      unit: Named,
      position: Named.nullable(),
      isPrimary: z.boolean(),
      validFrom: z.string(),
      validTo: Day,
      isCurrent: z.boolean(),
    }),
  ),
  jobTypes: z.array(Named),
  places: z.array(Named.extend({ isPrimary: z.boolean() })),
});
export type WorkerInformation = z.infer<typeof WorkerInformation>;

export const getEmployeeInformation = defineContract({
  id: 'person.employeeInformation',
  method: 'get',
  path: '/v2/people/{personId}/employee-information',
  access: hr,
  summary: "Each of a person's workers: numbers, types, job data, contract dates, departments and positions over time, job types and places",
  params: PersonParams,
  response: z.object({ workers: z.array(WorkerInformation) }),
});

export const employeeInformationBody = z
  .strictObject({
    workerNumber: z.string().max(50).nullable(),
    primaryEmail: optEmail,
    contractStartOn: zDate.nullable(),
    contractEndOn: zDate.nullable(),
    ...(Object.fromEntries(WORKER_REFS.map((r) => [r, z.uuid({ message: 'validation.reference' }).nullable()])) as Record<WorkerRef, z.ZodNullable<z.ZodUUID>>),
  })
  .partial();

export const patchEmployeeInformation = defineContract({
  id: 'person.patchEmployeeInformation',
  method: 'patch',
  path: '/v2/workers/{workerId}/employee-information',
  access: hr,
  summary: "Change a worker's employee information (only the fields sent)",
  params: WorkerParams,
  body: employeeInformationBody,
  response: WorkerInformation,
});

/** A row a worker form chooses from. */
export const FieldOption = Named.extend({ code: z.string().nullable() });
export type FieldOption = z.infer<typeof FieldOption>;

/** Query key of the options (the add form and the employee-information form share one cache entry per day). */
export const workerFieldOptionsKey = (on?: string) => [PERSON_KEY, 'worker-field-options', on ?? null] as const;

/**
 * GET /v2/worker-field-options (beyond the spec): everything a worker form
 * chooses from — the add form (/person/add/{workerType}) and the
 * employee-information edit form. The enabled rows of each people master list
 * a worker refers to (the type-name list of a worker type is
 * `options[TYPE_NAME_FIELD[type]]`), the enabled job types and positions, the
 * organisation units open on `on` (default today, Japan time) with the names
 * above them, and the places not closed; each in display order.
 */
export const getWorkerFieldOptions = defineContract({
  id: 'person.workerFieldOptions',
  method: 'get',
  path: '/v2/worker-field-options',
  access: hr,
  summary: 'What a worker form chooses from: enabled people master rows, job types, positions, departments open on a day (with their path), open places',
  query: z.object({ on: zDate.optional() }),
  response: z.object({
    options: refShape(z.array(FieldOption)),
    jobTypes: z.array(FieldOption),
    positions: z.array(FieldOption),
    /** Units open on the day, with the names above them then ("本社 / 営業部"; null at the top). */
    departments: z.array(FieldOption.extend({ path: z.string().nullable() })),
    places: z.array(FieldOption),
  }),
});

// ── Devices, equipment, former apps: now and before ─────────────────────────

export const PersonDevice = z.object({
  assignmentId: z.uuid(),
  deviceId: z.uuid(),
  name: z.string(),
  genre: z.string(),
  model: z.string().nullable(),
  deviceTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  assetTag: z.string().nullable(),
  workerType: z.enum(WORKER_TYPES),
  assignedOn: z.string(),
  returnedOn: Day,
  /** Held today (not returned). */
  isCurrent: z.boolean(),
});
export type PersonDevice = z.infer<typeof PersonDevice>;

export const listPersonDevices = defineContract({
  id: 'person.devices',
  method: 'get',
  path: '/v2/people/{personId}/devices',
  access: hr,
  summary: 'Devices the person holds today, then those held before (latest first)',
  params: PersonParams,
  response: z.object({ items: z.array(PersonDevice) }),
});

export const PersonEquipment = z.object({
  /** Equipment and the start of the holding: one row per period. */
  rowId: z.string(),
  equipmentId: z.uuid(),
  name: z.string(),
  equipmentTypeName: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  assetTag: z.string().nullable(),
  /** When the equipment was assigned to the person (null: before the trail). */
  from: Instant.nullable(),
  /** When it was assigned elsewhere or deleted; null while held. */
  to: Instant.nullable(),
  isCurrent: z.boolean(),
  /** The equipment record still exists (it opens). */
  exists: z.boolean(),
});
export type PersonEquipment = z.infer<typeof PersonEquipment>;

export const listPersonEquipment = defineContract({
  id: 'person.equipment',
  method: 'get',
  path: '/v2/people/{personId}/equipment',
  access: hr,
  summary: "Equipment assigned to the person's workers today, then earlier holdings from the audit trail",
  params: PersonParams,
  response: z.object({ items: z.array(PersonEquipment) }),
});

export const FormerAppAccount = z.object({
  /** The audit entry that ended the link. */
  rowId: z.string(),
  appUserId: z.uuid(),
  appIntegrationId: z.uuid().nullable(),
  appName: z.string().nullable(),
  account: z.string().nullable(),
  email: z.string().nullable(),
  /** When the link ended. */
  endedAt: Instant,
  /** REMOVED: the account is gone from the tenant; RELINKED: it belongs to someone else (or no one) now. */
  reason: z.enum(['REMOVED', 'RELINKED']),
});
export type FormerAppAccount = z.infer<typeof FormerAppAccount>;

export const listFormerApps = defineContract({
  id: 'person.formerApps',
  method: 'get',
  path: '/v2/people/{personId}/former-apps',
  // App accounts are the IT area's, now (GET /v2/people/{personId}/apps) and before.
  access: access.area('IT'),
  summary: 'App accounts once linked to the person: removed from their tenant, or linked to someone else since',
  params: PersonParams,
  response: z.object({ items: z.array(FormerAppAccount) }),
});

/** A device and who held it (the side pane's read-only device, until the devices module). */
export const getDeviceHolders = defineContract({
  id: 'person.deviceHolders',
  method: 'get',
  path: '/v2/devices/{deviceId}/assignments',
  access: hr,
  summary: 'A device with everyone who held it, latest first',
  params: z.object({ deviceId: z.uuid() }),
  response: z.object({
    device: z.object({
      deviceId: z.uuid(),
      name: z.string(),
      genre: z.string(),
      model: z.string().nullable(),
      deviceTag: z.string().nullable(),
      serialNumber: z.string().nullable(),
      assetTag: z.string().nullable(),
    }),
    items: z.array(
      z.object({
        assignmentId: z.uuid(),
        personId: z.uuid(),
        personName: z.string(),
        workerType: z.enum(WORKER_TYPES),
        assignedOn: z.string(),
        returnedOn: Day,
        isCurrent: z.boolean(),
      }),
    ),
  }),
});

// ── History and activity (paged, from the audit trail) ─────────────────────

/** A value as the trail recorded it (lists and objects as JSON text). */
export const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const AuditChange = z.object({
  /** The column, camelCased: 'familyName', 'jobTitleId'. */
  field: z.string(),
  before: AuditValue,
  after: AuditValue,
  /** The name a referenced id stands for (a job title, a unit…), when known. */
  beforeLabel: z.string().nullable(),
  afterLabel: z.string().nullable(),
});
export type AuditChange = z.infer<typeof AuditChange>;
export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const Actor = z.object({ accountId: z.uuid(), name: z.string() }).nullable();

export const pagedQuery = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});

export const HISTORY_SUBJECTS = ['person', 'worker', 'assignment', 'family'] as const;
export const HistoryEntry = z.object({
  id: z.string(),
  at: Instant,
  action: z.enum(AUDIT_ACTIONS),
  subject: z.enum(HISTORY_SUBJECTS),
  /** The changed row (a family member's id for `family`). */
  recordId: z.string(),
  /** For a worker's rows: its type. */
  workerType: z.enum(WORKER_TYPES).nullable(),
  /** A unit's or family member's name. */
  subjectLabel: z.string().nullable(),
  actor: Actor,
  changes: z.array(AuditChange),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const listPersonHistory = defineContract({
  id: 'person.history',
  method: 'get',
  path: '/v2/people/{personId}/history',
  access: hr,
  summary: "Changes to the person's own records (person, workers, departments and positions, family), latest first",
  params: PersonParams,
  query: pagedQuery,
  response: z.object({ items: z.array(HistoryEntry), count: z.number() }),
});

export const ActivityEntry = z.object({
  id: z.string(),
  at: Instant,
  kind: z.enum(['CHANGE', 'LIFECYCLE']),
  /** CHANGE: what the person changed. */
  table: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS).nullable(),
  recordId: z.string().nullable(),
  recordLabel: z.string().nullable(),
  changes: z.array(AuditChange),
  /** LIFECYCLE: a step of one of the person's workers. */
  lifecycle: z
    .object({
      workerId: z.uuid(),
      workerType: z.enum(WORKER_TYPES),
      stage: z.enum(TRANSITION_STAGES),
      effectiveOn: z.string(),
      note: z.string().nullable(),
      recordedBy: Actor,
    })
    .nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const listPersonActivity = defineContract({
  id: 'person.activity',
  method: 'get',
  path: '/v2/people/{personId}/activity',
  access: hr,
  summary: "What the person did in the console (changes made with their accounts) and their lifecycle steps, latest first",
  params: PersonParams,
  query: pagedQuery,
  response: z.object({ items: z.array(ActivityEntry), count: z.number() }),
});

// ── Family (current persons only) ──────────────────────────────────────────

export const FamilyMember = z.object({
  familyPersonId: z.uuid(),
  familyName: z.string(),
  givenName: z.string(),
  familyNameKana: z.string().nullable(),
  givenNameKana: z.string().nullable(),
  relationship: z.enum(RELATIONSHIPS),
  birthDate: Day,
  isDependent: z.boolean(),
});
export type FamilyMember = z.infer<typeof FamilyMember>;

export const familyBody = z.strictObject({
  familyName: requiredText(100),
  givenName: requiredText(100),
  familyNameKana: optText(100).optional(),
  givenNameKana: optText(100).optional(),
  relationship: z.enum(RELATIONSHIPS),
  birthDate: zDate.nullable().optional(),
  isDependent: z.boolean().optional(),
});
const FamilyParams = PersonParams.extend({ familyPersonId: z.uuid() });

export const listFamily = defineContract({
  id: 'person.family',
  method: 'get',
  path: '/v2/people/{personId}/family',
  access: hr,
  summary: "A current person's family members",
  params: PersonParams,
  response: z.object({ items: z.array(FamilyMember) }),
});
export const createFamilyMember = defineContract({
  id: 'person.family.create',
  method: 'post',
  path: '/v2/people/{personId}/family',
  access: hr,
  summary: 'Add a family member to a current person',
  params: PersonParams,
  body: familyBody,
  response: FamilyMember,
  status: 201,
});
export const getFamilyMember = defineContract({
  id: 'person.family.get',
  method: 'get',
  path: '/v2/people/{personId}/family/{familyPersonId}',
  access: hr,
  summary: 'One family member of a current person',
  params: FamilyParams,
  response: FamilyMember,
});
export const patchFamilyMember = defineContract({
  id: 'person.family.patch',
  method: 'patch',
  path: '/v2/people/{personId}/family/{familyPersonId}',
  access: hr,
  summary: 'Change a family member (only the fields sent)',
  params: FamilyParams,
  body: familyBody.partial(),
  response: FamilyMember,
});
export const deleteFamilyMember = defineContract({
  id: 'person.family.delete',
  method: 'delete',
  path: '/v2/people/{personId}/family/{familyPersonId}',
  access: hr,
  summary: 'Remove a family member',
  params: FamilyParams,
  response: z.null(),
  status: 204,
});

// ── Lifecycle ──────────────────────────────────────────────────────────────

export const LifecycleEvent = z.object({
  eventId: z.uuid(),
  workerId: z.uuid(),
  workerType: z.enum(WORKER_TYPES),
  stage: z.enum(TRANSITION_STAGES),
  effectiveOn: z.string(),
  note: z.string().nullable(),
  recordedAt: Instant,
  recordedBy: Actor,
});
export type LifecycleEvent = z.infer<typeof LifecycleEvent>;

export const recordLifecycle = defineContract({
  id: 'person.lifecycle.record',
  method: 'post',
  path: '/v2/workers/{workerId}/lifecycle',
  access: hr,
  summary:
    "Move a worker to the next lifecycle stage: sets the stage's date (default today in Japan time; for ALUMNI the last working day) and records the event",
  params: WorkerParams,
  body: z.strictObject({
    stage: z.enum(TRANSITION_STAGES),
    effectiveOn: zDate.optional(),
    note: z.string().max(500).optional(),
  }),
  response: z.object({ worker: WorkerSummary, event: LifecycleEvent }),
  status: 201,
});

export const getLifecycle = defineContract({
  id: 'person.lifecycle',
  method: 'get',
  path: '/v2/people/{personId}/lifecycle',
  access: hr,
  summary: "Each of the person's workers with their stage on a date (default today), and every recorded lifecycle event",
  params: PersonParams,
  query: z.object({ asOf: zDate.optional() }),
  response: z.object({
    asOf: z.string(),
    workers: z.array(z.object({ workerId: z.uuid(), workerType: z.enum(WORKER_TYPES), workerNumber: z.string().nullable(), stage: z.enum(LIFECYCLE_STAGES).nullable() })),
    events: z.array(LifecycleEvent),
  }),
});
