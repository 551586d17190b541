// People from an external HR system (issue 7; spec 2.3 "/person/external-hr-saas
// and an external HR SaaS preview by appIntegrationId"). The spec shows the
// pages; the calls are beyond it.
//
// An HR SaaS is an app integration whose app is in the catalogue category
// 'human-resources' (SmartHR…), connected as app accounts are: SCIM 2.0
// (base URL and bearer token in the integration's settings). Its Users, with
// the enterprise extension (employeeNumber, department, manager), are read
// and compared with our people and workers: matched by employee number =
// worker number, else by e-mail. The preview is the difference; nothing is
// written until the user applies it, naming the preview's fingerprint, so a
// source or a person changed in between is refused instead of applied unseen.
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { zIsoDate, zWorkerType } from './people-lifecycle.js';

export const HR_APP_CATEGORY = 'human-resources';

/** CONNECTED: SCIM with a token; NOT_CONNECTED: no SCIM connection yet; DEACTIVATED: the integration is off. */
export const HR_CONNECTIONS = ['CONNECTED', 'NOT_CONNECTED', 'DEACTIVATED'] as const;

export const HrIntegration = z.object({
  appIntegrationId: z.uuid(),
  appId: z.string().nullable(),
  appName: z.string(),
  logoUrl: z.string().nullable(),
  tenantName: z.string().nullable(),
  connection: z.enum(HR_CONNECTIONS),
  authenticatedAt: z.string().nullable(),
  /** The last applied preview: when, by whom, and what it did. */
  lastApplied: z.object({ at: z.string(), created: z.number(), updated: z.number() }).nullable(),
});
export type HrIntegration = z.infer<typeof HrIntegration>;

/** GET /v2/external-hr-saas: the organisation's HR SaaS integrations and their connection state. */
export const listHrIntegrations = defineContract({
  id: 'hrSync.list',
  method: 'get',
  path: '/v2/external-hr-saas',
  access: access.area('HR'),
  summary: "The organisation's integrations of human-resources apps, with their connection state",
  response: z.object({ items: z.array(HrIntegration), count: z.number() }),
});

/** The person-and-worker fields a sync compares and sets. */
export const HR_FIELDS = ['familyName', 'givenName', 'middleName', 'primaryWorkerEmail', 'workerNumber', 'department'] as const;
export type HrField = (typeof HR_FIELDS)[number];

const Manager = z.object({ name: z.string(), personId: z.uuid().nullable() }).nullable();

export const HrCreate = z.object({
  externalId: z.string(),
  userName: z.string(),
  employeeNumber: z.string().nullable(),
  familyName: z.string(),
  givenName: z.string(),
  middleName: z.string().nullable(),
  email: z.string().nullable(),
  workerType: zWorkerType,
  department: z.string().nullable(),
  /** false: the department is unknown to us (the person is added without one). */
  departmentKnown: z.boolean(),
  manager: Manager,
});
export const HrChange = z.object({ field: z.enum(HR_FIELDS), before: z.string().nullable(), after: z.string().nullable() });
export const HrUpdate = z.object({
  externalId: z.string(),
  personId: z.uuid(),
  workerId: z.uuid(),
  name: z.string(),
  workerNumber: z.string().nullable(),
  matchedBy: z.enum(['EMPLOYEE_NUMBER', 'EMAIL']),
  changes: z.array(HrChange),
  /** The HR system marks the user inactive (shown, not applied: leaving is a lifecycle step). */
  inactive: z.boolean(),
  /** A department the HR system names that we do not know (not applied). */
  unknownDepartment: z.string().nullable(),
  manager: Manager,
});
export const HrMissing = z.object({
  personId: z.uuid(),
  workerId: z.uuid(),
  name: z.string(),
  workerNumber: z.string().nullable(),
  email: z.string().nullable(),
  workerType: zWorkerType,
});
export const HR_SKIP_REASONS = ['INACTIVE', 'NO_NAME', 'DUPLICATE_MATCH', 'DUPLICATE_NUMBER'] as const;
export const HrSkipped = z.object({ externalId: z.string(), userName: z.string(), reason: z.enum(HR_SKIP_REASONS) });

export const HrPreview = z.object({
  appIntegrationId: z.uuid(),
  appName: z.string(),
  tenantName: z.string().nullable(),
  /** Names this preview: the source as read and the changes it makes. */
  fingerprint: z.string(),
  readAt: z.string(),
  summary: z.object({
    source: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    missing: z.number(),
    skipped: z.number(),
    unknownDepartments: z.number(),
  }),
  creates: z.array(HrCreate),
  /** Matched people with something to change (or to notice: inactive, an unknown department). */
  updates: z.array(HrUpdate),
  /** Our current workers the HR system does not list (shown, never deleted). */
  missing: z.array(HrMissing),
  skipped: z.array(HrSkipped),
  /** Departments the HR system names that no open organisation unit has (by name or code), with how many people name each. */
  unknownDepartments: z.array(z.object({ name: z.string(), people: z.number() })),
});
export type HrPreview = z.infer<typeof HrPreview>;

const Params = z.object({ appIntegrationId: z.uuid() });

/** GET …/preview: read the HR system now and compare; writes nothing. */
export const previewHrSync = defineContract({
  id: 'hrSync.preview',
  method: 'get',
  path: '/v2/external-hr-saas/{appIntegrationId}/preview',
  access: access.area('HR'),
  summary: "Read the HR system's users (SCIM 2.0, enterprise extension) and show what a sync would change; nothing is written",
  params: Params,
  response: HrPreview,
});

/** POST …/apply: apply the preview named by its fingerprint, in one transaction. */
export const applyHrSync = defineContract({
  id: 'hrSync.apply',
  method: 'post',
  path: '/v2/external-hr-saas/{appIntegrationId}/apply',
  access: access.area('HR'),
  summary: 'Apply a previewed sync: creates and updates people and workers; refused (409) when the HR system or our people changed since the preview',
  params: Params,
  body: z.object({
    fingerprint: z.string().min(1).max(200),
    /** The joining date of the people it adds (the HR system sends none); default today in Japan. */
    joiningDate: zIsoDate.optional(),
  }),
  response: z.object({ created: z.number(), updated: z.number() }),
});
