// The organisation (spec 2.3 Organisation, 4 "Organisation view"): the chart
// as of any date from dated units and memberships, a unit with its members
// and its settings (a change from a date writes a new dated version), and
// plans: a draft future structure compared with today and applied on its
// effective date. The spec names the pages but no calls: every call here is
// ours, under /v2/organization. Dates are calendar dates in Japan time
// ('YYYY-MM-DD'); a missing baseDate is today.
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { zIsoDate } from './people-lifecycle.js';

const hr = access.area('HR');
const id = z.uuid();
const name = z.string().trim().min(1).max(100);
const code = z.string().trim().max(50).nullable();
const displayOrder = z.number().int().min(0).max(100000);

/** Spec 4: the organisation view is a hierarchy (boxes) or a tree (an indented list). */
export const VIEW_MODES = ['hierarchy', 'tree'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

// ── The chart ───────────────────────────────────────────────────────────────
export const ChartUnit = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  parentUnitId: z.string().nullable(),
  displayOrder: z.number(),
  /** Members directly in this unit on the date (not its sub-units). */
  memberCount: z.number(),
  /** The version in force on the date. */
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type ChartUnit = z.infer<typeof ChartUnit>;

export const getChart = defineContract({
  id: 'organization.chart',
  method: 'get',
  path: '/v2/organization/chart',
  access: hr,
  summary: 'Every unit in force on baseDate (default today) with its parent and member count: the chart as it was, is or will be',
  query: z.object({ baseDate: zIsoDate.optional() }),
  response: z.object({
    baseDate: z.string(),
    today: z.string(),
    units: z.array(ChartUnit),
    /** Distinct members of the organisation on the date. */
    memberCount: z.number(),
  }),
});

// ── A unit ──────────────────────────────────────────────────────────────────
export const UnitVersion = z.object({
  id: z.string(),
  name: z.string(),
  parentUnitId: z.string().nullable(),
  /** The parent's name on the version's first day. */
  parentName: z.string().nullable(),
  displayOrder: z.number(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type UnitVersion = z.infer<typeof UnitVersion>;

export const UnitDetail = z.object({
  id: z.string(),
  code: z.string().nullable(),
  baseDate: z.string(),
  today: z.string(),
  /** The version in force on baseDate; null when the unit did not (or does not yet) exist then. */
  current: UnitVersion.nullable(),
  /** Ancestors on baseDate, the root first. */
  path: z.array(z.object({ id: z.string(), name: z.string() })),
  children: z.array(z.object({ id: z.string(), code: z.string().nullable(), name: z.string(), memberCount: z.number() })),
  memberCount: z.number(),
  /** With every sub-unit's members. */
  totalMemberCount: z.number(),
  /** Every version, oldest first. */
  versions: z.array(UnitVersion),
});
export type UnitDetail = z.infer<typeof UnitDetail>;

export const getUnit = defineContract({
  id: 'organization.unit',
  method: 'get',
  path: '/v2/organization/units/{id}',
  access: hr,
  summary: 'A unit on baseDate: its version, ancestors, child units, member counts and every dated version',
  params: z.object({ id }),
  query: z.object({ baseDate: zIsoDate.optional() }),
  response: UnitDetail,
});

export const MEMBER_SORTS = ['NAME', 'WORKER_NUMBER', 'POSITION', 'EMPLOYMENT_TYPE', 'ASSIGNED_FROM'] as const;

export const UnitMember = z.object({
  /** The assignment (a worker can be in a unit twice: a primary and a concurrent post). */
  id: z.string(),
  workerId: z.string(),
  personId: z.string(),
  name: z.string(),
  nameKana: z.string().nullable(),
  workerNumber: z.string().nullable(),
  workerType: z.enum(['EMPLOYEE', 'BOARD_MEMBER', 'CONTRACTOR', 'COLLABORATOR']),
  email: z.string().nullable(),
  positionId: z.string().nullable(),
  positionName: z.string().nullable(),
  employmentTypeId: z.string().nullable(),
  employmentTypeName: z.string().nullable(),
  jobTypes: z.array(z.object({ id: z.string(), name: z.string() })),
  /** worker_stage on baseDate. */
  stage: z.string(),
  isPrimary: z.boolean(),
  assignedFrom: z.string(),
  assignedTo: z.string().nullable(),
});
export type UnitMember = z.infer<typeof UnitMember>;

/** The unit page's URL filters (spec 2.3: baseDate, positionId, jobTypeId, employmentTypeId, text). */
const memberFilters = {
  baseDate: zIsoDate.optional(),
  positionId: id.optional(),
  jobTypeId: id.optional(),
  employmentTypeId: id.optional(),
  text: z.string().max(200).optional(),
};

export const listUnitMembers = defineContract({
  id: 'organization.unitMembers',
  method: 'get',
  path: '/v2/organization/units/{id}/members',
  access: hr,
  summary: 'The members of a unit on baseDate (an assignment in force, the worker neither alumni nor not yet offered), filtered',
  params: z.object({ id }),
  query: z.object({
    ...memberFilters,
    pageIndex: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    sortColumn: z.enum(MEMBER_SORTS).optional(),
    orderDirection: z.enum(['asc', 'desc']).default('asc'),
  }),
  response: z.object({ items: z.array(UnitMember), count: z.number() }),
});

const FilterOption = z.object({ id: z.string(), name: z.string(), count: z.number() });
export const getUnitMemberFilters = defineContract({
  id: 'organization.unitMemberFilters',
  method: 'get',
  path: '/v2/organization/units/{id}/member-filters',
  access: hr,
  summary: 'The positions, job types and employment types of a unit’s members on baseDate, with counts (the filter choices)',
  params: z.object({ id }),
  query: z.object({ baseDate: zIsoDate.optional() }),
  response: z.object({ positions: z.array(FilterOption), jobTypes: z.array(FilterOption), employmentTypes: z.array(FilterOption) }),
});

export const updateUnit = defineContract({
  id: 'organization.updateUnit',
  method: 'patch',
  path: '/v2/organization/units/{id}',
  access: hr,
  summary:
    'Changes a unit from validFrom on: name, parent and display order become a new dated version (the days before keep theirs); the code is the unit’s own',
  params: z.object({ id }),
  body: z.object({
    validFrom: zIsoDate,
    name: name.optional(),
    code: code.optional(),
    parentUnitId: id.nullable().optional(),
    displayOrder: displayOrder.optional(),
  }),
  response: UnitDetail,
});

// ── Plans ───────────────────────────────────────────────────────────────────
export const PLAN_STATUSES = ['DRAFT', 'APPLIED'] as const;
export const PLAN_SORTS = ['EFFECTIVE_ON', 'NAME', 'STATUS', 'UPDATED_AT'] as const;
/** How a unit of the draft differs from the structure it is compared with. */
export const PLAN_MARKS = ['ADDED', 'RENAMED', 'MOVED', 'CLOSED'] as const;
export type PlanMark = (typeof PLAN_MARKS)[number];

export const Plan = z.object({
  id: z.string(),
  name: z.string(),
  effectiveOn: z.string(),
  status: z.enum(PLAN_STATUSES),
  appliedAt: z.string().nullable(),
  /** Units the plan adds, changes or closes. */
  changeCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof Plan>;

export const listPlans = defineContract({
  id: 'organization.plans.list',
  method: 'get',
  path: '/v2/organization/plans',
  access: hr,
  summary: 'Organisation plans, drafts and applied',
  query: z.object({
    status: z.enum(PLAN_STATUSES).optional(),
    pageIndex: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    sortColumn: z.enum(PLAN_SORTS).default('EFFECTIVE_ON'),
    orderDirection: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: z.object({ items: z.array(Plan), count: z.number() }),
});

const planBody = z.object({ name, effectiveOn: zIsoDate });

export const createPlan = defineContract({
  id: 'organization.plans.create',
  method: 'post',
  path: '/v2/organization/plans',
  access: hr,
  summary: 'A new draft plan: a name and the date it takes effect (today or later)',
  body: planBody,
  response: Plan,
  status: 201,
});

export const PlanUnit = z.object({
  /** The unit's id (a planned unit's id is chosen when drafted and kept when applied). */
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  parentUnitId: z.string().nullable(),
  displayOrder: z.number(),
  /** Members on the effective date (a planned unit has none). */
  memberCount: z.number(),
  marks: z.array(z.enum(PLAN_MARKS)),
  /** The unit as it is on the compared date; null for an added unit. */
  before: z.object({ name: z.string(), parentUnitId: z.string().nullable(), parentName: z.string().nullable() }).nullable(),
  /** What this plan does to the unit (null: the plan leaves it as it is). */
  kind: z.enum(['ADD', 'CHANGE', 'CLOSE']).nullable(),
  /** The unit changed after this plan's change to it was drafted: save the change again before applying. */
  baseChanged: z.boolean(),
});
export type PlanUnit = z.infer<typeof PlanUnit>;

export const PlanDetail = z.object({
  plan: Plan,
  /** The draft is compared with this date: today for a draft, the day before the effective date for an applied plan. */
  comparedWith: z.string(),
  /** The structure on the effective date with the plan's changes (closed units included, marked CLOSED). */
  units: z.array(PlanUnit),
});
export type PlanDetail = z.infer<typeof PlanDetail>;

const planParams = z.object({ planId: id });
const planUnitParams = z.object({ planId: id, unitId: id });

export const getPlan = defineContract({
  id: 'organization.plans.get',
  method: 'get',
  path: '/v2/organization/plans/{planId}',
  access: hr,
  summary: 'A plan with its draft structure and each unit’s differences from today (added, renamed, moved, closed)',
  params: planParams,
  response: PlanDetail,
});

export const updatePlan = defineContract({
  id: 'organization.plans.update',
  method: 'patch',
  path: '/v2/organization/plans/{planId}',
  access: hr,
  summary: 'Renames a draft plan or moves its effective date (its changes are re-read against the new date)',
  params: planParams,
  body: planBody.partial(),
  response: Plan,
});

export const deletePlan = defineContract({
  id: 'organization.plans.delete',
  method: 'delete',
  path: '/v2/organization/plans/{planId}',
  access: hr,
  summary: 'Discards a draft plan (an applied plan stays)',
  params: planParams,
  response: z.null(),
  status: 204,
});

const planUnitBody = z.object({
  name,
  code: code.optional(),
  parentUnitId: id.nullable(),
  displayOrder: displayOrder.optional(),
});

export const addPlanUnit = defineContract({
  id: 'organization.plans.addUnit',
  method: 'post',
  path: '/v2/organization/plans/{planId}/units',
  access: hr,
  summary: 'Adds a new unit to a draft plan, under an existing or a planned unit (or at the top)',
  params: planParams,
  body: planUnitBody,
  response: z.object({ unitId: z.string() }),
  status: 201,
});

export const editPlanUnit = defineContract({
  id: 'organization.plans.editUnit',
  method: 'put',
  path: '/v2/organization/plans/{planId}/units/{unitId}',
  access: hr,
  summary: 'Sets a unit’s name, parent and display order in a draft plan (an existing unit: a change from the effective date; a planned one: its values)',
  params: planUnitParams,
  body: planUnitBody,
  response: z.object({ unitId: z.string() }),
});

export const closePlanUnit = defineContract({
  id: 'organization.plans.closeUnit',
  method: 'post',
  path: '/v2/organization/plans/{planId}/units/{unitId}/close',
  access: hr,
  summary: 'Closes an existing unit on the plan’s effective date (a unit with sub-units in the draft cannot close)',
  params: planUnitParams,
  response: z.object({ unitId: z.string() }),
});

export const revertPlanUnit = defineContract({
  id: 'organization.plans.revertUnit',
  method: 'delete',
  path: '/v2/organization/plans/{planId}/units/{unitId}',
  access: hr,
  summary: 'Drops the plan’s change to a unit: a planned unit is removed, a change or a close undone',
  params: planUnitParams,
  response: z.null(),
  status: 204,
});

export const applyPlan = defineContract({
  id: 'organization.plans.apply',
  method: 'post',
  path: '/v2/organization/plans/{planId}/apply',
  access: hr,
  summary:
    'Applies a draft plan in one transaction: versions in force on the effective date end there and new ones start; refused when applied already, when the date has passed, or when the organisation changed under the plan',
  params: planParams,
  response: Plan,
});
